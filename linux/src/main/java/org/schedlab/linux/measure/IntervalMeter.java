package org.schedlab.linux.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.schedlab.runner.result.VcpuSample;

/**
 * The arithmetic of one interval between two {@link Snapshot}s, no I/O: each burner's busy percent and mean
 * run-queue wait, each CPU's busy percent, and the interval's {@link IntervalNoise}.
 */
public final class IntervalMeter {

    private final List<PoolShape> pools;
    private final Disturbance rule;
    private final int burners;
    private final int cpus;
    private final boolean stealIsForeign;

    /**
     * A meter for a partition on this machine, where the hypervisor's steal is foreign time like any other.
     *
     * @param pools every dispatch pool with running virtual CPUs; together they cover every burner once
     */
    public IntervalMeter(List<PoolShape> pools, int burners, int cpus, Disturbance rule) {
        this(pools, burners, cpus, rule, true);
    }

    /**
     * @param stealIsForeign false inside a hypervisor's guest whose hypervisor is under test: what it steals is its
     *                       scheduling, the very thing measured, not a disturbance
     */
    public IntervalMeter(List<PoolShape> pools, int burners, int cpus, Disturbance rule, boolean stealIsForeign) {
        this.stealIsForeign = stealIsForeign;
        this.pools = List.copyOf(pools);
        this.rule = Objects.requireNonNull(rule, "rule");
        this.burners = burners;
        this.cpus = cpus;
        boolean[] seen = new boolean[burners];
        for (PoolShape p : pools) {
            for (int v : p.vcpus()) {
                if (seen[v]) {
                    throw new IllegalArgumentException("burner " + v + " in two pools");
                }
                seen[v] = true;
            }
            for (int c : p.cpus()) {
                if (c < 0 || c >= cpus) {
                    throw new IllegalArgumentException("CPU index " + c + " out of " + cpus);
                }
            }
        }
        for (int v = 0; v < burners; v++) {
            if (!seen[v]) {
                throw new IllegalArgumentException("burner " + v + " in no pool");
            }
        }
    }

    /**
     * One interval's figures.
     *
     * @param vcpuBusyPct  per burner, CPU time over the interval's length
     * @param meanDelayUs  per burner, run-queue wait per time it was put on a CPU; NaN when it never was
     * @param waitNs       per burner, run-queue wait in the interval
     * @param slices       per burner, times put on a CPU in the interval
     * @param cpuBusyPct   per CPU, time not idle over the interval's length (anything's, the burners' included)
     */
    public record Figures(long elapsedNs, double[] vcpuBusyPct, double[] meanDelayUs, long[] waitNs, long[] slices,
                          double[] cpuBusyPct, IntervalNoise noise) {

        /** The burners' figures as the model's samples: raw busy; no SMT speed measured, so MT1 busy is raw busy,
         * and a transaction is a millisecond of CPU. */
        public List<VcpuSample> samples() {
            List<VcpuSample> out = new ArrayList<>(vcpuBusyPct.length);
            for (double b : vcpuBusyPct) {
                double busy = Math.max(0, b);
                out.add(new VcpuSample(busy, busy, busy * elapsedNs / 100 / 1e6));
            }
            return out;
        }
    }

    /**
     * @param index       the interval's number
     * @param startMicros the interval's start after the run's start (monotonic), for the noise record
     */
    public Figures interval(int index, long startMicros, Snapshot from, Snapshot to) {
        long elapsed = to.nanos() - from.nanos();
        if (elapsed <= 0) {
            throw new IllegalArgumentException("an interval must have a positive length: " + elapsed + " ns");
        }
        double[] busy = new double[burners];
        double[] delay = new double[burners];
        long[] wait = new long[burners];
        long[] slices = new long[burners];
        for (int v = 0; v < burners; v++) {
            long ran = Math.max(0, to.cpu(v) - from.cpu(v));
            busy[v] = 100.0 * ran / elapsed;
            wait[v] = Math.max(0, to.wait(v) - from.wait(v));
            slices[v] = Math.max(0, to.slice(v) - from.slice(v));
            delay[v] = slices[v] == 0 ? Double.NaN : wait[v] / 1e3 / slices[v];
        }
        double[] cpuBusy = new double[cpus];
        for (int c = 0; c < cpus; c++) {
            long idle = Math.max(0, Math.min(elapsed, to.idle(c) - from.idle(c)));
            cpuBusy[c] = 100.0 * (elapsed - idle) / elapsed;
        }
        double capacity = 0;
        double foreign = 0;
        double steal = 0;
        double excess = 0;
        for (PoolShape p : pools) {
            double c = (double) elapsed * p.cpus().length;
            double idle = 0;
            double st = 0;
            for (int k : p.cpus()) {
                idle += Math.max(0, Math.min(elapsed, to.idle(k) - from.idle(k)));
                st += Math.max(0, to.steal(k) - from.steal(k));
            }
            double ran = 0;
            for (int v : p.vcpus()) {
                ran += Math.max(0, to.cpu(v) - from.cpu(v));
            }
            double f = Math.max(0, c - idle - ran);
            double stolen = Math.min(st, f);
            capacity += c;
            foreign += f;
            steal += stolen;
            excess += Math.max(0, (stealIsForeign ? f : f - stolen) - c * p.spareFraction());
        }
        double foreignPct = capacity == 0 ? 0 : 100 * foreign / capacity;
        double stealPct = capacity == 0 ? 0 : 100 * steal / capacity;
        double excessPct = capacity == 0 ? 0 : 100 * excess / capacity;
        long endMicros = startMicros + elapsed / 1000;
        IntervalNoise noise = new IntervalNoise(index, startMicros, Math.max(startMicros + 1, endMicros), foreignPct,
                stealPct, excessPct, rule.disturbed(excessPct));
        return new Figures(elapsed, busy, delay, wait, slices, cpuBusy, noise);
    }
}
