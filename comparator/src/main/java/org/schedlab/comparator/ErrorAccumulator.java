package org.schedlab.comparator;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;
import org.schedlab.core.Numbers;
import org.schedlab.core.Phase;
import org.schedlab.solver.PhasedSolution;
import org.schedlab.solver.Solution;
import org.schedlab.solver.VcpuAnswer;

/**
 * Compares observed intervals with a solution's correct vector as they arrive, so a long run keeps
 * one small {@link IntervalError} per interval and one running sum per virtual CPU, never the
 * observed vectors themselves.
 *
 * <p>For interval t with observed vector o(t) over the N running virtual CPUs and correct vector c:
 * error = 100 × |o(t) − c|₂ / |c|₂; when c is all zero, |o(t) − c|₂ itself (docs/comparator.md).
 * Intervals must come in order and must not overlap; gaps between them are allowed and reported by the
 * {@link Comparison}. Means are weighted by interval length.
 *
 * <p>For a problem that changes while it runs ({@link PhasedSolution}), the N dimensions are its running
 * virtual CPUs over all phases, c is the answer of the interval's phase, and an interval that straddles
 * changes is scored against the time-weighted mean of the answers of the phases it overlaps. Each phase's
 * settling and transient are followed as its intervals come ({@link PhaseComparison}): besides the sums, a
 * phase in progress keeps two vectors of N, its running excess and that excess at its last interval above
 * the threshold; a finished phase keeps its transient's excess, N figures.
 */
public final class ErrorAccumulator {

    private final String[] users;
    private final String[] vcpus;
    /** Per phase, its correct vector; one phase for a static problem. */
    private final double[][] correct;
    /** Per phase, |c|₂; zero selects absolute errors. */
    private final double[] correctNorm;
    /** Per phase, its start in seconds, and its end (empty for an open end). */
    private final double[] phaseStart;
    private final OptionalDouble[] phaseEnd;
    private final boolean dynamic;
    private final Thresholds thresholds;
    private final double warmupS;
    /** Per virtual CPU, the sum over counted intervals of busy × length. */
    private final double[] observedSum;
    /** Per virtual CPU, the sum over counted intervals of correct × length (dynamic only: it varies). */
    private final double[] correctSum;
    private double countedS;
    private double lastEndS = Double.NEGATIVE_INFINITY;
    private final List<IntervalError> intervals = new ArrayList<>();

    /** The phase the intervals now arriving end in, and where its intervals start. */
    private int phase;
    private int phaseFirst;
    /** The current phase's excess busy × length, in percent-seconds, and its value at the last interval above the threshold. */
    private final double[] excess;
    private final double[] excessAtLastAbove;
    private boolean anyAbove;
    private final List<PhaseComparison> finished = new ArrayList<>();
    private final double[] blended;

    /**
     * @param warmupS intervals starting before this many seconds are listed but not counted
     */
    public ErrorAccumulator(Solution solution, Thresholds thresholds, double warmupS) {
        this(running(Objects.requireNonNull(solution, "solution")), thresholds, warmupS);
    }

    /**
     * For a problem phase by phase; a static problem's {@link PhasedSolution} compares exactly as its
     * {@link Solution} does.
     *
     * @param warmupS intervals starting before this many seconds are listed but not counted; the phases after
     *                a change are judged by their settling instead ({@link Comparison#phaseVerdict})
     */
    public ErrorAccumulator(PhasedSolution solution, Thresholds thresholds, double warmupS) {
        this(layout(Objects.requireNonNull(solution, "solution")), thresholds, warmupS);
    }

    /** What the comparison is against: dimension names, and per phase its span and correct vector. */
    private record Layout(String[] users, String[] vcpus, double[][] correct, double[] start, OptionalDouble[] end,
                          boolean dynamic) {
    }

    private static Layout running(Solution solution) {
        List<VcpuAnswer> running = solution.running();
        int n = running.size();
        String[] users = new String[n];
        String[] vcpus = new String[n];
        double[] correct = new double[n];
        for (int i = 0; i < n; i++) {
            VcpuAnswer v = running.get(i);
            users[i] = v.user();
            vcpus[i] = v.vcpu();
            correct[i] = v.correct();
        }
        return new Layout(users, vcpus, new double[][] {correct}, new double[] {0},
                new OptionalDouble[] {OptionalDouble.empty()}, false);
    }

