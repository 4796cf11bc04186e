package org.schedlab.comparator;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * How a run went in one phase of a problem that changes while it runs: the span between two changes
 * (docs/comparator.md, "Problems that change while they run").
 *
 * <p>The intervals of a phase are those that <em>end</em> in it, after its start and at or before its end:
 * an interval that straddles a change belongs to the phase the change starts, whose transient it shows. They
 * are a run of consecutive {@link Comparison#intervals()}, from {@code firstInterval}, {@code intervalCount}
 * of them.
 *
 * <p>The phase <em>settles</em> at the end of its last interval whose error is above the max threshold:
 * {@code settleS} is that time less the phase's start (0 when no interval is above it). When its last
 * interval is above it, the phase has not settled ({@code settled} false) and {@code settleS} is the time
 * measured, a lower bound. The <em>transient</em> is the intervals up to the settling point: the worst error
 * ({@code worstErrorPct}, the largest of the phase, which is the transient's whenever there is one) and,
 * per dimension, the CPU-seconds given beyond the answer (positive) or withheld from it (negative) over the
 * transient's intervals, each whole, against its time-weighted answer ({@code excessCpuS}).
 *
 * @param startS        the phase's start: 0, or the instant of the change that starts it
 * @param endS          the next change's instant, the end of the run, or empty when the run's end is not known
 * @param excessCpuS    per dimension, in the order of {@link Comparison#vcpus()}: 0 for all when it settled at once
 */
public record PhaseComparison(int index, double startS, OptionalDouble endS, int firstInterval, int intervalCount,
                              boolean settled, double settleS, double worstErrorPct, double[] excessCpuS) {

    public PhaseComparison {
        Objects.requireNonNull(endS, "endS");
        if (index < 0 || firstInterval < 0 || intervalCount < 0) {
            throw new IllegalArgumentException("phase index and interval range must not be negative");
        }
        if (!(startS >= 0) || !Double.isFinite(startS) || endS.isPresent() && !(endS.getAsDouble() > startS)) {
            throw new IllegalArgumentException("a phase needs 0 <= start < end, got " + startS + ".." + endS);
        }
        if (!(settleS >= 0) || !Double.isFinite(settleS) || !(worstErrorPct >= 0) || !Double.isFinite(worstErrorPct)) {
            throw new IllegalArgumentException("settling time and worst error are non-negative numbers");
        }
        if (intervalCount == 0 && (settled || settleS != 0 || worstErrorPct != 0)) {
            throw new IllegalArgumentException("phase " + index + " has no intervals, so nothing settled or erred");
        }
        excessCpuS = excessCpuS.clone();
        for (double e : excessCpuS) {
            if (!Double.isFinite(e)) {
                throw new IllegalArgumentException("excess CPU-seconds must be finite, got " + e);
            }
        }
    }

    /** A copy; {@link #excessCpuS(int)} reads one without copying. */
    @Override
    public double[] excessCpuS() {
        return excessCpuS.clone();
    }

    /** CPU-seconds dimension {@code i} got beyond its answer in the transient, negative when it got less. */
    public double excessCpuS(int i) {
        return excessCpuS[i];
    }

    /** Whether any interval ends in this phase: one shorter than an interval may have none. */
    public boolean measured() {
        return intervalCount > 0;
    }

    /** The intervals of this phase, out of the comparison's. */
    public List<IntervalError> intervals(Comparison comparison) {
        return comparison.intervals().subList(firstInterval, firstInterval + intervalCount);
    }

    /** CPU-seconds given beyond the answers in the transient, over every dimension that got more. */
    public double givenCpuS() {
        double sum = 0;
        for (double e : excessCpuS) {
            sum += Math.max(0, e);
        }
        return sum;
    }

    /** CPU-seconds withheld from the answers in the transient, over every dimension that got less, as a positive figure. */
    public double withheldCpuS() {
        double sum = 0;
        for (double e : excessCpuS) {
            sum += Math.max(0, -e);
        }
        return sum;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PhaseComparison p && index == p.index && Double.compare(startS, p.startS) == 0
                && endS.equals(p.endS) && firstInterval == p.firstInterval && intervalCount == p.intervalCount
                && settled == p.settled && Double.compare(settleS, p.settleS) == 0
                && Double.compare(worstErrorPct, p.worstErrorPct) == 0 && Arrays.equals(excessCpuS, p.excessCpuS);
    }

    @Override
    public int hashCode() {
        return Objects.hash(index, startS, endS, firstInterval, intervalCount, settled, settleS, worstErrorPct)
                * 31 + Arrays.hashCode(excessCpuS);
    }

    @Override
    public String toString() {
        return "PhaseComparison[" + index + " from " + startS + " s, intervals " + firstInterval + "+" + intervalCount
                + ", settled " + settled + " after " + settleS + " s, worst " + worstErrorPct + "%, excess "
                + Arrays.toString(excessCpuS) + "]";
    }

    /**
     * The settling of a phase from its intervals: what {@link ErrorAccumulator} records and {@link Comparison}
     * checks. Index of the last interval above the threshold (-1 for none), whether the phase settled, how
     * long it took, its worst error.
     */
    record Settling(int lastAbove, boolean settled, double settleS, double worstErrorPct) {

        static Settling of(List<IntervalError> intervals, int first, int count, double startS, Thresholds thresholds) {
            int lastAbove = -1;
            int lastJudged = -1;
            double worst = 0;
            for (int i = first; i < first + count; i++) {
                // A disturbed interval (a real kernel's machine took the CPUs) says nothing about settling.
                if (intervals.get(i).disturbed()) {
                    continue;
                }
                lastJudged = i;
                double e = intervals.get(i).errorPct();
                worst = Math.max(worst, e);
                if (!thresholds.within(e)) {
                    lastAbove = i;
                }
            }
            boolean settled = lastJudged >= 0 && lastAbove != lastJudged;
            double settle = lastAbove < 0 ? 0 : Math.max(0, intervals.get(lastAbove).endS() - startS);
            return new Settling(lastAbove, settled, settle, worst);
        }
    }
}
