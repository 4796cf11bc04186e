package org.schedlab.comparator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.schedlab.core.Change;
import org.schedlab.core.Demand;
import org.schedlab.core.EngineType;
import org.schedlab.core.Moment;
import org.schedlab.core.Partition;
import org.schedlab.core.Problem;
import org.schedlab.core.RunControl;
import org.schedlab.core.Share;
import org.schedlab.core.ShareAmount;
import org.schedlab.core.SourceLocation;
import org.schedlab.core.Srm;
import org.schedlab.core.Topology;
import org.schedlab.core.User;
import org.schedlab.core.VcpuRef;
import org.schedlab.core.VirtualCpu;
import org.schedlab.solver.PhasedSolution;
import org.schedlab.testkit.RandomChanges;
import org.schedlab.testkit.RandomProblems;
import org.schedlab.solver.Solution;
import org.schedlab.solver.Solver;
import org.schedlab.solver.VcpuAnswer;

/** Scoring a problem that changes while it runs: phase by phase, straddling intervals, settling, transients. */
class PhaseComparisonTest {

    private static final SourceLocation L = SourceLocation.UNKNOWN;

    /**
     * Two CPs; A and B at RELATIVE 100 wanting all they can get (50, 50), then at 10 s B's share goes to 300
     * (25, 75), then at 20 s C logs on with one * (A 20, B 60, C 20... at the shares 100:300:100), ending at 30 s.
     */
    static Problem shares() {
        User a = user("A", 100);
        User b = user("B", 100);
        return new Problem("S", new Partition(Map.of(EngineType.CP, 1), Map.of(), Topology.singleChip(L), Srm.DEFAULT,
                List.of(), L), List.of(a, b),
                new RunControl(Optional.of(Duration.ofSeconds(30)), Optional.empty(), OptionalLong.empty()), L,
                List.of(new Moment(Duration.ofSeconds(10), List.of(new Change.SetShare("B", List.of(share(300)), L)), L),
                        new Moment(Duration.ofSeconds(20), List.of(new Change.Logon(user("C", 100))), L)));
    }

    private static User user(String name, int relative) {
        return new User(name, List.of(share(relative)), Optional.empty(), true,
                List.of(new VirtualCpu("0", EngineType.CP, Demand.UNBOUNDED, false, L)), L);
    }

    private static Share share(int relative) {
        return new Share(EngineType.CP, ShareAmount.relative(relative), Optional.empty(), L);
    }

    @Test
    void solvePhases_shares_answersPutOnTheDimensionsOfEveryPhase() {
        PhasedSolution s = Solver.solvePhases(shares());
        assertEquals(List.of("A.0", "B.0", "C.0"), s.dimensions().stream().map(VcpuRef::id).toList());
        assertArrayEquals(new double[] {50, 50, 0}, s.correct(0), 1e-9);
        assertArrayEquals(new double[] {25, 75, 0}, s.correct(1), 1e-9);
        assertArrayEquals(new double[] {20, 60, 20}, s.correct(2), 1e-9);
    }

    @Test
    void add_intervalsWithinPhases_scoredAgainstTheirPhasesAnswer() {
        PhasedSolution s = Solver.solvePhases(shares());
        ErrorAccumulator acc = new ErrorAccumulator(s, Thresholds.DEFAULT, 0);
        // Exactly right in every phase: no error anywhere.
        for (int t = 0; t < 30; t++) {
            acc.add(new ObservedInterval(t, t + 1, s.correct(s.phaseAt(t))));
        }
        Comparison c = acc.finish();
        assertEquals(0, c.maxErrorPct(), 1e-12);
        assertEquals(3, c.phases().size());
        for (PhaseComparison p : c.phases()) {
            assertEquals(10, p.intervalCount());
            assertTrue(p.settled());
            assertEquals(0, p.settleS());
        }
        assertEquals(Verdict.PASS, c.verdict());
        // Per virtual CPU, the time-weighted answer: A (50 + 25 + 20) / 3.
        assertEquals(95.0 / 3, c.vcpus().get(0).correct(), 1e-12);
        assertEquals(20.0 / 3, c.vcpus().get(2).correct(), 1e-12);
    }

