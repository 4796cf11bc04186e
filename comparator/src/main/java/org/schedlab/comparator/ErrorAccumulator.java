package org.schedlab.comparator;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.schedlab.core.Numbers;
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
 */
public final class ErrorAccumulator {

    private final String[] users;
    private final String[] vcpus;
    private final double[] correct;
    /** |c|₂; zero selects absolute errors. */
    private final double correctNorm;
    private final Thresholds thresholds;
    private final double warmupS;
    /** Per virtual CPU, the sum over counted intervals of busy × length. */
    private final double[] observedSum;
    private double countedS;
    private double lastEndS = Double.NEGATIVE_INFINITY;
    private final List<IntervalError> intervals = new ArrayList<>();

    /**
     * @param warmupS intervals starting before this many seconds are listed but not counted
     */
    public ErrorAccumulator(Solution solution, Thresholds thresholds, double warmupS) {
        Objects.requireNonNull(solution, "solution");
        this.thresholds = Objects.requireNonNull(thresholds, "thresholds");
        if (!(warmupS >= 0) || !Double.isFinite(warmupS)) {
            throw new IllegalArgumentException("warm-up must be a non-negative number of seconds, got " + warmupS);
        }
        this.warmupS = warmupS;
        List<VcpuAnswer> running = solution.running();
        int n = running.size();
        users = new String[n];
        vcpus = new String[n];
        correct = new double[n];
        double sumSquares = 0;
        for (int i = 0; i < n; i++) {
            VcpuAnswer v = running.get(i);
            users[i] = v.user();
            vcpus[i] = v.vcpu();
            correct[i] = v.correct();
            sumSquares += correct[i] * correct[i];
        }
        correctNorm = Math.sqrt(sumSquares);
        observedSum = new double[n];
    }

    /** N: how many busy values each interval must carry. */
    public int dimensions() {
        return correct.length;
    }

    /** Whether the error is relative; false when the correct vector is all zero. */
    public boolean relative() {
        return correctNorm > 0;
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
     * max nor the per-virtual-CPU means, like a warm-up interval.
     */
    public IntervalError add(ObservedInterval observed, boolean disturbed) {
        if (observed.size() != correct.length) {
            throw new IllegalArgumentException("interval " + Numbers.format(observed.startS()) + ".."
                    + Numbers.format(observed.endS()) + " s has " + observed.size()
                    + " busy values, the problem has " + correct.length + " running virtual CPUs");
        }
        if (observed.startS() < lastEndS) {
            throw new IllegalArgumentException("interval " + Numbers.format(observed.startS()) + ".."
                    + Numbers.format(observed.endS()) + " s starts before the previous interval ends at "
                    + Numbers.format(lastEndS) + " s: intervals must come in order and not overlap");
        }
        lastEndS = observed.endS();
        boolean count = counts(observed.startS()) && !disturbed;
        double length = observed.lengthS();
        double sumSquares = 0;
        for (int i = 0; i < correct.length; i++) {
            double o = observed.busy(i);
            double e = o - correct[i];
            sumSquares += e * e;
            if (count) {
                observedSum[i] += o * length;
            }
        }
        double norm = Math.sqrt(sumSquares);
        IntervalError error = new IntervalError(observed.startS(), observed.endS(),
                relative() ? Numbers.fractionToPercent(norm) / correctNorm : norm, count, disturbed);
        intervals.add(error);
        countedS += count ? length : 0;
        return error;
    }

    /**
     * The comparison of everything added so far; the accumulator stays usable.
     *
     * @throws IllegalArgumentException when no interval was added or all start inside the warm-up or are
     *                                  disturbed: there is nothing to judge, and a verdict would be made up
     */
    public Comparison finish() {
        List<VcpuComparison> perVcpu = new ArrayList<>(correct.length);
        for (int i = 0; i < correct.length; i++) {
            perVcpu.add(new VcpuComparison(users[i], vcpus[i], correct[i], countedS == 0 ? 0 : observedSum[i] / countedS));
        }
        return new Comparison(intervals, warmupS, relative(), thresholds, perVcpu);
    }
}