    private static Layout layout(PhasedSolution solution) {
        if (!solution.dynamic()) {
            return running(solution.phases().get(0).solution());
        }
        int n = solution.dimensions().size();
        String[] users = new String[n];
        String[] vcpus = new String[n];
        for (int i = 0; i < n; i++) {
            users[i] = solution.dimensions().get(i).user();
            vcpus[i] = solution.dimensions().get(i).address();
        }
        int phases = solution.phases().size();
        double[][] correct = new double[phases][];
        double[] start = new double[phases];
        OptionalDouble[] end = new OptionalDouble[phases];
        for (int k = 0; k < phases; k++) {
            Phase p = solution.phases().get(k).phase();
            correct[k] = solution.correct(k);
            start[k] = p.startS();
            end[k] = p.endS();
        }
        return new Layout(users, vcpus, correct, start, end, true);
    }

    private ErrorAccumulator(Layout layout, Thresholds thresholds, double warmupS) {
        this.thresholds = Objects.requireNonNull(thresholds, "thresholds");
        if (!(warmupS >= 0) || !Double.isFinite(warmupS)) {
            throw new IllegalArgumentException("warm-up must be a non-negative number of seconds, got " + warmupS);
        }
        this.warmupS = warmupS;
        users = layout.users();
        vcpus = layout.vcpus();
        correct = layout.correct();
        phaseStart = layout.start();
        phaseEnd = layout.end();
        dynamic = layout.dynamic();
        correctNorm = new double[correct.length];
        for (int k = 0; k < correct.length; k++) {
            double sumSquares = 0;
            for (double c : correct[k]) {
                sumSquares += c * c;
            }
            correctNorm[k] = Math.sqrt(sumSquares);
        }
        int n = users.length;
        observedSum = new double[n];
        correctSum = new double[dynamic ? n : 0];
        excess = new double[dynamic ? n : 0];
        excessAtLastAbove = new double[dynamic ? n : 0];
        blended = new double[dynamic ? n : 0];
    }

    /** N: how many busy values each interval must carry. */
    public int dimensions() {
        return users.length;
    }

    /**
     * Whether the error is relative; false when the correct vector is all zero. For a problem that changes
     * while it runs, false when that is so in any phase: intervals there are scored by absolute error.
     */
    public boolean relative() {
        for (double norm : correctNorm) {
            if (!(norm > 0)) {
                return false;
            }
        }
        return true;
    }

    /** Whether an interval starting at {@code startS} counts, so the runner can sample ETR over the same intervals. */
    public boolean counts(double startS) {
        return startS >= warmupS;
    }

    /**
     * Adds one interval and returns its error, for progress output.
     *
     * @throws IllegalArgumentException when the interval starts before the previous one ended: intervals
     *                                  come in order and never overlap (the CSV reader reports that as bad input)
     */
    public IntervalError add(ObservedInterval observed) {
        return add(observed, false);
    }

    /**
     * Adds one interval that may be disturbed: measured on a machine that took the partition's CPUs away
     * (docs/linux.md). A disturbed interval's error is computed and listed but counts in neither the mean, the
     * max nor the per-virtual-CPU means, like a warm-up interval, nor in a phase's settling.
     */
    public IntervalError add(ObservedInterval observed, boolean disturbed) {
        if (observed.size() != users.length) {
            throw new IllegalArgumentException("interval " + Numbers.format(observed.startS()) + ".."
                    + Numbers.format(observed.endS()) + " s has " + observed.size()
                    + " busy values, the problem has " + users.length + " running virtual CPUs");
        }
        if (observed.startS() < lastEndS) {
            throw new IllegalArgumentException("interval " + Numbers.format(observed.startS()) + ".."
                    + Numbers.format(observed.endS()) + " s starts before the previous interval ends at "
                    + Numbers.format(lastEndS) + " s: intervals must come in order and not overlap");
        }
        lastEndS = observed.endS();
        return dynamic ? addPhased(observed, disturbed) : addStatic(observed, disturbed);
    }

    private IntervalError addStatic(ObservedInterval observed, boolean disturbed) {
        double[] c = correct[0];
        boolean count = counts(observed.startS()) && !disturbed;
        double length = observed.lengthS();
        double sumSquares = 0;
        for (int i = 0; i < c.length; i++) {
            double o = observed.busy(i);
            double e = o - c[i];
            sumSquares += e * e;
            if (count) {
                observedSum[i] += o * length;
            }
        }
        double norm = Math.sqrt(sumSquares);
        IntervalError error = new IntervalError(observed.startS(), observed.endS(),
                relative() ? Numbers.fractionToPercent(norm) / correctNorm[0] : norm, count, disturbed);
        intervals.add(error);
        countedS += count ? length : 0;
        return error;
    }

