package org.schedlab.cell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.schedlab.comparator.Comparison;
import org.schedlab.comparator.ObservedInterval;
import org.schedlab.comparator.Thresholds;
import org.schedlab.comparator.Verdict;
import org.schedlab.core.Problem;
import org.schedlab.grammar.ScenarioParser;
import org.schedlab.runner.result.IntervalSample;
import org.schedlab.runner.policy.Policies;
import org.schedlab.runner.RunConfig;
import org.schedlab.runner.RunListener;
import org.schedlab.solver.Solution;
import org.schedlab.solver.Solver;

class TrialTest {

    /** Two users on one CP, one held to 30 by its demand: the other gets 70. */
    private static Solution tiny() throws Exception {
        Problem p = ScenarioParser.parse("tiny.scn", """
                LPAR CP.1
                PROBLEM TINY
                USER A CP.100-R
                  VCPU 0 CP 30
                USER B CP.100-R
                  VCPU 0 CP *
                RUNIT
                """).problems().get(0);
        return Solver.solve(p);
    }

    @Test
    void run_tinyProblem_comparesEveryIntervalAndKeepsMetricsBeside() throws Exception {
        Solution s = tiny();
        RunConfig config = RunConfig.forProblem(s.problem()).toBuilder().durationMicros(4_000_000)
                .warmupMicros(1_000_000).build();
        List<IntervalSample> seen = new ArrayList<>();
        RunListener also = new RunListener() {
            @Override
            public void interval(IntervalSample sample) {
                seen.add(sample);
            }
        };
        TrialResult r = Trial.run(s, Policies.create("fair"), config, Thresholds.DEFAULT, also);
        Comparison c = r.comparison().orElseThrow();
        RunMetrics m = r.metrics().orElseThrow();
        assertEquals(4, seen.size());
        assertEquals(4, c.intervals().size());
        assertEquals(1, c.excludedIntervals());
        assertEquals(3, m.etr().orElseThrow().n(), "ETR is sampled over the counted intervals only");
        assertEquals(m.summary().meanDispatchDelayUs(), r.meanDispatchDelayUs());
        assertEquals(c.verdict(), r.verdict());
        assertEquals(List.of(30.0, 70.0), c.vcpus().stream().map(v -> v.correct()).toList());
        assertTrue(r.error().isEmpty());
    }

    @Test
    void compare_allIntervalsInWarmup_throwsCellException() throws Exception {
        Solution s = tiny();
        CellException e = assertThrows(CellException.class, () -> Trial.compare(s,
                List.of(new ObservedInterval(0, 1, new double[] {30, 70})), Thresholds.DEFAULT, 5));
        assertTrue(e.getMessage().startsWith("no intervals to compare"), e.getMessage());
    }

    @Test
    void compare_exactObservation_passesWithZeroError() throws Exception {
        Solution s = tiny();
        Comparison c = Trial.compare(s, List.of(new ObservedInterval(0, 1, new double[] {30, 70})),
                new Thresholds(0, OptionalDouble.empty()), 0);
        assertEquals(Verdict.PASS, c.verdict());
        assertEquals(0, c.maxErrorPct());
    }
}
