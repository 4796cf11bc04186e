/**
 * A kit for testing one policy without a whole run (docs/policies.md, "Testing a policy without a run"): {@link org.schedlab.runner.testkit.PolicyHarness}
 * feeds a policy instance the events the dispatcher would and returns its answers, with
 * {@link org.schedlab.runner.testkit.FakeWindow} as the window edge's view. Published as the runner's test jar
 * (classifier {@code tests}).
 */
package org.schedlab.runner.testkit;
