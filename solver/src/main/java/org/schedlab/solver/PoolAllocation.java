package org.schedlab.solver;

import java.util.Objects;
import org.schedlab.core.EngineType;

/** A dispatch pool's capacity and how much of it the correct answer allocates. */
public record PoolAllocation(EngineType type, double capacity, double allocated) {

    public PoolAllocation {
        Objects.requireNonNull(type, "type");
    }

    public double idle() {
        return Math.max(0, capacity - allocated);
    }
}