    @Test
    void add_intervalStraddlingAChange_scoredAgainstTheTimeWeightedAnswer() {
        PhasedSolution s = Solver.solvePhases(shares());
        ErrorAccumulator acc = new ErrorAccumulator(s, Thresholds.DEFAULT, 0);
        acc.add(new ObservedInterval(0, 9, s.correct(0)));
        // 9..12: one third in phase 0 (50, 50, 0), two thirds in phase 1 (25, 75, 0): (33.3, 66.7, 0).
        double[] weighted = {50.0 / 3 + 50.0 / 3, 50.0 / 3 + 150.0 / 3, 0};
        IntervalError straddling = acc.add(new ObservedInterval(9, 12, weighted));
        assertEquals(0, straddling.errorPct(), 1e-9);
        // The same interval measured at phase 1's answer is off by |(-8.3, 8.3)| against |(33.3, 66.7)|.
        ErrorAccumulator other = new ErrorAccumulator(s, Thresholds.DEFAULT, 0);
        other.add(new ObservedInterval(0, 9, s.correct(0)));
        IntervalError off = other.add(new ObservedInterval(9, 12, s.correct(1)));
        double expected = 100 * Math.hypot(25.0 / 3, 25.0 / 3) / Math.hypot(100.0 / 3, 200.0 / 3);
        assertEquals(expected, off.errorPct(), 1e-9);
        // It belongs to phase 1, the phase its end falls in: phase 0 holds one interval.
        Comparison c = other.finish();
        assertEquals(1, c.phases().get(0).intervalCount());
        assertEquals(1, c.phases().get(1).intervalCount());
        assertEquals(0, c.phases().get(2).intervalCount());
        assertFalse(c.phases().get(2).measured());
    }

    @Test
    void add_intervalAcrossAWholePhase_blendsAllThreeAnswers() {
        PhasedSolution s = Solver.solvePhases(shares());
        ErrorAccumulator acc = new ErrorAccumulator(s, Thresholds.DEFAULT, 0);
        // 5..25: 5 s of phase 0, 10 of phase 1, 5 of phase 2.
        double[] c = new double[3];
        for (int i = 0; i < 3; i++) {
            c[i] = 0.25 * s.correct(0)[i] + 0.5 * s.correct(1)[i] + 0.25 * s.correct(2)[i];
        }
        assertEquals(0, acc.add(new ObservedInterval(5, 25, c)).errorPct(), 1e-9);
        Comparison result = acc.finish();
        assertEquals(List.of(0, 0, 1), result.phases().stream().map(PhaseComparison::intervalCount).toList());
    }

