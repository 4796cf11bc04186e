package org.schedlab.core;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The LPAR a problem runs on: logical cores per engine type (in the order the LPAR statement lists
 * them), threads per core (1, or 2 for SMT-2), topology, SRM settings and CPU pools.
 */
public record Partition(Map<EngineType, Integer> cores, Map<EngineType, Integer> threads, Topology topology,
                        Srm srm, List<CpuPool> cpuPools, SourceLocation location) {

    public Partition {
        Objects.requireNonNull(topology, "topology");
        Objects.requireNonNull(srm, "srm");
        Objects.requireNonNull(location, "location");
        if (cores.isEmpty()) {
            throw new IllegalArgumentException("a partition needs at least one engine type");
        }
        cores.forEach((t, n) -> {
            if (n < 1) {
                throw new IllegalArgumentException(t + " needs at least one core");
            }
        });
        threads.forEach((t, n) -> {
            if (!Limits.THREADS.contains(n)) {
                throw new IllegalArgumentException("threads per core must be 1 or 2: " + t + "." + n);
            }
        });
        // Partitions built in code may pass the language's limit (Limits.MAX_LOGICAL_CPUS), but
        // logical CPU counts are ints everywhere downstream, and they must not wrap.
        if (Limits.logicalCpus(cores, threads) > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("more logical CPUs than an int holds: " + cores + " x " + threads);
        }
        cores = Collections.unmodifiableMap(new LinkedHashMap<>(cores));
        threads = Collections.unmodifiableMap(new LinkedHashMap<>(threads));
        cpuPools = List.copyOf(cpuPools);
    }

    /** The engine types of this partition, in LPAR statement order. */
    public List<EngineType> types() {
        return List.copyOf(cores.keySet());
    }

    public boolean has(EngineType type) {
        return cores.containsKey(type);
    }

    public int cores(EngineType type) {
        return cores.getOrDefault(type, 0);
    }

    /** 1, or 2 under {@code MULTITHREAD type.2}. */
    public int threads(EngineType type) {
        return threads.getOrDefault(type, 1);
    }

    public boolean smt(EngineType type) {
        return threads(type) > 1;
    }

    public int logicalCpus(EngineType type) {
        return cores(type) * threads(type);
    }

    /** Capacity of the dispatch pool of {@code type}: 100 per logical CPU (thread), 0 if absent. */
    public double capacity(EngineType type) {
        return Numbers.fractionToPercent(logicalCpus(type));
    }

    /** CPU pool names are case-insensitive. */
    public Optional<CpuPool> cpuPool(String name) {
        String key = name.toUpperCase(java.util.Locale.ROOT);
        return cpuPools.stream().filter(p -> p.key().equals(key)).findFirst();
    }
}
