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
     * 1% of the partition's capacity: a tenth of what all of it could move the error of a J1-like problem by, a
     * fifth of the 5% verdict threshold when it all lands on one virtual CPU of a problem with |c| = capacity/2.
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

    @Override
    public String toString() {
        return "excess above " + Numbers.format(boundPct) + "% of the partition's capacity";
    }
}
