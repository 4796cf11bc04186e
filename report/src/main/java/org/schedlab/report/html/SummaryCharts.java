package org.schedlab.report.html;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.schedlab.cell.RunMetrics;
import org.schedlab.cell.TestResult;
import org.schedlab.report.chart.Charts;
import org.schedlab.runner.result.RunSummary;

/** The figures of the cross-problem charts, picked from a test's results (pure: tested without drawing). */
final class SummaryCharts {

    private SummaryCharts() {
    }

    /**
     * One bar pair per problem and policy that ran: mean dispatch delay and the highest per-virtual-CPU p99.
     * With several seeds, the first seed's run stands for the pair. Problems are named by problem, or
     * {@code file:problem} when two files have a problem of the same name.
     */
    static List<Charts.DelayBar> delayBars(List<TestResult> results) {
        Map<String, Long> filesPerName = new LinkedHashMap<>();
        Map<String, String> seen = new LinkedHashMap<>();
        for (TestResult r : results) {
            seen.putIfAbsent(r.problem() + "\u0000" + r.testCase().file(), r.problem());
        }
        seen.values().forEach(name -> filesPerName.merge(name, 1L, Long::sum));
        Map<String, Charts.DelayBar> bars = new LinkedHashMap<>();
        for (TestResult r : results) {
            if (r.trial().metrics().isEmpty()) {
                continue;
            }
            RunMetrics m = r.trial().metrics().get();
            String scenario = filesPerName.get(r.problem()) > 1
                    ? r.testCase().file().getFileName() + ":" + r.problem() : r.problem();
            bars.putIfAbsent(scenario + "\u0000" + r.policy(), new Charts.DelayBar(scenario, r.policy(),
                    m.meanDispatchDelayUs(), worstP99(m.summary())));
        }
        return List.copyOf(bars.values());
    }

    /** Scenarios one dispatch-delay chart shows: more make its bars too thin to read. */
    static final int SCENARIOS_PER_DELAY_CHART = 8;

    /** Bars split into charts of at most {@code perChart} scenarios, in order; a scenario never split. */
    static List<List<Charts.DelayBar>> byScenarioGroups(List<Charts.DelayBar> bars, int perChart) {
        List<String> scenarios = bars.stream().map(Charts.DelayBar::scenario).distinct().toList();
        List<List<Charts.DelayBar>> groups = new ArrayList<>();
        for (int from = 0; from < scenarios.size(); from += perChart) {
            List<String> these = scenarios.subList(from, Math.min(scenarios.size(), from + perChart));
            groups.add(bars.stream().filter(b -> these.contains(b.scenario())).toList());
        }
        return List.copyOf(groups);
    }

    static double worstP99(RunSummary s) {
        long max = 0;
        for (RunSummary.DelayStats d : s.vcpuDelays()) {
            max = Math.max(max, d.p99Us());
        }
        return max;
    }

    /**
     * Per problem and policy run with more than one seed, one point per seed; empty when no case has
     * several seeds (then there is no spread to show).
     */
    static List<Charts.SeedPoint> seedPoints(List<TestResult> results) {
        Map<String, List<TestResult>> groups = new LinkedHashMap<>();
        for (TestResult r : results) {
            if (r.testCase().seed().isPresent() && r.trial().comparison().isPresent()) {
                groups.computeIfAbsent(r.problem() + " " + r.policy(), k -> new ArrayList<>()).add(r);
            }
        }
        List<Charts.SeedPoint> points = new ArrayList<>();
        groups.forEach((label, rs) -> {
            if (rs.size() > 1) {
                for (TestResult r : rs) {
                    points.add(new Charts.SeedPoint(label, r.testCase().seed().getAsLong(), r.trial().meanErrorPct(),
                            r.trial().maxErrorPct()));
                }
            }
        });
        return List.copyOf(points);
    }
}
