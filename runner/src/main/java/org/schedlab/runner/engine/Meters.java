package org.schedlab.runner.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.schedlab.core.Numbers;
import org.schedlab.core.Topology;
import org.schedlab.runner.result.IntervalSample;
import org.schedlab.runner.result.RunSummary;
import org.schedlab.runner.result.VcpuSample;
import org.schedlab.runner.spi.VcpuStatus;

/**
 * The statistics counters. The interval series (raw time and work per virtual CPU) covers the whole run; the
 * summary counters count only while {@link #measuring} (after warm-up). Per-VCPU and per-CPU counters are
 * written by the worker owning the core, per-bucket ones at the edge. Every recorder is allocation-free.
 */
final class Meters {

    private static final int DISTANCES = Topology.Distance.values().length;

    private final Layout layout;
    /** Whether the current window counts toward the summary (read by workers after the barrier). */
    boolean measuring;

    private final long[] vRawInterval;
    private final long[] vWorkInterval;
    private final DelayHistogram[] vDelay;
    /** The VMDBK each logical CPU ran last (-1: none yet): only a switch to another one counts a delay. */
    private final int[] cpuLastVcpu;
    private final long[] cpuBusy;
    private final long[] cpuSteals;
    private final long[] cpuPreemptions;
    private final long[] cpuDispatches;
    private final long[] cpuAffinityMisses;
    private final long[] bucketLimitedMicros;

    Meters(Layout l) {
        this.layout = l;
        vRawInterval = new long[l.n];
        vWorkInterval = new long[l.n];
        vDelay = new DelayHistogram[l.n];
        for (int v = 0; v < l.n; v++) {
            vDelay[v] = new DelayHistogram();
        }
        cpuBusy = new long[l.nCpus];
        cpuLastVcpu = new int[l.nCpus];
        Arrays.fill(cpuLastVcpu, -1);
        cpuSteals = new long[l.nCpus * DISTANCES];
        cpuPreemptions = new long[l.nCpus];
        cpuDispatches = new long[l.nCpus];
        cpuAffinityMisses = new long[l.nCpus];
        bucketLimitedMicros = new long[l.nb];
    }

    /** {@code v} ran {@code dt} us on {@code cpu} and did {@code work} units of its burner's work. */
    void ran(int cpu, int v, long dt, long work) {
        vRawInterval[v] += dt;
        if (measuring) {
            cpuBusy[cpu] += dt;
        }
        vWorkInterval[v] += work;
    }

    /**
     * {@code v} was dispatched on {@code cpu} after waiting {@code delay} us; it last ran on {@code last}. Like CP's
     * monitor (the dispatch delay fields of D4 R3 MRUSEACT) the delay counts only when the CPU switches to another
     * VMDBK: a burner put back on the CPU it just left SIE on was never in the dispatch vector's queue.
     */
    void dispatched(int cpu, int v, long delay, int last) {
        boolean switched = cpuLastVcpu[cpu] != v;
        cpuLastVcpu[cpu] = v;
        if (measuring) {
            if (switched) {
                vDelay[v].record(delay);
            }
            cpuDispatches[cpu]++;
            if (last >= 0 && last != cpu && layout.cpuCore[last] == layout.cpuCore[cpu]) {
                cpuAffinityMisses[cpu]++;
            }
        }
    }

    void preempted(int cpu) {
        if (measuring) {
            cpuPreemptions[cpu]++;
        }
    }

    void stole(int cpu, int distance) {
        if (measuring) {
            cpuSteals[cpu * DISTANCES + distance]++;
        }
    }

    /** The bucket spent a window of {@code micros} on the limit list. */
    void limited(int bucket, long micros) {
        if (measuring) {
            bucketLimitedMicros[bucket] += micros;
        }
    }

    IntervalSample takeInterval(int index, long start, long end) {
        long len = end - start;
        int fullSpeed = layout.constants.fullSpeed();
        List<VcpuSample> out = new ArrayList<>(layout.n);
        for (int v = 0; v < layout.n; v++) {
            double busy = Numbers.fractionToPercent(vRawInterval[v]) / len;
            double mt1 = Numbers.fractionToPercent(vWorkInterval[v]) / ((double) len * fullSpeed);
            double etr = vWorkInterval[v] / (1000.0 * fullSpeed);
            out.add(new VcpuSample(busy, mt1, etr));
            vRawInterval[v] = 0;
            vWorkInterval[v] = 0;
        }
        return new IntervalSample(index, start, end, out);
    }

    RunSummary summary(State s, long measuredMicros) {
        Layout l = layout;
        List<RunSummary.DelayStats> delays = new ArrayList<>(l.n);
        long sum = 0;
        long count = 0;
        for (int v = 0; v < l.n; v++) {
            // A VMDBK still ready (or on the limit list) at the end is still waiting: its open wait counts, so a
            // starved virtual CPU shows one huge delay instead of none.
            if (measuring && (s.vStatus[v] == VcpuStatus.READY || s.vStatus[v] == VcpuStatus.LIMITED)) {
                vDelay[v].record(s.windowEnd - s.vReadySince[v]);
                s.vReadySince[v] = s.windowEnd;
            }
            delays.add(vDelay[v].stats());
            sum += vDelay[v].sum();
            count += vDelay[v].count();
        }
        List<RunSummary.LogicalCpuStats> cpus = new ArrayList<>(l.nCpus);
        for (int cpu = 0; cpu < l.nCpus; cpu++) {
            int core = l.cpuCore[cpu];
            Map<Topology.Distance, Long> steals = new EnumMap<>(Topology.Distance.class);
            for (Topology.Distance d : Topology.Distance.values()) {
                steals.put(d, cpuSteals[cpu * DISTANCES + d.ordinal()]);
            }
            cpus.add(new RunSummary.LogicalCpuStats(cpu, l.context.dispatchPools().get(l.coreDispatchPool[core]).type(),
                    l.coreLocal[core], cpu - l.coreFirstCpu[core], Numbers.fractionToPercent(cpuBusy[cpu]) / measuredMicros, steals,
                    cpuPreemptions[cpu], cpuDispatches[cpu], cpuAffinityMisses[cpu]));
        }
        List<RunSummary.BucketStats> bs = new ArrayList<>(l.nb);
        for (int b = 0; b < l.nb; b++) {
            bs.add(new RunSummary.BucketStats(l.context.buckets().get(b).id(),
                    Numbers.fractionToPercent(bucketLimitedMicros[b]) / measuredMicros));
        }
        return new RunSummary(delays, cpus, bs, count == 0 ? 0 : (double) sum / count);
    }
}
