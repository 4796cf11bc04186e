package org.schedlab.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.schedlab.cell.RunMetrics;
import org.schedlab.cell.TestCase;
import org.schedlab.cell.TestResult;
import org.schedlab.cell.TrialResult;
import org.schedlab.comparator.ErrorAccumulator;
import org.schedlab.comparator.ObservedInterval;
import org.schedlab.comparator.Thresholds;
import org.schedlab.core.InputException;
import org.schedlab.core.Scenario;
import org.schedlab.grammar.ScenarioParser;
import org.schedlab.report.chart.Charts;
import org.schedlab.runner.policy.Policies;
import org.schedlab.runner.result.RunSummary;
import org.schedlab.solver.Solver;

class SummaryChartsTest {

    private static Scenario scenario(String file, String problem) {
        try {
            return ScenarioParser.parse(file, "LPAR CP.1\nPROBLEM " + problem + "\nUSER A CP.100-R\n  VCPU 0 CP *\n"
                    + "USER B CP.100-R\n  VCPU 0 CP *\nRUNIT\n");
        } catch (InputException e) {
            throw new AssertionError(e);
        }
    }

    /** A check whose virtual CPUs ran {@code a} and {@code 100 - a}, with the given delays. */
    private static TestResult result(Scenario s, String policy, OptionalLong seed, double a, double meanUs,
                                     long... p99s) {
        ErrorAccumulator acc = new ErrorAccumulator(Solver.solve(s.problems().get(0)), Thresholds.DEFAULT, 0);
        acc.add(new ObservedInterval(0, 1, new double[] {a, 100 - a}));
        List<RunSummary.DelayStats> delays = java.util.Arrays.stream(p99s)
                .mapToObj(p -> new RunSummary.DelayStats(meanUs, p / 2, p, p * 2, 10)).toList();
        RunMetrics m = new RunMetrics(new RunSummary(delays, List.of(), List.of(), meanUs), Optional.empty());
        TestCase c = new TestCase(Path.of(s.file()), s, s.problems().get(0), Policies.create(policy), seed);
        return new TestResult(c, seed.orElse(1), TrialResult.completed(acc.finish(), m), Optional.empty(), 0);
    }

    @Test
    void delayBars_problemsAndPolicies_meanAndWorstP99() {
        Scenario j1 = scenario("J1.scn", "J1");
        List<Charts.DelayBar> bars = SummaryCharts.delayBars(List.of(
                result(j1, "zvm63", OptionalLong.empty(), 60, 2204, 100, 9000),
                result(j1, "fair", OptionalLong.empty(), 50, 831, 3000, 2000)));
        assertEquals(List.of(new Charts.DelayBar("J1", "zvm63", 2204, 9000), new Charts.DelayBar("J1", "fair", 831, 3000)),
                bars);
    }

    @Test
    void delayBars_sameProblemNameInTwoFiles_namedByFile() {
        List<Charts.DelayBar> bars = SummaryCharts.delayBars(List.of(
                result(scenario("a.scn", "P"), "fair", OptionalLong.empty(), 50, 1, 1),
                result(scenario("b.scn", "P"), "fair", OptionalLong.empty(), 50, 1, 1)));
        assertEquals(List.of("a.scn:P", "b.scn:P"), bars.stream().map(Charts.DelayBar::scenario).toList());
    }

    @Test
    void byScenarioGroups_nineteenScenarios_groupsOfEightNeverSplitting() {
        List<Charts.DelayBar> bars = new java.util.ArrayList<>();
        for (int i = 0; i < 19; i++) {
            bars.add(new Charts.DelayBar("S" + i, "zvm64", i, i));
            bars.add(new Charts.DelayBar("S" + i, "fair", i, i));
        }
        List<List<Charts.DelayBar>> groups = SummaryCharts.byScenarioGroups(bars, 8);
        assertEquals(List.of(16, 16, 6), groups.stream().map(List::size).toList());
        assertEquals("S8", groups.get(1).get(0).scenario());
    }

    @Test
    void seedPoints_onlyGroupsWithSeveralSeeds() {
        Scenario j1 = scenario("J1.scn", "J1");
        List<Charts.SeedPoint> points = SummaryCharts.seedPoints(List.of(
                result(j1, "zvm63", OptionalLong.of(1), 60, 1, 1),
                result(j1, "zvm63", OptionalLong.of(2), 55, 1, 1),
                result(j1, "fair", OptionalLong.of(1), 50, 1, 1)));
        assertEquals(2, points.size());
        assertTrue(points.stream().allMatch(p -> p.label().equals("J1 zvm63")));
        assertEquals(20, points.get(0).maxErrorPct(), 1e-9);
        assertEquals(10, points.get(1).maxErrorPct(), 1e-9);
        assertTrue(SummaryCharts.seedPoints(List.of(result(j1, "fair", OptionalLong.empty(), 50, 1, 1))).isEmpty());
    }
}
