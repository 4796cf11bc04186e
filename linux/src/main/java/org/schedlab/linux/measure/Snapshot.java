package org.schedlab.linux.measure;

/**
 * Every counter a run reads at one interval boundary; all times in nanoseconds.
 *
 * @param nanos   the monotonic clock at the read (the middle of it)
 * @param cpuNs   per burner, its thread CPU clock
 * @param waitNs  per burner, its time waiting on a run queue ({@code schedstat} field 2)
 * @param slices  per burner, how many times it was put on a CPU ({@code schedstat} field 3)
 * @param idleNs  per partition CPU (host CPUs in logical CPU order), time idle since boot
 * @param stealNs per partition CPU, time the hypervisor ran something else while this CPU wanted to run
 */
public record Snapshot(long nanos, long[] cpuNs, long[] waitNs, long[] slices, long[] idleNs, long[] stealNs) {

    public Snapshot {
        if (cpuNs.length != waitNs.length || cpuNs.length != slices.length || idleNs.length != stealNs.length) {
            throw new IllegalArgumentException("one figure per burner and per CPU");
        }
        cpuNs = cpuNs.clone();
        waitNs = waitNs.clone();
        slices = slices.clone();
        idleNs = idleNs.clone();
        stealNs = stealNs.clone();
    }

    @Override
    public long[] cpuNs() {
        return cpuNs.clone();
    }

    @Override
    public long[] waitNs() {
        return waitNs.clone();
    }

    @Override
    public long[] slices() {
        return slices.clone();
    }

    @Override
    public long[] idleNs() {
        return idleNs.clone();
    }

    @Override
    public long[] stealNs() {
        return stealNs.clone();
    }

    long cpu(int i) {
        return cpuNs[i];
    }

    long wait(int i) {
        return waitNs[i];
    }

    long slice(int i) {
        return slices[i];
    }

    long idle(int c) {
        return idleNs[c];
    }

    long steal(int c) {
        return stealNs[c];
    }
}
