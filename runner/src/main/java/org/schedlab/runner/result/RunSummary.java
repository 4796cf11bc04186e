package org.schedlab.runner.result;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.schedlab.core.EngineType;
import org.schedlab.core.Topology;

/**
 * Whole-run statistics, warm-up excluded.
 *
 * @param vcpuDelays          dispatch delay (ready to dispatched) per running virtual CPU, running order
 * @param logicalCpus         per logical CPU, in partition order (types in LPAR order, core by core, thread by thread)
 * @param buckets             per share bucket: how much of the time it spent on the limit list
 * @param meanDispatchDelayUs mean over all dispatches of all virtual CPUs
 */
public record RunSummary(List<DelayStats> vcpuDelays, List<LogicalCpuStats> logicalCpus, List<BucketStats> buckets,
                         double meanDispatchDelayUs) {

    public RunSummary {
        vcpuDelays = List.copyOf(vcpuDelays);
        logicalCpus = List.copyOf(logicalCpus);
        buckets = List.copyOf(buckets);
    }

    /** Dispatch delays of one virtual CPU in microseconds; percentiles from a bounded log-linear histogram (within 1/32 below the true value when a VCPU's delays occupy at most 128 buckets; docs/runner.md, "Delay statistics", gives the bound beyond). */
    public record DelayStats(double meanUs, long p50Us, long p99Us, long maxUs, long count) {
        public DelayStats {
            if (count < 0) {
                throw new IllegalArgumentException("count must not be negative");
            }
        }
    }

    /**
     * One logical CPU (a thread of a core).
     *
     * @param steals         VMDBKs this CPU took from other cores' dispatch vectors, by topological distance
     * @param preemptions    times a newly ready, more urgent VMDBK displaced the one running here
     * @param affinityMisses dispatches of a VMDBK that last ran on the sibling thread (thread affinity failed)
     */
    public record LogicalCpuStats(int index, EngineType type, int core, int thread, double busyPct,
                                  Map<Topology.Distance, Long> steals, long preemptions, long dispatches,
                                  long affinityMisses) {
        public LogicalCpuStats {
            Objects.requireNonNull(type, "type");
            EnumMap<Topology.Distance, Long> m = new EnumMap<>(Topology.Distance.class);
            for (Topology.Distance d : Topology.Distance.values()) {
                m.put(d, steals.getOrDefault(d, 0L));
            }
            steals = Collections.unmodifiableMap(m);
        }

        public long totalSteals() {
            return steals.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    /** A share bucket ({@code USER/TYPE}) and the share of the time it was on the limit list, in percent. */
    public record BucketStats(String id, double limitListPct) {
        public BucketStats {
            Objects.requireNonNull(id, "id");
        }
    }
}
