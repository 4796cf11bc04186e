/**
 * The shipped policies' registry and the policy-neutral ones: {@link org.schedlab.runner.policy.Policies} (the
 * one place a spec string such as {@code fair:weights=share} becomes a policy, shipped or found as a service)
 * and {@link org.schedlab.runner.policy.FairPolicy}, this project's correct policy, with its settings.
 *
 * <p>API: {@link org.schedlab.runner.policy.Policies}, {@link org.schedlab.runner.policy.FairPolicy},
 * {@link org.schedlab.runner.policy.FairSettings}, and the building blocks a user's policy may reuse
 * ({@link org.schedlab.runner.policy.LimitList}, {@link org.schedlab.runner.policy.WindowDecay}). Internal:
 * fair's weighting ({@code FluidTargets}, {@code SurplusFairWeights}). The z/VM models are in
 * {@code org.schedlab.runner.policy.zvm}.
 */
package org.schedlab.runner.policy;
