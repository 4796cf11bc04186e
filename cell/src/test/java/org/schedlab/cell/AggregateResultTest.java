package org.schedlab.cell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Random;
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

class AggregateResultTest {

    private static final Scenario ONE = parse();

    private static Scenario parse() {
        try {
            return ScenarioParser.parse("one.scn", "LPAR CP.1\nPROBLEM ONE\nUSER A CP.100-R\n  VCPU 0 CP *\nRUNIT\n"
                    + "PROBLEM TWO\nUSER B CP.100-R\n  VCPU 0 CP *\nRUNIT\n");
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** A trial of problem ONE (correct 100) whose one interval observed {@code observed}: error 100 - observed. */
    private static TrialResult trial(double observed) {
        Solution s = Solver.solve(ONE.problems().get(0));
        ErrorAccumulator acc = new ErrorAccumulator(s, new Thresholds(5, OptionalDouble.empty()), 0);
        acc.add(new ObservedInterval(0, 1, new double[] {observed}));
        return TrialResult.completed(acc.finish(),
                new RunMetrics(new RunSummary(List.of(), List.of(), List.of(), observed), Optional.empty()));
    }

    private static TestResult run(String problem, String policy, long seed, TrialResult trial, Expected expected) {
        TestCase c = new TestCase(Path.of("one.scn"), ONE, ONE.problem(problem).orElseThrow(), Policies.create(policy),
                OptionalLong.of(seed));
        return new TestResult(c, seed, trial, Optional.ofNullable(expected), 0.5);
    }

    /** Problem ONE under fair, one run per observed value, seeds 1, 2, ... */
    private static AggregateResult over(Expected expected, TrialResult... trials) {
        List<TestResult> runs = new ArrayList<>();
        for (int i = 0; i < trials.length; i++) {
            runs.add(run("ONE", "fair", i + 1, trials[i], expected));
        }
        return new AggregateResult(runs);
    }

    @Test
    void verdict_worstSeedCounts_errorOverFailOverPass() {
        assertEquals(Verdict.PASS, over(null, trial(99), trial(97)).verdict());
        assertEquals(Verdict.FAIL, over(null, trial(99), trial(90), trial(98)).verdict());
        assertEquals(Verdict.ERROR, over(null, trial(99), TrialResult.failed("timeout"), trial(50)).verdict());
    }

    @Test
    void verdict_randomSeeds_passOnlyWhenTheWorstMaxErrorIsWithinTheThreshold() {
        Random r = new Random(11);
        for (int i = 0; i < 200; i++) {
            TrialResult[] t = new TrialResult[1 + r.nextInt(6)];
            for (int j = 0; j < t.length; j++) {
                t[j] = trial(90 + r.nextInt(11));
            }
            AggregateResult a = over(null, t);
            double worst = a.maxError().orElseThrow().max();
            assertEquals(worst <= 5 ? Verdict.PASS : Verdict.FAIL, a.verdict(), () -> a.runs().toString());
        }
    }

    @Test
    void spreads_overCompletedSeedsOnly() {
        AggregateResult a = over(null, trial(99), TrialResult.failed("timeout"), trial(90), trial(96));

        assertEquals(Optional.of(new SeedSpread(1, 4, 10)), a.maxError());
        assertEquals(Optional.of(new SeedSpread(1, 4, 10)), a.meanError());
        assertEquals(Optional.of(new SeedSpread(90, 96, 99)), a.dispatchDelay());
        assertEquals(List.of(1L, 2L, 3L, 4L), a.seeds());
        assertEquals(Optional.of("timeout"), a.error());
        assertEquals(List.of(2L), a.errors().stream().map(TestResult::seed).toList());
    }

    @Test
    void spreads_everySeedFailed_areEmpty() {
        AggregateResult a = over(null, TrialResult.failed("a"), TrialResult.failed("b"));

        assertEquals(Optional.empty(), a.maxError());
        assertEquals(Optional.empty(), a.meanError());
        assertEquals(Optional.of("a"), a.error());
    }

    @Test
    void seedNote_verdictsDiffer_namesTheSeedsOfEachVerdict() {
        AggregateResult a = over(null, trial(99), trial(98), trial(90), trial(97), trial(80));

        assertTrue(a.seedDependent());
        assertEquals(Map.of(Verdict.PASS, List.of(1L, 2L, 4L), Verdict.FAIL, List.of(3L, 5L)), a.seedsByVerdict());
        assertEquals(Optional.of("verdict depends on the seed: PASS on 1,2,4, FAIL on 3,5"), a.seedNote());
    }

    @Test
    void seedNote_sameVerdictEverywhere_isEmpty() {
        AggregateResult a = over(null, trial(90), trial(80));

        assertFalse(a.seedDependent());
        assertEquals(Optional.empty(), a.seedNote());
    }

    @Test
    void asExpected_appliesToTheWorstSeed() {
        assertTrue(over(Expected.FAIL, trial(99), trial(90)).asExpected(), "one failing seed makes it FAIL");
        assertFalse(over(Expected.PASS, trial(99), trial(90)).asExpected());
        assertFalse(over(null, trial(99), trial(90)).asExpected(), "unlisted: PASS expected");
        assertTrue(over(Expected.ANY, trial(99), trial(90)).asExpected());
        assertFalse(over(Expected.ANY, trial(99), TrialResult.failed("x")).asExpected(), "ANY never accepts ERROR");
    }

    @Test
    void group_planOrder_oneAggregatePerProblemAndPolicyWithItsSeeds() {
        List<TestResult> plan = List.of(
                run("ONE", "fair", 1, trial(99), null), run("ONE", "fair", 2, trial(98), null),
                run("ONE", "zvm64", 1, trial(99), null), run("ONE", "zvm64", 2, trial(90), null),
                run("TWO", "fair", 1, trial(99), null), run("TWO", "fair", 2, trial(99), null));

        List<AggregateResult> g = AggregateResult.group(plan);

        assertEquals(List.of("ONE fair", "ONE zvm64", "TWO fair"), g.stream().map(a -> a.problem() + " " + a.policy()).toList());
        g.forEach(a -> assertEquals(List.of(1L, 2L), a.seeds()));
        assertEquals(List.of(Verdict.PASS, Verdict.FAIL, Verdict.PASS), g.stream().map(AggregateResult::verdict).toList());
    }

    @Test
    void constructor_runsOfDifferentChecks_throws() {
        assertThrows(IllegalArgumentException.class, () -> new AggregateResult(List.of(
                run("ONE", "fair", 1, trial(99), null), run("TWO", "fair", 1, trial(99), null))));
        assertThrows(IllegalArgumentException.class, () -> new AggregateResult(List.of()));
    }
}
