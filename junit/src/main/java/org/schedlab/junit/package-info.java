/**
 * A JUnit Platform test engine that runs scenario files as tests (docs/junit.md): one container per
 * {@code *.scn} file, one test per problem, policy and seed, configured by JUnit configuration parameters.
 *
 * <p>API: {@link org.schedlab.junit.SchedlabTestEngine}, found by the JUnit Platform as a service; users reach
 * it through configuration parameters, not code. Everything else is internal: discovery, the descriptors and
 * the settings.
 */
package org.schedlab.junit;