    /**
     * The settling property: on random dynamic problems, an observed series that is off for the first k_p
     * intervals of each phase p and then exactly right settles at exactly k_p intervals, with the transient's
     * excess the sum of what was off, and the verdict following the settle limit.
     */
    @Test
    void finish_seriesThatStepsToTheAnswerAfterKIntervals_settlesAtExactlyK() {
        int checked = 0;
        int failed = 0;
        for (long seed = 0; seed < 400; seed++) {
            Problem p = RandomChanges.small(seed, seed % 2 == 0 ? RandomProblems.Demands.ALL_UNBOUNDED
                    : RandomProblems.Demands.MOSTLY_FINITE, 10);
            PhasedSolution s = Solver.solvePhases(p);
            Random random = new Random(seed);
            int phases = s.phases().size();
            double interval = 0.5;
            int perPhase = 20;
            int[] k = new int[phases];
            double[][] offBy = new double[phases][];
            for (int ph = 0; ph < phases; ph++) {
                k[ph] = random.nextInt(perPhase);
                offBy[ph] = new double[s.dimensions().size()];
                for (int i = 0; i < offBy[ph].length; i++) {
                    // At least 10 points on every dimension: above 5% of any vector of values up to 100.
                    offBy[ph][i] = (random.nextBoolean() ? 10 : -10) * (1 + random.nextInt(3));
                }
            }
            Thresholds thresholds = Thresholds.DEFAULT.withSettleS(2.5 + random.nextInt(10) * 0.5);
            // The first phase's transient is the start-up: the warm-up covers it.
            ErrorAccumulator acc = new ErrorAccumulator(s, thresholds, k[0] * interval);
            for (int ph = 0; ph < phases; ph++) {
                double[] c = s.correct(ph);
                // Once settled, off by 1% of |c| (or 0.001 points when c is all zero): within the threshold.
                double norm = Math.sqrt(Arrays.stream(c).map(x -> x * x).sum());
                double small = norm > 0 ? 0.01 * norm / Math.sqrt(c.length) : 0.001;
                for (int j = 0; j < perPhase; j++) {
                    double start = ph * 10 + j * interval;
                    double[] o = c.clone();
                    for (int i = 0; i < o.length; i++) {
                        o[i] += j < k[ph] ? offBy[ph][i] : (i % 2 == 0 ? small : -small);
                    }
                    acc.add(new ObservedInterval(start, start + interval, o));
                }
            }
            Comparison c = acc.finish();
            boolean pass = true;
            for (int ph = 0; ph < phases; ph++) {
                PhaseComparison pc = c.phases().get(ph);
                assertEquals(perPhase, pc.intervalCount());
                assertTrue(pc.settled(), p.name() + " phase " + ph);
                assertEquals(k[ph] * interval, pc.settleS(), 0, p.name() + " phase " + ph);
                // The transient's excess: what was off in its k intervals, nothing of the small error after.
                for (int i = 0; i < offBy[ph].length; i++) {
                    assertEquals(k[ph] * offBy[ph][i] * interval / 100, pc.excessCpuS(i), 1e-12);
                }
                if (ph > 0) {
                    pass &= k[ph] * interval <= thresholds.settleS();
                    assertEquals(Optional.of(k[ph] * interval <= thresholds.settleS() ? Verdict.PASS : Verdict.FAIL),
                            c.phaseVerdict(ph));
                }
            }
            assertEquals(Optional.of(Verdict.PASS), c.phaseVerdict(0), p.name());
            assertEquals(pass ? Verdict.PASS : Verdict.FAIL, c.verdict(), p.name());
            failed += pass ? 0 : 1;
            checked++;
        }
        assertEquals(400, checked);
        assertTrue(failed > 50 && failed < 350, failed + " of 400 failed: the settle limit should cut both ways");
    }

    @Test
    void finish_lastIntervalAboveTheThreshold_phaseNotSettledAndFails() {
        PhasedSolution s = Solver.solvePhases(shares());
        ErrorAccumulator acc = new ErrorAccumulator(s, Thresholds.DEFAULT, 0);
        for (int t = 0; t < 30; t++) {
            // Phase 1 stays at phase 0's answer throughout: never settles.
            acc.add(new ObservedInterval(t, t + 1, s.correct(t < 20 ? 0 : 2)));
        }
        Comparison c = acc.finish();
        PhaseComparison p1 = c.phases().get(1);
        assertFalse(p1.settled());
        assertEquals(10, p1.settleS(), 0);
        // B was 25 points short for 10 s: 2.5 CPU-seconds withheld, as many given to A.
        assertEquals(2.5, p1.withheldCpuS(), 1e-9);
        assertEquals(2.5, p1.givenCpuS(), 1e-9);
        assertEquals(-2.5, p1.excessCpuS(1), 1e-9);
        assertEquals(Optional.of(Verdict.FAIL), c.phaseVerdict(1));
        assertEquals(Optional.of(Verdict.PASS), c.phaseVerdict(2));
        assertEquals(Verdict.FAIL, c.verdict());
        assertEquals(100 * Math.hypot(25, 25) / Math.hypot(25, 75), p1.worstErrorPct(), 1e-9);
    }

