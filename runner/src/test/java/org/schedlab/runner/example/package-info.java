/**
 * The smallest user policy, registered as a service in the runner's tests, so that the tests find a policy the
 * way a user's would be found. Test code only; not in the runner's test jar.
 */
package org.schedlab.runner.example;
