package org.schedlab.core;

import java.util.Locale;
import java.util.Optional;

/**
 * The processor types of a z/VM partition. A virtual CPU has one, and so does each dispatch pool:
 * the logical CPUs of one type. Specialty engines (zIIP, zAAP, IFL, ICF) can be simulated on CPs.
 */
public enum EngineType {
    CP, ZIIP, ZAAP, IFL, ICF;

    /** Case-insensitive: {@code zIIP}, {@code ZIIP} and {@code ziip} are the same type. */
    public static Optional<EngineType> fromName(String text) {
        String upper = text.toUpperCase(Locale.ROOT);
        for (EngineType t : values()) {
            if (t.name().equals(upper)) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }

    /** Types a CPU pool may cap (z/VM's DEFINE CPUPOOL accepts only these). */
    public boolean canHaveCpuPool() {
        return this == CP || this == IFL;
    }
}