    @Test
    void phaseVerdict_meanThreshold_judgesTheSettledPartOnly() {
        PhasedSolution s = Solver.solvePhases(shares());
        Thresholds t = Thresholds.DEFAULT.withMeanErrorPct(1);
        ErrorAccumulator acc = new ErrorAccumulator(s, t, 0);
        for (int i = 0; i < 30; i++) {
            double[] o = s.correct(s.phaseAt(i));
            if (i == 10) {
                o = s.correct(0);
            } else if (i >= 11 && i < 20) {
                // 2 points off on A and B: an error of 100 * 2.83 / 79.06 = 3.6%, within 5 but above a mean of 1.
                o = new double[] {o[0] + 2, o[1] - 2, o[2]};
            }
            acc.add(new ObservedInterval(i, i + 1, o));
        }
        Comparison c = acc.finish();
        assertEquals(1, c.phases().get(1).settleS(), 0);
        assertEquals(100 * Math.hypot(2, 2) / Math.hypot(25, 75), c.settledMeanErrorPct(1).getAsDouble(), 1e-9);
        assertEquals(Optional.of(Verdict.FAIL), c.phaseVerdict(1));
        // Without the mean threshold the same run passes: it settled in 1 s.
        ErrorAccumulator again = new ErrorAccumulator(s, Thresholds.DEFAULT, 0);
        for (int i = 0; i < 30; i++) {
            double[] o = s.correct(s.phaseAt(i));
            if (i == 10) {
                o = s.correct(0);
            }
            again.add(new ObservedInterval(i, i + 1, o));
        }
        assertEquals(Verdict.PASS, again.finish().verdict());
    }

    @Test
    void finish_staticProblem_bitIdenticalToTheStaticComparator() {
        for (long seed = 0; seed < 300; seed++) {
            Problem p = RandomProblems.small(seed, RandomProblems.Demands.MOSTLY_FINITE);
            Solution solution = Solver.solve(p);
            Random random = new Random(seed);
            double warmup = random.nextInt(3);
            List<ObservedInterval> observed = new ArrayList<>();
            int n = solution.running().size();
            double t = 0;
            for (int i = 0; i < 12; i++) {
                double[] o = new double[n];
                for (int v = 0; v < n; v++) {
                    o[v] = 100 * random.nextDouble();
                }
                double length = 0.25 + random.nextInt(8) * 0.25;
                observed.add(new ObservedInterval(t, t + length, o));
                t += length + (random.nextInt(5) == 0 ? 0.5 : 0);
            }
            ErrorAccumulator phased = new ErrorAccumulator(Solver.solvePhases(p), Thresholds.DEFAULT, warmup);
            observed.forEach(phased::add);
            Comparison c = phased.finish();
            Comparison expected = referenceStatic(solution, observed, warmup);
            assertEquals(expected, c);
            assertFalse(c.dynamic());
            for (int i = 0; i < expected.intervals().size(); i++) {
                assertEquals(Double.doubleToRawLongBits(expected.intervals().get(i).errorPct()),
                        Double.doubleToRawLongBits(c.intervals().get(i).errorPct()));
            }
        }
    }

    /** The static comparator's arithmetic as it was before problems had phases, written out on its own. */
    private static Comparison referenceStatic(Solution solution, List<ObservedInterval> observed, double warmup) {
        List<VcpuAnswer> running = solution.running();
        double sumSquares = 0;
        for (VcpuAnswer v : running) {
            sumSquares += v.correct() * v.correct();
        }
        double norm = Math.sqrt(sumSquares);
        double[] observedSum = new double[running.size()];
        double counted = 0;
        List<IntervalError> errors = new ArrayList<>();
        for (ObservedInterval o : observed) {
            boolean count = o.startS() >= warmup;
            double squares = 0;
            for (int i = 0; i < running.size(); i++) {
                double e = o.busy(i) - running.get(i).correct();
                squares += e * e;
                if (count) {
                    observedSum[i] += o.busy(i) * o.lengthS();
                }
            }
            double en = Math.sqrt(squares);
            errors.add(new IntervalError(o.startS(), o.endS(), norm > 0 ? 100 * en / norm : en, count));
            counted += count ? o.lengthS() : 0;
        }
        List<VcpuComparison> vcpus = new ArrayList<>();
        for (int i = 0; i < running.size(); i++) {
            vcpus.add(new VcpuComparison(running.get(i).user(), running.get(i).vcpu(), running.get(i).correct(),
                    counted == 0 ? 0 : observedSum[i] / counted));
        }
        return new Comparison(errors, warmup, norm > 0, Thresholds.DEFAULT, vcpus);
    }

