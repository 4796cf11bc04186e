package org.schedlab.linux.measure;

import java.util.Objects;
import org.schedlab.core.EngineType;

/**
 * One dispatch pool as the measurement sees it: its CPUs and burners (indexes into a {@link Snapshot}'s arrays)
 * and how much of its capacity the correct answer gives the burners.
 *
 * @param cpus         indexes of the pool's host CPUs in the snapshot's CPU arrays
 * @param vcpus        indexes of the pool's burners in the snapshot's burner arrays
 * @param allocatedPct the solver's total for the pool's virtual CPUs, percent of one CPU
 */
public record PoolShape(EngineType type, int[] cpus, int[] vcpus, double allocatedPct) {

    public PoolShape {
        Objects.requireNonNull(type, "type");
        cpus = cpus.clone();
        vcpus = vcpus.clone();
        if (cpus.length == 0 || !(allocatedPct >= 0) || allocatedPct > 100.0 * cpus.length + 1e-6) {
            throw new IllegalArgumentException("pool " + type + ": " + cpus.length + " CPUs, allocated " + allocatedPct);
        }
    }

    @Override
    public int[] cpus() {
        return cpus.clone();
    }

    @Override
    public int[] vcpus() {
        return vcpus.clone();
    }

    /** The part of the pool's capacity the correct answer leaves to anything else, 0..1. */
    public double spareFraction() {
        return Math.max(0, 1 - allocatedPct / (100.0 * cpus.length));
    }
}
