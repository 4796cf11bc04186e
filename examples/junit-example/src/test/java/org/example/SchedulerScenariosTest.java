package org.example;

import org.junit.platform.suite.api.IncludeEngines;
import org.junit.platform.suite.api.SelectClasspathResource;
import org.junit.platform.suite.api.Suite;

/**
 * Every scenario file under src/test/resources/scenarios, run by the schedlab engine: one container
 * per file, one test per problem and policy. Policies, thresholds and expectations are in
 * src/test/resources/junit-platform.properties.
 */
@Suite
@IncludeEngines("schedlab")
@SelectClasspathResource("scenarios")
class SchedulerScenariosTest {
}
