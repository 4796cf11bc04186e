package org.schedlab.core;

import java.util.Locale;
import java.util.Objects;

/**
 * A z/VM CPU pool ({@code DEFINE CPUPOOL}): a cap on the total consumption of its members'
 * virtual CPUs in the dispatch pool of {@code type}. LIMITHARD p% caps at p% of that pool's capacity;
 * CAPACITY n caps at n logical CPUs' worth (thread time under SMT-2).
 */
public record CpuPool(String name, EngineType type, Kind kind, double value, SourceLocation location) {

    public CpuPool {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(location, "location");
        if (!type.canHaveCpuPool()) {
            throw new IllegalArgumentException("a CPU pool must be CP or IFL: " + type);
        }
        if (!(value > 0) || (kind == Kind.LIMITHARD && value > 100) || !Double.isFinite(value)) {
            throw new IllegalArgumentException("bad CPU pool value " + value);
        }
    }

    /** The cap in percent of one logical CPU, given the capacity of the pool's dispatch pool. */
    public double cap(double typeCapacity) {
        return kind == Kind.LIMITHARD ? Numbers.percentToFraction(typeCapacity * value) : Numbers.fractionToPercent(value);
    }

    public String key() {
        return name.toUpperCase(Locale.ROOT);
    }

    public enum Kind {
        /** {@code LIMITHARD p%}: a percentage of the type's capacity. */
        LIMITHARD,
        /** {@code CAPACITY n}: n logical CPUs' worth. */
        CAPACITY
    }
}
