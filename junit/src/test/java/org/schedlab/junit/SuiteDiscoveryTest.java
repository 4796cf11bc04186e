package org.schedlab.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.platform.suite.api.ConfigurationParameter;
import org.junit.platform.suite.api.IncludeEngines;
import org.junit.platform.suite.api.SelectClasspathResource;
import org.junit.platform.suite.api.Suite;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * The way a Maven project reaches the engine (Surefire hands engines test classes only): a {@code @Suite}
 * class selecting the scenario folder, its settings in {@code @ConfigurationParameter}s.
 */
class SuiteDiscoveryTest {

    @Suite
    @IncludeEngines("schedlab")
    @SelectClasspathResource("scenarios/infinite")
    @ConfigurationParameter(key = "schedlab.policies", value = "fair,zvm64")
    static class InfiniteScenarios {
    }

    @Test
    void suiteClass_selectsFolder_testsRunUnderTheSuitesPolicies() {
        EngineExecutionResults r = EngineTestKit.engine("junit-platform-suite").selectors(selectClass(InfiniteScenarios.class))
                .execute();

        assertEquals(List.of("INF01 under fair", "INF01 under zvm64", "INF02 under fair", "INF02 under zvm64"),
                r.testEvents().started().stream().map(e -> e.getTestDescriptor().getDisplayName()).toList());
        r.testEvents().assertStatistics(s -> s.succeeded(4).failed(0));
    }
}
