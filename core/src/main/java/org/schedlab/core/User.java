package org.schedlab.core;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A logged-on guest: its share settings per engine type, optional CPU pool membership
 * ({@code SCHEDULE user CPUPOOL name}), CPU affinity, and its virtual CPUs in file order.
 */
public record User(String name, List<Share> shares, Optional<String> cpuPool, boolean cpuAffinity,
                   List<VirtualCpu> vcpus, SourceLocation location) {

    public User {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(cpuPool, "cpuPool");
        Objects.requireNonNull(location, "location");
        shares = List.copyOf(shares);
        vcpus = List.copyOf(vcpus);
        for (int i = 0; i < shares.size(); i++) {
            for (int j = i + 1; j < shares.size(); j++) {
                if (shares.get(i).type() == shares.get(j).type()) {
                    throw new IllegalArgumentException("user " + name + " has two shares for " + shares.get(i).type());
                }
            }
        }
        for (int i = 0; i < vcpus.size(); i++) {
            for (int j = i + 1; j < vcpus.size(); j++) {
                if (vcpus.get(i).number() == vcpus.get(j).number()) {
                    throw new IllegalArgumentException("user " + name + " has two virtual CPUs at " + vcpus.get(i).address());
                }
            }
        }
    }

    /** The share for {@code type}: the one written, or z/VM's default RELATIVE 100 with no limit. */
    public Share shareFor(EngineType type) {
        for (int i = 0; i < shares.size(); i++) {
            Share s = shares.get(i);
            if (s.type() == type) {
                return s;
            }
        }
        return Share.defaultFor(type, location);
    }

    /** User names are case-insensitive: this is the form to compare and key maps by. */
    public String key() {
        return key(name);
    }

    public static String key(String name) {
        return name.toUpperCase(Locale.ROOT);
    }
}
