package org.schedlab.comparator;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
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
 * @param vcpus               per running virtual CPU, in {@code Solution.running()} order; for a problem that
 *                            changes while it runs, per dimension ({@code PhasedSolution.dimensions()}), its
 *                            correct value the time-weighted mean of its answers over the counted intervals
 * @param phases              for a problem that changes while it runs, one per phase, each with its share of
 *                            the intervals (consecutive, all of them), its settling and its transient; empty for
 *                            a static problem, which is judged as a whole
 */
public record Comparison(List<IntervalError> intervals, double warmupS, boolean relative, Thresholds thresholds,
                         List<VcpuComparison> vcpus, List<PhaseComparison> phases) {

    /** A static problem's comparison: no phases. */
    public Comparison(List<IntervalError> intervals, double warmupS, boolean relative, Thresholds thresholds,
                      List<VcpuComparison> vcpus) {
        this(intervals, warmupS, relative, thresholds, vcpus, List.of());
    }

    public Comparison {
        intervals = List.copyOf(intervals);
        vcpus = List.copyOf(vcpus);
        phases = List.copyOf(phases);
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
        requireConsistentPhases(intervals, thresholds, vcpus.size(), phases);
    }

    /** The phases split the intervals in order, each interval in the phase its end falls in, and say what they show. */
    private static void requireConsistentPhases(List<IntervalError> intervals, Thresholds thresholds, int dimensions,
                                                List<PhaseComparison> phases) {
        int next = 0;
        for (int k = 0; k < phases.size(); k++) {
            PhaseComparison p = phases.get(k);
            if (p.index() != k || p.firstInterval() != next || (k == 0) != (p.startS() == 0)) {
                throw new IllegalArgumentException("phase " + p.index() + " given as phase " + k + " from interval "
                        + p.firstInterval() + " after interval " + next);
            }
            if (k + 1 < phases.size() && (p.endS().isEmpty() || p.endS().getAsDouble() != phases.get(k + 1).startS())) {
                throw new IllegalArgumentException("phase " + k + " does not end where phase " + (k + 1) + " starts");
            }
            if (p.excessCpuS().length != dimensions) {
                throw new IllegalArgumentException("phase " + k + " has " + p.excessCpuS().length + " excess figures for "
                        + dimensions + " virtual CPUs");
            }
            for (int i = p.firstInterval(); i < p.firstInterval() + p.intervalCount(); i++) {
                double end = intervals.get(i).endS();
                if (!(end > p.startS()) || k + 1 < phases.size() && end > p.endS().getAsDouble()) {
                    throw new IllegalArgumentException("interval " + i + " does not end in phase " + k);
                }
            }
            PhaseComparison.Settling settling = PhaseComparison.Settling.of(intervals, p.firstInterval(), p.intervalCount(),
                    p.startS(), thresholds);
            if (settling.settled() != p.settled() || settling.settleS() != p.settleS()
                    || settling.worstErrorPct() != p.worstErrorPct()) {
                throw new IllegalArgumentException("phase " + k + " settles otherwise than its intervals show");
            }
            next += p.intervalCount();
        }
        if (!phases.isEmpty() && next != intervals.size()) {
            throw new IllegalArgumentException("the phases hold " + next + " of " + intervals.size() + " intervals");
        }
    }

    /** Whether the problem changed while it ran, and the comparison is phase by phase. */
    public boolean dynamic() {
        return !phases.isEmpty();
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

    /**
     * A static problem passes when its counted intervals pass {@link Thresholds#judge}. A problem that changes
     * while it runs passes when every phase it measured passes ({@link #phaseVerdict}).
     */
    public Verdict verdict() {
        if (phases.isEmpty()) {
            return thresholds.judge(meanErrorPct(), maxErrorPct());
        }
        for (int k = 0; k < phases.size(); k++) {
            if (phaseVerdict(k).orElse(Verdict.PASS) == Verdict.FAIL) {
                return Verdict.FAIL;
            }
        }
        return Verdict.PASS;
    }

    /**
     * The verdict on phase {@code k}; empty when it has nothing to judge. The first phase is judged as a static
     * problem is, by its counted intervals (the warm-up is its allowance to settle). A phase after a change
     * passes when it settled, within the settle limit, and its settled part (the intervals after its last one
     * above the max threshold, all within it by definition) has a mean error within the mean threshold, if one
     * is set. A phase with no intervals, or the first with none counted, is not judged.
     */
    public Optional<Verdict> phaseVerdict(int k) {
        PhaseComparison p = phases.get(k);
        if (k == 0) {
            double sum = 0;
            double length = 0;
            double max = 0;
            for (IntervalError e : p.intervals(this)) {
                if (e.counted()) {
                    sum += e.errorPct() * e.lengthS();
                    length += e.lengthS();
                    max = Math.max(max, e.errorPct());
                }
            }
            return length == 0 ? Optional.empty() : Optional.of(thresholds.judge(sum / length, max));
        }
        if (!p.measured()) {
            return Optional.empty();
        }
        if (!p.settled() || !thresholds.settlesInTime(p.settleS())) {
            return Optional.of(Verdict.FAIL);
        }
        OptionalDouble mean = settledMeanErrorPct(k);
        return Optional.of(mean.isPresent() && !thresholds.meanWithin(mean.getAsDouble()) ? Verdict.FAIL : Verdict.PASS);
    }

    /**
     * Mean error of phase {@code k} after it settled (its intervals after the last one above the max threshold),
     * weighted by length; empty when it did not settle or has no intervals.
     */
    public OptionalDouble settledMeanErrorPct(int k) {
        PhaseComparison p = phases.get(k);
        PhaseComparison.Settling settling = PhaseComparison.Settling.of(intervals, p.firstInterval(), p.intervalCount(),
                p.startS(), thresholds);
        if (!settling.settled()) {
            return OptionalDouble.empty();
        }
        double sum = 0;
        double length = 0;
        for (int i = Math.max(settling.lastAbove() + 1, p.firstInterval()); i < p.firstInterval() + p.intervalCount(); i++) {
            IntervalError e = intervals.get(i);
            sum += e.errorPct() * e.lengthS();
            length += e.lengthS();
        }
        return OptionalDouble.of(sum / length);
    }
}
