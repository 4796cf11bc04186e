package org.schedlab.report.html;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.schedlab.core.io.OutputGuard;
import org.schedlab.core.io.RefusedOutputException;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.cell.RunMetrics;
import org.schedlab.cell.TestCase;
import org.schedlab.cell.TestResult;
import org.schedlab.cell.TrialResult;
import org.schedlab.comparator.ErrorAccumulator;
import org.schedlab.comparator.ObservedInterval;
import org.schedlab.comparator.Thresholds;
import org.schedlab.core.Scenario;
import org.schedlab.grammar.ScenarioParser;
import org.schedlab.report.chart.SeriesData;
import org.schedlab.report.chart.SeriesRecorder;
import org.schedlab.runner.policy.Policies;
import org.schedlab.runner.result.RunSummary;
import org.schedlab.solver.Solution;
import org.schedlab.solver.Solver;

class HtmlReportTest {

    @TempDir
    Path dir;

    private final List<TestResult> results = new ArrayList<>();
    private final List<Optional<SeriesData>> series = new ArrayList<>();

    private void check(Path file, Scenario s, String policy, double wobble) {
        Solution solution = Solver.solve(s.problems().get(0));
        ErrorAccumulator acc = new ErrorAccumulator(solution, Thresholds.DEFAULT, 2);
        SeriesRecorder rec = new SeriesRecorder(solution);
        for (int i = 0; i < 20; i++) {
            ObservedInterval in = new ObservedInterval(i, i + 1, new double[] {50 + wobble * Math.sin(i), 50 - wobble * Math.sin(i)});
            acc.add(in);
            rec.add(in);
        }
        List<RunSummary.DelayStats> delays = List.of(new RunSummary.DelayStats(800, 700, 2000, 3000, 10),
                new RunSummary.DelayStats(900, 800, 2100, 3100, 10));
        RunMetrics m = new RunMetrics(new RunSummary(delays, List.of(), List.of(), 850), Optional.empty());
        TestCase c = new TestCase(file, s, s.problems().get(0), Policies.create(policy), OptionalLong.empty());
        results.add(new TestResult(c, 1, TrialResult.completed(acc.finish(), m), Optional.empty(), 0));
        series.add(Optional.of(rec.data()));
    }

    private void fixture() throws Exception {
        for (String name : List.of("A", "B")) {
            Path file = dir.resolve(name + ".scn");
            Files.writeString(file, "* <b>not markup</b>\nLPAR CP.1\nPROBLEM " + name
                    + "\nUSER U CP.100-R\n  VCPU 0 CP *\nUSER V CP.100-R\n  VCPU 0 CP *\nRUNIT\n");
            Scenario s = ScenarioParser.parse(file);
            check(file, s, "zvm63", 10);
            check(file, s, "fair", 0.1);
        }
        results.add(new TestResult(results.get(0).testCase(), 1, TrialResult.failed("policy threw"), Optional.empty(), 0));
        series.add(Optional.empty());
    }

    private static List<Path> tree(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).map(root::relativize).sorted().toList();
        }
    }

    @Test
    void write_anyJobs_sameFilesByteForByte() throws Exception {
        fixture();
        HtmlReport.write(dir.resolve("one"), results, series, Thresholds.DEFAULT, 1);
        HtmlReport.write(dir.resolve("three"), results, series, Thresholds.DEFAULT, 3);
        List<Path> files = tree(dir.resolve("one"));
        assertEquals(files, tree(dir.resolve("three")));
        for (Path f : files) {
            assertArrayEquals(Files.readAllBytes(dir.resolve("one").resolve(f)),
                    Files.readAllBytes(dir.resolve("three").resolve(f)), f.toString());
        }
        assertTrue(files.contains(Path.of("index.html")) && files.contains(Path.of("p001.html"))
                && files.contains(Path.of("p002.html")) && files.contains(Path.of("img", "c0.utilization.png")));
    }

    @Test
    void write_pages_scenarioEscapedFailedRunExplainedRowsLinked() throws Exception {
        fixture();
        Path out = dir.resolve("report");
        HtmlReport.write(out, results, series, Thresholds.DEFAULT);
        String index = Files.readString(out.resolve("index.html"));
        assertEquals(5, index.split("<tr><td>A.scn|<tr><td>B.scn", -1).length - 1, "one row per check");
        assertTrue(index.contains("<a href=\"p002.html#c2\">B</a>"));
        String a = Files.readString(out.resolve("p001.html"));
        assertTrue(a.contains("* &lt;b&gt;not markup&lt;/b&gt;"), "scenario text escaped");
        assertTrue(a.contains("The run failed: policy threw"));
        assertTrue(a.contains("img/c1.error.png"));
    }

    @Test
    void write_overAnOlderReport_replacedNothingLeftBehind() throws Exception {
        fixture();
        Path out = dir.resolve("report");
        HtmlReport.write(out, results, series, Thresholds.DEFAULT, 1);
        assertTrue(Files.isRegularFile(out.resolve(OutputGuard.REPORT_MARKER)), "a report says it is one");
        Files.writeString(out.resolve("stale.html"), "old");
        HtmlReport.write(out, results, series, Thresholds.DEFAULT, 2);
        assertTrue(Files.notExists(out.resolve("stale.html")));
        try (Stream<Path> s = Files.list(dir)) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().startsWith(".")), "no temporary or old directory");
        }
    }

    @Test
    void write_overAUsersDirectory_refusedAndNothingChanged() throws Exception {
        fixture();
        Path out = Files.createDirectories(dir.resolve("mine"));
        Files.writeString(out.resolve("notes.txt"), "mine");
        RefusedOutputException e = assertThrows(RefusedOutputException.class,
                () -> HtmlReport.write(out, results, series, Thresholds.DEFAULT, 1));
        assertTrue(e.getMessage().contains("is not a report schedlab wrote"), e.getMessage());
        assertEquals(List.of(Path.of("notes.txt")), tree(out));
        try (Stream<Path> s = Files.list(dir)) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().startsWith(".")), "nothing staged");
        }
    }
}
