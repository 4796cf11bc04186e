package org.schedlab.linux.measure;

/**
 * How the machine used the partition's CPUs in one interval, in percent of the partition's capacity (its
 * running pools' CPUs times the interval's length).
 *
 * @param foreignPct time not idle and not the burners' (see {@link Disturbance})
 * @param stealPct   of which the hypervisor's steal
 * @param excessPct  foreign time beyond what the correct answer leaves idle
 * @param disturbed  the excess is above the bound
 */
public record IntervalNoise(int index, long startMicros, long endMicros, double foreignPct, double stealPct,
                            double excessPct, boolean disturbed) {
}
