package org.schedlab.comparator;

import java.util.List;
import java.util.Objects;
import org.schedlab.core.Numbers;

/**
 * The comparator's result for one run. Mean, max, the excluded count, the gaps and the verdict are
 * computed from the intervals rather than stored, so a Comparison cannot contradict itself. It holds only
 * what the comparison itself found: a runner's own metrics (ETR, dispatch delay) travel beside it, in the cell.
 *
 * @param intervals           every interval in the order observed, which is order of time: each starts at
 *                            or after the end of the one before (gaps allowed, overlaps not); warm-up and
 *                            disturbed ones with {@code counted} false
 * @param warmupS             intervals starting before this many seconds are excluded
 * @param relative            false when the correct vector is all zero and errors are absolute
 * @param vcpus               per running virtual CPU, in {@code Solution.running()} order
 */
public record Comparison(List<IntervalError> intervals, double warmupS, boolean relative, Thresholds thresholds,
                         List<VcpuComparison> vcpus) {

    public Comparison {
        intervals = List.copyOf(intervals);
        vcpus = List.copyOf(vcpus);
        Objects.requireNonNull(thresholds, "thresholds");
        if (!(warmupS >= 0) || !Double.isFinite(warmupS)) {
            throw new IllegalArgumentException("warm-up must be a non-negative number of seconds, got " + warmupS);
        }
        int counted = 0;
        IntervalError previous = null;
        for (IntervalError e : intervals) {
            if (previous != null && e.startS() < previous.endS()) {
                throw new IllegalArgumentException("interval " + Numbers.format(e.startS()) + ".."
                        + Numbers.format(e.endS()) + " s starts before the previous interval ends at "
                        + Numbers.format(previous.endS()) + " s: intervals must come in order and not overlap");
            }
            previous = e;
            if (e.counted() != (e.startS() >= warmupS && !e.disturbed())) {
                throw new IllegalArgumentException("interval " + e.startS() + ".." + e.endS()
                        + " s is counted contrary to the " + warmupS + " s warm-up"
                        + (e.disturbed() ? " and its disturbance" : ""));
            }
            counted += e.counted() ? 1 : 0;
        }
        if (intervals.isEmpty()) {
            throw new IllegalArgumentException("no intervals to compare: the measurement has no intervals");
        }
        if (counted == 0) {
            long disturbed = intervals.stream().filter(e -> e.disturbed() && e.startS() >= warmupS).count();
            throw new IllegalArgumentException("no intervals to compare: all " + intervals.size()
                    + " intervals start before the end of the " + Numbers.format(warmupS) + " s warm-up"
                    + (disturbed == 0 ? "" : " or are disturbed (" + disturbed + " after the warm-up)"));
        }
    }

    public int countedIntervals() {
        int n = 0;
        for (IntervalError e : intervals) {
            n += e.counted() ? 1 : 0;
        }
        return n;
    }

    /** Intervals left out because they start inside the warm-up. */
    public int excludedIntervals() {
        int n = 0;
        for (IntervalError e : intervals) {
            n += e.startS() < warmupS ? 1 : 0;
        }
        return n;
    }

    /**
     * Intervals after the warm-up left out because they were disturbed: the machine took the partition's CPUs
     * (a run on a real kernel, docs/linux.md). Always 0 for the model and for measurements read from a file.
     * {@code countedIntervals() + excludedIntervals() + disturbedIntervals()} is every interval.
     */
    public int disturbedIntervals() {
        int n = 0;
        for (IntervalError e : intervals) {
            n += e.disturbed() && e.startS() >= warmupS ? 1 : 0;
        }
        return n;
    }

    /**
     * Mean of the counted intervals' errors, each weighted by its length: the error per second measured.
     * With intervals of equal length it is the plain mean.
     */
    public double meanErrorPct() {
        double sum = 0;
        double length = 0;
        for (IntervalError e : intervals) {
            if (e.counted()) {
                sum += e.errorPct() * e.lengthS();
                length += e.lengthS();
            }
        }
        return sum / length;
    }

    /** Seconds covered by the counted intervals: the weight of the means. */
    public double countedS() {
        double length = 0;
        for (IntervalError e : intervals) {
            length += e.counted() ? e.lengthS() : 0;
        }
        return length;
    }

    /**
     * Gaps between consecutive intervals, warm-up included: time the measurement does not cover, which
     * neither mean nor max can account for. Time before the first interval is not a gap: a measurement
     * may start late.
     */
    public int gaps() {
        int n = 0;
        for (int i = 1; i < intervals.size(); i++) {
            n += intervals.get(i).startS() > intervals.get(i - 1).endS() ? 1 : 0;
        }
        return n;
    }

    /** Total length of the {@link #gaps()}, in seconds. */
    public double gapS() {
        double s = 0;
        for (int i = 1; i < intervals.size(); i++) {
            s += Math.max(0, intervals.get(i).startS() - intervals.get(i - 1).endS());
        }
        return s;
    }

    /** Largest counted interval error. */
    public double maxErrorPct() {
        double max = 0;
        for (IntervalError e : intervals) {
            if (e.counted()) {
                max = Math.max(max, e.errorPct());
            }
        }
        return max;
    }

    public Verdict verdict() {
        return thresholds.judge(meanErrorPct(), maxErrorPct());
    }
}
