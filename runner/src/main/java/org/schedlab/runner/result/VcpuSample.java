package org.schedlab.runner.result;

/**
 * What one virtual CPU consumed in one interval.
 *
 * @param busyPct    raw time dispatched, in percent of one logical CPU (thread)
 * @param mt1BusyPct MT1-equivalent time: the work done, as percent of one single-threaded CPU
 * @param etr        transactions in the interval: one per millisecond of MT1-equivalent work
 */
public record VcpuSample(double busyPct, double mt1BusyPct, double etr) {

    public VcpuSample {
        if (!(busyPct >= 0) || !(mt1BusyPct >= 0) || !(etr >= 0)) {
            throw new IllegalArgumentException("samples must be non-negative numbers");
        }
    }
}
