package org.schedlab.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClasspathResource;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectDirectory;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectFile;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectPackage;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectUniqueId;
import static org.junit.platform.testkit.engine.EventConditions.container;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.platform.commons.JUnitException;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.ClasspathResourceSource;
import org.junit.platform.engine.support.descriptor.FileSource;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.opentest4j.AssertionFailedError;
import org.schedlab.junit.ScenarioCaseDescriptor.ScenarioRunException;
import org.schedlab.junit.ScenarioFileDescriptor.ScenarioFileException;

/**
 * The engine through the JUnit Platform's test kit, on the short scenarios under {@code src/test/resources}:
 * what it discovers from each kind of selector, what a check's outcome is, and what a failure says.
 */
class SchedlabTestEngineTest {

    private static final Path RESOURCES = Path.of("src/test/resources");

    private static EngineExecutionResults run(Map<String, String> config, DiscoverySelector... selectors) {
        return EngineTestKit.engine(SchedlabTestEngine.ID).configurationParameters(config).selectors(selectors).execute();
    }

    private static List<String> testNames(EngineExecutionResults r) {
        return r.testEvents().started().stream().map(e -> e.getTestDescriptor().getDisplayName()).toList();
    }

    private static List<String> containerNames(EngineExecutionResults r) {
        return r.containerEvents().started().stream().filter(e -> e.getTestDescriptor() instanceof ScenarioFileDescriptor)
                .map(e -> e.getTestDescriptor().getDisplayName()).toList();
    }

    @Test
    void classpathFolder_twoPolicies_oneContainerPerFileOneTestPerProblemAndPolicy() {
        EngineExecutionResults r = run(Map.of("schedlab.policies", "fair,zvm64"), selectClasspathResource("scenarios"));

        assertEquals(List.of("scenarios.J1", "scenarios.infinite.INF"), containerNames(r));
        assertEquals(List.of("J1 under fair", "J1 under zvm64", "INF01 under fair", "INF01 under zvm64",
                "INF02 under fair", "INF02 under zvm64"), testNames(r));
        r.testEvents().assertStatistics(s -> s.started(6).succeeded(6).failed(0));
    }

    @Test
    void classpathResourceOfOneFile_sourceIsTheResourceAtItsProblemLine() {
        EngineExecutionResults r = run(Map.of(), selectClasspathResource("scenarios/J1.scn"));

        Event started = r.testEvents().started().list().get(0);
        TestSource source = started.getTestDescriptor().getSource().orElseThrow();
        ClasspathResourceSource c = assertInstanceOf(ClasspathResourceSource.class, source);
        assertEquals("scenarios/J1.scn", c.getClasspathResourceName());
        assertEquals(4, c.getPosition().orElseThrow().getLine());
        assertEquals(List.of("J1 under fair"), testNames(r));
    }

    @Test
    void packageSelector_resourceFolder_findsNestedFiles() {
        EngineExecutionResults r = run(Map.of(), selectPackage("scenarios.infinite"));

        assertEquals(List.of("INF01 under fair", "INF02 under fair"), testNames(r));
    }

    @Test
    void directoryAndFileSelectors_sameFileTwice_oneContainerWithFileSource() {
        Path dir = RESOURCES.resolve("scenarios/infinite");
        EngineExecutionResults r = run(Map.of(), selectDirectory(dir.toFile()), selectFile(dir.resolve("INF.scn").toFile()));

        assertEquals(List.of("src.test.resources.scenarios.infinite.INF"), containerNames(r));
        Event file = r.containerEvents().started().filter(e -> e.getTestDescriptor() instanceof ScenarioFileDescriptor)
                .findFirst().orElseThrow();
        assertInstanceOf(FileSource.class, file.getTestDescriptor().getSource().orElseThrow());
        assertEquals(2, r.testEvents().started().count());
    }

    @Test
    void verdictNotAsExpected_failure_namesVerdictFiguresAndEveryVirtualCpu() {
        EngineExecutionResults r = run(Map.of("schedlab.policies", "zvm63"), selectClasspathResource("scenarios/J1.scn"));

        r.testEvents().assertThatEvents().haveExactly(1, event(test(), displayName("J1 under zvm63"),
                finishedWithFailure(instanceOf(AssertionFailedError.class))));
        Throwable t = r.testEvents().failed().list().get(0).getRequiredPayload(TestExecutionResult.class)
                .getThrowable().orElseThrow();
        String m = t.getMessage();
        assertTrue(m.startsWith("J1 under zvm63: verdict FAIL, expected PASS: mean error "), m);
        assertTrue(m.contains("\nthresholds: max error 5%, mean error not set\n"), m);
        assertTrue(m.contains("virtual CPU    correct   observed  difference"), m);
        for (String vcpu : List.of("QGP00000.0", "QGP00001.0", "QGP00002.0", "QGP00003.0")) {
            assertTrue(Pattern.compile("(?m)^" + Pattern.quote(vcpu) + " +50\\.000 +\\d+\\.\\d{3} +[-+]\\d+\\.\\d{3}$")
                    .matcher(m).find(), m);
        }
        AssertionFailedError a = (AssertionFailedError) t;
        assertEquals("PASS", a.getExpected().getValue());
        assertEquals("FAIL", a.getActual().getValue());
        assertEquals("J1.scn", t.getStackTrace()[0].getFileName());
        assertEquals(4, t.getStackTrace()[0].getLineNumber());
    }