    @Test
    void comparison_phasesThatContradictTheirIntervals_areRejected() {
        PhasedSolution s = Solver.solvePhases(shares());
        ErrorAccumulator acc = new ErrorAccumulator(s, Thresholds.DEFAULT, 0);
        for (int t = 0; t < 30; t++) {
            acc.add(new ObservedInterval(t, t + 1, s.correct(t < 11 ? 0 : s.phaseAt(t))));
        }
        Comparison c = acc.finish();
        List<PhaseComparison> phases = new ArrayList<>(c.phases());
        PhaseComparison p1 = phases.get(1);
        phases.set(1, new PhaseComparison(1, p1.startS(), p1.endS(), p1.firstInterval(), p1.intervalCount(), p1.settled(),
                0, p1.worstErrorPct(), p1.excessCpuS()));
        assertThrows(IllegalArgumentException.class,
                () -> new Comparison(c.intervals(), 0, c.relative(), c.thresholds(), c.vcpus(), phases));
        List<PhaseComparison> shifted = new ArrayList<>(c.phases());
        PhaseComparison p0 = shifted.get(0);
        shifted.set(0, new PhaseComparison(0, 0, p0.endS(), 0, 11, p0.settled(), p0.settleS(), p0.worstErrorPct(), p0.excessCpuS()));
        assertThrows(IllegalArgumentException.class,
                () -> new Comparison(c.intervals(), 0, c.relative(), c.thresholds(), c.vcpus(), shifted));
        assertEquals(c, new Comparison(c.intervals(), 0, c.relative(), c.thresholds(), c.vcpus(), c.phases()));
    }

    @Test
    void classify_dynamicProblemRunShort_misallocationOverTheWholeRun() {
        PhasedSolution s = Solver.solvePhases(shares());
        ErrorAccumulator acc = new ErrorAccumulator(s, Thresholds.DEFAULT, 0);
        for (int t = 0; t < 30; t++) {
            // B never gets more than half: over the run it is short and A over.
            acc.add(new ObservedInterval(t, t + 1, t < 20 ? new double[] {50, 50, 0} : new double[] {30, 50, 20}));
        }
        FailureClass f = FailureClass.classify(s, acc.finish(), 1);
        assertEquals(FailureClass.Kind.MISALLOCATION, f.kind());
        assertEquals(List.of("A.0"), f.pools().get(0).overServed());
        assertEquals(List.of("B.0"), f.pools().get(0).underServed());
        // A static problem's PhasedSolution classifies as its Solution.
        Problem p = RandomProblems.small(3, RandomProblems.Demands.MOSTLY_FINITE);
        ErrorAccumulator one = new ErrorAccumulator(Solver.solve(p), Thresholds.DEFAULT, 0);
        one.add(new ObservedInterval(0, 1, new double[Solver.solve(p).running().size()]));
        Comparison c = one.finish();
        assertEquals(FailureClass.classify(Solver.solve(p), c, 1), FailureClass.classify(Solver.solvePhases(p), c, 1));
    }

    @Test
    void thresholds_settleLimit_defaultsAndValidation() {
        assertEquals(Thresholds.DEFAULT, new Thresholds(5, OptionalDouble.empty()));
        assertEquals(Thresholds.DEFAULT_SETTLE_S, Thresholds.DEFAULT.settleS());
        assertEquals(2, Thresholds.DEFAULT.withSettleS(2).withMeanErrorPct(1).settleS());
        assertThrows(IllegalArgumentException.class, () -> Thresholds.DEFAULT.withSettleS(-1));
        assertThrows(IllegalArgumentException.class, () -> Thresholds.DEFAULT.withSettleS(Double.NaN));
        assertTrue(Thresholds.DEFAULT.settlesInTime(5.0000000001));
        assertFalse(Thresholds.DEFAULT.settlesInTime(5.000000001));
    }
}
