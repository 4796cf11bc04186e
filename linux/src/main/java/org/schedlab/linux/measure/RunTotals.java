package org.schedlab.linux.measure;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.schedlab.linux.mapping.LogicalCpu;
import org.schedlab.runner.result.RunSummary;

/**
 * Adds up the intervals after the warm-up into the model's {@link RunSummary} (the undisturbed ones only, or all of
 * them for a run that ends in error because too few were undisturbed), and all of them into the noise figures.
 *
 * <p>Dispatch delay: {@code schedstat} gives sums only (time waited on a run queue, times put on a CPU), so a
 * virtual CPU's mean is exact (total wait over total dispatches) but single dispatches are not seen. Its p50, p99
 * and max are therefore taken over the intervals' mean delays, not over dispatches: they show how the mean moved
 * from interval to interval. A per-dispatch p99 needs the kernel's scheduler trace events.
 */
public final class RunTotals {

    private final int burners;
    private final boolean disturbedToo;
    private final List<LogicalCpu> cpus;
    private final long[] waitNs;
    private final long[] slices;
    private final List<List<Double>> delays = new ArrayList<>();
    private final double[] cpuBusyNs;
    private long countedNs;
    private int counted;
    private int disturbed;
    private int afterWarmup;
    private double foreignSum;
    private double foreignMax;
    private double stealSum;
    private double excessMax;

    /** Totals over the undisturbed intervals. */
    public RunTotals(int burners, List<LogicalCpu> cpus) {
        this(burners, cpus, false);
    }

    /** @param disturbedToo whether disturbed intervals count in the summary too */
    public RunTotals(int burners, List<LogicalCpu> cpus, boolean disturbedToo) {
        this.burners = burners;
        this.disturbedToo = disturbedToo;
        this.cpus = List.copyOf(cpus);
        this.waitNs = new long[burners];
        this.slices = new long[burners];
        for (int v = 0; v < burners; v++) {
            delays.add(new ArrayList<>());
        }
        this.cpuBusyNs = new double[cpus.size()];
    }

    /** Adds an interval after the warm-up; it counts in the summary unless disturbed. */
    public void add(IntervalMeter.Figures f) {
        IntervalNoise n = f.noise();
        afterWarmup++;
        foreignSum += n.foreignPct();
        foreignMax = Math.max(foreignMax, n.foreignPct());
        stealSum += n.stealPct();
        excessMax = Math.max(excessMax, n.excessPct());
        if (n.disturbed()) {
            disturbed++;
            if (!disturbedToo) {
                return;
            }
        }
        counted++;
        countedNs += f.elapsedNs();
        for (int v = 0; v < burners; v++) {
            waitNs[v] += f.waitNs()[v];
            slices[v] += f.slices()[v];
            if (!Double.isNaN(f.meanDelayUs()[v])) {
                delays.get(v).add(f.meanDelayUs()[v]);
            }
        }
        for (int c = 0; c < cpuBusyNs.length; c++) {
            cpuBusyNs[c] += f.cpuBusyPct()[c] / 100 * f.elapsedNs();
        }
    }

    public int afterWarmup() {
        return afterWarmup;
    }

    public int disturbed() {
        return disturbed;
    }

    public double meanForeignPct() {
        return afterWarmup == 0 ? 0 : foreignSum / afterWarmup;
    }

    public double maxForeignPct() {
        return foreignMax;
    }

    public double meanStealPct() {
        return afterWarmup == 0 ? 0 : stealSum / afterWarmup;
    }

    public double maxExcessPct() {
        return excessMax;
    }

    /** The summary over the counted intervals; every figure 0 when none counted. */
    public RunSummary summary(List<String> bucketIds, Map<String, Double> throttledPct) {
        List<RunSummary.DelayStats> d = new ArrayList<>(burners);
        long allWait = 0;
        long allSlices = 0;
        for (int v = 0; v < burners; v++) {
            double[] means = delays.get(v).stream().mapToDouble(Double::doubleValue).sorted().toArray();
            double mean = slices[v] == 0 ? 0 : waitNs[v] / 1e3 / slices[v];
            d.add(new RunSummary.DelayStats(mean, Math.round(rank(means, 0.5)), Math.round(rank(means, 0.99)),
                    Math.round(means.length == 0 ? 0 : means[means.length - 1]), slices[v]));
            allWait += waitNs[v];
            allSlices += slices[v];
        }
        List<RunSummary.LogicalCpuStats> l = new ArrayList<>(cpus.size());
        for (int c = 0; c < cpus.size(); c++) {
            LogicalCpu cpu = cpus.get(c);
            l.add(new RunSummary.LogicalCpuStats(cpu.index(), cpu.type(), cpu.core(), cpu.thread(),
                    countedNs == 0 ? 0 : 100 * cpuBusyNs[c] / countedNs, Map.of(), 0, 0, 0));
        }
        List<RunSummary.BucketStats> b = new ArrayList<>();
        for (String id : bucketIds) {
            b.add(new RunSummary.BucketStats(id, throttledPct.getOrDefault(id, 0.0)));
        }
        return new RunSummary(d, l, b, allSlices == 0 ? 0 : allWait / 1e3 / allSlices);
    }

    /** Nearest-rank percentile of sorted values; 0 for none. */
    static double rank(double[] sorted, double q) {
        if (sorted.length == 0) {
            return 0;
        }
        int k = (int) Math.ceil(q * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, k))];
    }

    @Override
    public String toString() {
        return "RunTotals" + Arrays.toString(slices);
    }
}