    @Test
    void expectedFail_runThatFails_succeeds() {
        EngineExecutionResults r = run(Map.of("schedlab.policies", "zvm63", "schedlab.expect", "classpath:expected.csv"),
                selectClasspathResource("scenarios/J1.scn"));

        r.testEvents().assertThatEvents().haveExactly(1, event(test(), displayName("J1 under zvm63"), finishedSuccessfully()));
        assertEquals("FAIL", r.testEvents().reportingEntryPublished().list().get(0)
                .getRequiredPayload(org.junit.platform.engine.reporting.ReportEntry.class).getKeyValuePairs()
                .get("schedlab.verdict"));
    }

    @Test
    void expectedFail_runThatPasses_fails() {
        EngineExecutionResults r = run(Map.of("schedlab.policies", "fair", "schedlab.expect", "classpath:expected.csv",
                "schedlab.max-error", "100"), selectClasspathResource("scenarios/J1.scn"));
        r.testEvents().assertStatistics(s -> s.succeeded(1));

        EngineExecutionResults fails = run(Map.of("schedlab.policies", "zvm63", "schedlab.expect",
                "classpath:expected.csv", "schedlab.max-error", "100"), selectClasspathResource("scenarios/J1.scn"));
        fails.testEvents().assertThatEvents().haveExactly(1, event(test(),
                finishedWithFailure(message(m -> m.startsWith("J1 under zvm63: verdict PASS, expected FAIL")))));
    }

    @Test
    void severalSeeds_oneTestPerSeed_namedWithTheSeed() {
        EngineExecutionResults r = run(Map.of("schedlab.seeds", "1..2,7"), selectClasspathResource("scenarios/J1.scn"));

        assertEquals(List.of("J1 under fair, seed 1", "J1 under fair, seed 2", "J1 under fair, seed 7"), testNames(r));
        assertEquals(UniqueId.forEngine("schedlab").append("classpath-scenario", "scenarios/J1.scn").append("problem", "J1")
                .append("policy", "fair").append("seed", "7"), r.testEvents().started().list().get(2).getTestDescriptor().getUniqueId());
    }

    @Test
    void uniqueIdOfOneCheck_rerun_runsOnlyThatCheck() {
        UniqueId id = UniqueId.forEngine(SchedlabTestEngine.ID).append("classpath-scenario", "scenarios/infinite/INF.scn")
                .append("problem", "INF02").append("policy", "zvm64");
        EngineExecutionResults r = run(Map.of("schedlab.policies", "fair"), selectUniqueId(id));

        assertEquals(List.of("INF02 under zvm64"), testNames(r));
        assertEquals(id, r.testEvents().started().list().get(0).getTestDescriptor().getUniqueId());
    }

    @Test
    void uniqueIdOfAFileOrOtherEngine_wholeFileOrNothing() {
        UniqueId file = UniqueId.forEngine(SchedlabTestEngine.ID).append("classpath-scenario", "scenarios/infinite/INF.scn");
        assertEquals(List.of("INF01 under fair", "INF02 under fair"), testNames(run(Map.of(), selectUniqueId(file))));

        UniqueId other = UniqueId.forEngine("junit-jupiter").append("class", "x.Y");
        assertEquals(List.of(), testNames(run(Map.of(), selectUniqueId(other))));
    }

    @Test
    void fileThatDoesNotParse_containerFailsWithDiagnostics_othersRun() {
        EngineExecutionResults r = run(Map.of(), selectClasspathResource("broken"), selectClasspathResource("scenarios/J1.scn"));

        r.containerEvents().assertThatEvents().haveExactly(1, event(container(), displayName("broken.BAD"),
                finishedWithFailure(instanceOf(ScenarioFileException.class),
                        message(m -> m.contains("broken/BAD.scn:3:")))));
        r.testEvents().assertStatistics(s -> s.succeeded(1));
    }

    @Test
    void runThatDoesNotFinish_testErrs_notFails() {
        EngineExecutionResults r = run(Map.of("schedlab.timeout", "1ms", "schedlab.duration", "600s"),
                selectClasspathResource("scenarios/J1.scn"));

        r.testEvents().assertThatEvents().haveExactly(1, event(test(), finishedWithFailure(
                instanceOf(ScenarioRunException.class), message(m -> m.startsWith("J1 under fair: verdict ERROR")))));
    }

    @Test
    void badConfiguration_discoveryFails_namingTheParameter() {
        JUnitException e = assertThrows(JUnitException.class,
                () -> run(Map.of("schedlab.policies", "nosuch"), selectClasspathResource("scenarios/J1.scn")));

        assertTrue(e.getCause().getMessage().startsWith("schedlab.policies: unknown policy 'nosuch'; known: fair"),
                e.getCause().getMessage());
    }

    @Test
    void nothingSelected_noScenarios_emptyEngineWhateverTheSettings() {
        EngineExecutionResults r = run(Map.of("schedlab.policies", "nosuch"), selectClasspathResource("no/such/folder"));

        r.allEvents().assertStatistics(s -> s.failed(0));
        assertEquals(0, r.testEvents().count());
    }
}