    private IntervalError addPhased(ObservedInterval observed, boolean disturbed) {
        double start = observed.startS();
        double end = observed.endS();
        // The interval belongs to the phase its end falls in; phases it passed by have ended.
        while (phase + 1 < correct.length && phaseStart[phase + 1] < end) {
            finished.add(phaseComparison(phase, intervals.size()));
            phase++;
            phaseFirst = intervals.size();
            Arrays.fill(excess, 0);
            anyAbove = false;
        }
        int from = phase;
        while (from > 0 && phaseStart[from] > start) {
            from--;
        }
        double[] c;
        double cNorm;
        if (from == phase) {
            c = correct[phase];
            cNorm = correctNorm[phase];
        } else {
            // Straddling changes: the answers of the phases it overlaps, weighted by the time in each.
            c = blended;
            Arrays.fill(c, 0);
            double length = end - start;
            for (int k = from; k <= phase; k++) {
                double overlap = Math.min(end, k + 1 <= phase ? phaseStart[k + 1] : end) - Math.max(start, phaseStart[k]);
                double w = overlap / length;
                for (int i = 0; i < c.length; i++) {
                    c[i] += w * correct[k][i];
                }
            }
            double sumSquares = 0;
            for (double x : c) {
                sumSquares += x * x;
            }
            cNorm = Math.sqrt(sumSquares);
        }
        boolean count = counts(start) && !disturbed;
        double length = observed.lengthS();
        double sumSquares = 0;
        for (int i = 0; i < c.length; i++) {
            double o = observed.busy(i);
            double e = o - c[i];
            sumSquares += e * e;
            if (!disturbed) {
                excess[i] += e * length;
            }
            if (count) {
                observedSum[i] += o * length;
                correctSum[i] += c[i] * length;
            }
        }
        double norm = Math.sqrt(sumSquares);
        IntervalError error = new IntervalError(start, end, cNorm > 0 ? Numbers.fractionToPercent(norm) / cNorm : norm, count,
                disturbed);
        intervals.add(error);
        countedS += count ? length : 0;
        if (!disturbed && !thresholds.within(error.errorPct())) {
            anyAbove = true;
            System.arraycopy(excess, 0, excessAtLastAbove, 0, excess.length);
        }
        return error;
    }

    /** Phase {@code k} with its intervals up to {@code upTo}: the current one's figures if it is the current phase, else none. */
    private PhaseComparison phaseComparison(int k, int upTo) {
        boolean current = k == phase;
        int first = current ? phaseFirst : upTo;
        int count = upTo - first;
        PhaseComparison.Settling s = PhaseComparison.Settling.of(intervals, first, count, phaseStart[k], thresholds);
        double[] cpuS = new double[users.length];
        if (current && anyAbove) {
            // Percent of one CPU × seconds, in CPU-seconds.
            for (int i = 0; i < cpuS.length; i++) {
                cpuS[i] = Numbers.percentToFraction(excessAtLastAbove[i]);
            }
        }
        return new PhaseComparison(k, phaseStart[k], phaseEnd[k], first, count, s.settled(), s.settleS(),
                s.worstErrorPct(), cpuS);
    }

    /**
     * The comparison of everything added so far; the accumulator stays usable.
     *
     * @throws IllegalArgumentException when no interval was added or all start inside the warm-up or are
     *                                  disturbed: there is nothing to judge, and a verdict would be made up
     */
    public Comparison finish() {
        List<VcpuComparison> perVcpu = new ArrayList<>(users.length);
        for (int i = 0; i < users.length; i++) {
            double c = dynamic ? (countedS == 0 ? 0 : correctSum[i] / countedS) : correct[0][i];
            perVcpu.add(new VcpuComparison(users[i], vcpus[i], c, countedS == 0 ? 0 : observedSum[i] / countedS));
        }
        if (!dynamic) {
            return new Comparison(intervals, warmupS, relative(), thresholds, perVcpu);
        }
        List<PhaseComparison> phases = new ArrayList<>(finished);
        for (int k = phase; k < correct.length; k++) {
            phases.add(phaseComparison(k, intervals.size()));
        }
        return new Comparison(intervals, warmupS, relative(), thresholds, perVcpu, phases);
    }
}
