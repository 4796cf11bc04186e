package org.schedlab.linux.measure;

import org.schedlab.core.Numbers;

/**
 * When an interval counts as disturbed: the machine took more of the partition's CPUs than the burners could
 * spare.
 *
 * <p>Per dispatch pool, <em>foreign</em> time is the time its CPUs were not idle and not running the pool's
 * burners: other processes, kernel threads, this JVM's own threads, interrupts not charged to a burner, and the
 * hypervisor's steal. The correct answer leaves part of the pool idle (its capacity minus what the solver
 * allocates); foreign work that fits in that part takes nothing the burners are owed, because the run group's top
 * weight makes ordinary work yield to them. The <em>excess</em> is the foreign time beyond it, summed over the
 * pools, in percent of the partition's capacity over the interval: time the burners may have been owed and did not
 * get for reasons outside the scheduler's choices among them. An interval whose excess is above
 * {@link #boundPct()} is disturbed: reported, and left out of the verdict.
 *
 * @param boundPct              the largest excess of an undisturbed interval, percent of the partition's capacity
 * @param minUndisturbedFraction a run needs at least this part of its intervals after the warm-up undisturbed (and at
 *                              least one), or it ends in error: the machine did not give the partition its CPUs
 */
public record Disturbance(double boundPct, double minUndisturbedFraction) {

    /**
     * 1% of the partition's capacity. An excess E of a capacity C moves an interval's error by at most
     * {@code E x C / |c|} points: for J1 (C = 200, |c| = 100) at most 2, well inside the 5% verdict threshold.
     */
    public static final double DEFAULT_BOUND_PCT = 1;
    /** Half of the intervals. */
    public static final double DEFAULT_MIN_UNDISTURBED = 0.5;

    public static final Disturbance DEFAULT = new Disturbance(DEFAULT_BOUND_PCT, DEFAULT_MIN_UNDISTURBED);

    public Disturbance {
        if (!(boundPct >= 0) || !Double.isFinite(boundPct)) {
            throw new IllegalArgumentException("disturbance bound must be a non-negative percent: " + boundPct);
        }
        if (!(minUndisturbedFraction >= 0 && minUndisturbedFraction <= 1)) {
            throw new IllegalArgumentException("undisturbed fraction must be 0..1: " + minUndisturbedFraction);
        }
    }

    public boolean disturbed(double excessPct) {
        return excessPct > boundPct;
    }

    /** The fewest undisturbed intervals a run of {@code counted} intervals after the warm-up needs. */
    public int minUndisturbed(int counted) {
        return Math.max(1, (int) Math.ceil(minUndisturbedFraction * counted - 1e-9));
    }

    /**
     * The error a run ends in when fewer than {@link #minUndisturbed} of its {@code counted} intervals after the
     * warm-up were undisturbed, with the figures that show it; empty when enough were.
     */
    public java.util.Optional<String> runError(int counted, int disturbed, double maxForeignPct, double meanForeignPct,
                                               double meanStealPct, double maxExcessPct) {
        int needed = minUndisturbed(counted);
        if (counted - disturbed >= needed) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of("the machine did not give the partition its CPUs: " + disturbed + " of " + counted
                + " intervals after the warm-up were disturbed (other work took up to " + Numbers.format(maxForeignPct, 2)
                + "% of the partition's CPU time, " + Numbers.format(meanForeignPct, 2) + "% on average, steal "
                + Numbers.format(meanStealPct, 2) + "%; the largest excess over what the burners could spare was "
                + Numbers.format(maxExcessPct, 2) + "%, the bound is " + Numbers.format(boundPct) + "%), and at least "
                + needed + " undisturbed are needed");
    }

    @Override
    public String toString() {
        return "excess above " + Numbers.format(boundPct) + "% of the partition's capacity";
    }
}
