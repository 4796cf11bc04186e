package org.schedlab.cell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.schedlab.cell.Expectations.Expected;
import org.schedlab.comparator.ErrorAccumulator;
import org.schedlab.comparator.ObservedInterval;
import org.schedlab.comparator.Thresholds;
import org.schedlab.comparator.Verdict;
import org.schedlab.core.Scenario;
import org.schedlab.grammar.ScenarioParser;
import org.schedlab.runner.policy.Policies;
import org.schedlab.runner.result.RunSummary;
import org.schedlab.solver.Solution;
import org.schedlab.solver.Solver;

class TestResultTest {

    private static final Scenario ONE = parse();
    private static final TestCase CASE = new TestCase(Path.of("one.scn"), ONE, ONE.problems().get(0),
            Policies.create("fair"), OptionalLong.empty());

    private static Scenario parse() {
        try {
            return ScenarioParser.parse("one.scn", "LPAR CP.1\nPROBLEM ONE\nUSER A CP.100-R\n  VCPU 0 CP *\nRUNIT\n");
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** A completed trial whose one interval is {@code observed} against a correct 100. */
    private static TrialResult completed(double observed) {
        Solution s = Solver.solve(ONE.problems().get(0));
        ErrorAccumulator acc = new ErrorAccumulator(s, new Thresholds(5, OptionalDouble.empty()), 0);
        acc.add(new ObservedInterval(0, 1, new double[] {observed}));
        return TrialResult.completed(acc.finish(),
                new RunMetrics(new RunSummary(List.of(), List.of(), List.of(), 12), Optional.empty()));
    }

    private static boolean asExpected(TrialResult trial, Expected expected) {
        return new TestResult(CASE, 1, trial, Optional.ofNullable(expected), 0).asExpected();
    }

    @Test
    void asExpected_everyVerdictAgainstEveryExpectation_matchesTheRule() {
        TrialResult pass = completed(99);
        TrialResult fail = completed(50);
        TrialResult error = TrialResult.failed("timeout");
        assertEquals(Verdict.PASS, pass.verdict());
        assertEquals(Verdict.FAIL, fail.verdict());
        assertEquals(Verdict.ERROR, error.verdict());
        // Unlisted: expected to PASS.
        assertEquals(List.of(true, false, false), List.of(asExpected(pass, null), asExpected(fail, null),
                asExpected(error, null)));
        assertEquals(List.of(true, false, false), List.of(asExpected(pass, Expected.PASS),
                asExpected(fail, Expected.PASS), asExpected(error, Expected.PASS)));
        assertEquals(List.of(false, true, false), List.of(asExpected(pass, Expected.FAIL),
                asExpected(fail, Expected.FAIL), asExpected(error, Expected.FAIL)));
        assertEquals(List.of(true, true, false), List.of(asExpected(pass, Expected.ANY),
                asExpected(fail, Expected.ANY), asExpected(error, Expected.ANY)));
    }

    @Test
    void figures_failedRun_areNaN() {
        TrialResult error = TrialResult.failed("policy threw");
        assertEquals(Double.NaN, error.meanErrorPct());
        assertEquals(Double.NaN, error.maxErrorPct());
        assertEquals(Double.NaN, error.meanDispatchDelayUs());
        assertEquals(12, completed(100).meanDispatchDelayUs());
    }

    @Test
    void trialResult_bothOrNeither_throws() {
        TrialResult ok = completed(100);
        assertThrows(IllegalArgumentException.class,
                () -> new TrialResult(ok.comparison(), ok.metrics(), Optional.of("also failed")));
        assertThrows(IllegalArgumentException.class,
                () -> new TrialResult(Optional.empty(), Optional.empty(), Optional.empty()));
        assertThrows(IllegalArgumentException.class,
                () -> new TrialResult(ok.comparison(), Optional.empty(), Optional.empty()));
    }

    @Test
    void accessors_nameTheCase() {
        TestResult r = new TestResult(CASE, 1, completed(100), Optional.empty(), 0.5);
        assertEquals(List.of("one.scn", "ONE", "fair"), List.of(r.file(), r.problem(), r.policy()));
        assertEquals(Expected.PASS, r.expectation());
    }
}
