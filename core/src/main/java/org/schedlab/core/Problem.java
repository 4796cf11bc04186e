package org.schedlab.core;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/** One scheduler problem: a partition, the users logged on to it, and how to run it. */
public record Problem(String name, Partition partition, List<User> users, RunControl runControl,
                      SourceLocation location) {

    public Problem {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(partition, "partition");
        Objects.requireNonNull(runControl, "runControl");
        Objects.requireNonNull(location, "location");
        users = List.copyOf(users);
        Set<String> seen = new HashSet<>();
        for (User u : users) {
            if (!seen.add(u.key())) {
                throw new IllegalArgumentException("duplicate user " + u.name() + " in problem " + name);
            }
            u.cpuPool().ifPresent(p -> {
                if (partition.cpuPool(p).isEmpty()) {
                    throw new IllegalArgumentException("user " + u.name() + " names undefined CPU pool " + p);
                }
            });
            for (VirtualCpu v : u.vcpus()) {
                if (dispatchPoolOrNull(partition, u, v) == null) {
                    throw new IllegalArgumentException("no logical CPU can run " + u.name() + "." + v.address());
                }
            }
        }
    }

    /**
     * The dispatch pool a virtual CPU runs in: its own type when the partition has that type and the
     * user's CPU affinity is ON, otherwise CP, where z/VM simulates specialty engines.
     */
    public EngineType dispatchPool(User user, VirtualCpu vcpu) {
        return dispatchPoolOrNull(partition, user, vcpu);
    }

    /** Whether {@code vcpu} of {@code user} can run anywhere on {@code partition}; the parser's check. */
    public static boolean canRun(Partition partition, User user, VirtualCpu vcpu) {
        return dispatchPoolOrNull(partition, user, vcpu) != null;
    }

    private static EngineType dispatchPoolOrNull(Partition partition, User user, VirtualCpu vcpu) {
        if (partition.has(vcpu.type()) && (user.cpuAffinity() || vcpu.type() == EngineType.CP)) {
            return vcpu.type();
        }
        return partition.has(EngineType.CP) ? EngineType.CP : null;
    }

    /** Users are looked up case-insensitively. */
    public Optional<User> user(String name) {
        String key = User.key(name);
        return users.stream().filter(u -> u.key().equals(key)).findFirst();
    }

    /** Every virtual CPU, in file order, with its user. */
    public List<Placed> vcpus() {
        return users.stream().flatMap(u -> u.vcpus().stream().map(v -> new Placed(u, v, dispatchPool(u, v)))).toList();
    }

    /** A virtual CPU together with its user and the dispatch pool it runs in. */
    public record Placed(User user, VirtualCpu vcpu, EngineType pool) {
        /** {@code USER.ADDR}, the name reports and measurement files use. */
        public String id() {
            return user.name() + "." + vcpu.address();
        }
    }
}
