package org.schedlab.core;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.UnaryOperator;

/**
 * A problem's partition and users as its changes apply one after another: how {@link Problem#phases()} is
 * computed and how the parser checks each change where it is written. Mutable, and not thread-safe; every
 * {@link Problem} it makes is immutable.
 *
 * <p>Users stay in the order they logged on: those of the problem's {@code USER} statements in file order,
 * then each {@code LOGON} at the end; a user logged off and on again goes to the end. A change to a user
 * keeps its place, and a change to a virtual CPU keeps its place among its user's.
 */
public final class ProblemState {

    private Partition partition;
    /** By {@link User#key()}, in logon order. */
    private final LinkedHashMap<String, User> users = new LinkedHashMap<>();

    /** The state a problem starts in: its partition and users (its own changes are not applied). */
    public ProblemState(Problem problem) {
        this(problem.partition(), problem.users());
    }

    public ProblemState(Partition partition, List<User> users) {
        this.partition = Objects.requireNonNull(partition, "partition");
        for (User u : users) {
            if (this.users.putIfAbsent(u.key(), u) != null) {
                throw new IllegalArgumentException("duplicate user " + u.name());
            }
        }
    }

    public Partition partition() {
        return partition;
    }

    /** The users logged on now, in logon order. */
    public List<User> users() {
        return List.copyOf(users.values());
    }

    /** The logged-on user of that name (case-insensitive). */
    public Optional<User> user(String name) {
        return Optional.ofNullable(users.get(User.key(name)));
    }

    /** The virtual CPU {@code ref} names, if its user is logged on and has it. */
    public Optional<VirtualCpu> vcpu(VcpuRef ref) {
        User u = users.get(ref.userKey());
        return u == null ? Optional.empty() : Optional.ofNullable(find(u, ref.number()));
    }

    /** The problem as it stands, with no changes of its own. */
    public Problem problem(String name, RunControl runControl, SourceLocation location) {
        return new Problem(name, partition, List.copyOf(users.values()), runControl, location);
    }

    /**
     * Why {@code change} cannot apply now, in the language's words, or empty if it can. The messages name
     * the state, not the time: {@code user A is not logged on}, {@code virtual CPU B.0 is already stopped};
     * the parser adds where and when.
     */
    public Optional<String> check(Change change) {
        return Optional.ofNullable(change.accept(new Checker()));
    }

    /**
     * Applies {@code change}.
     *
     * @throws IllegalArgumentException with {@link #check}'s message when it cannot apply; the state is then
     *                                  unchanged
     */
    public void apply(Change change) {
        check(change).ifPresent(m -> {
            throw new IllegalArgumentException(m);
        });
        change.accept(new Applier());
    }

    private static VirtualCpu find(User u, int number) {
        for (VirtualCpu v : u.vcpus()) {
            if (v.number() == number) {
                return v;
            }
        }
        return null;
    }

    private String notLoggedOn(String user) {
        return users.containsKey(User.key(user)) ? null : "user " + user + " is not logged on";
    }

    private String missingVcpu(VcpuRef ref) {
        String user = notLoggedOn(ref.user());
        if (user != null) {
            return user;
        }
        return find(users.get(ref.userKey()), ref.number()) == null
                ? "user " + ref.user() + " has no virtual CPU " + ref.address() : null;
    }

    /** Returns the message, or null when the change can apply. */
    private final class Checker implements Change.Visitor<String> {

        @Override
        public String setShare(Change.SetShare c) {
            return notLoggedOn(c.user());
        }

        @Override
        public String setDemand(Change.SetDemand c) {
            return missingVcpu(c.vcpu());
        }

        @Override
        public String logon(Change.Logon c) {
            User u = c.user();
            if (users.containsKey(u.key())) {
                return "user " + u.name() + " is already logged on";
            }
            if (u.cpuPool().isPresent() && partition.cpuPool(u.cpuPool().get()).isEmpty()) {
                return "user " + u.name() + " names undefined CPU pool " + u.cpuPool().get();
            }
            for (VirtualCpu v : u.vcpus()) {
                if (!Problem.canRun(partition, u, v)) {
                    return "no logical CPU can run " + u.name() + "." + v.address();
                }
            }
            return null;
        }

        @Override
        public String logoff(Change.Logoff c) {
            return notLoggedOn(c.user());
        }

        @Override
        public String stop(Change.Stop c) {
            String missing = missingVcpu(c.vcpu());
            if (missing != null) {
                return missing;
            }
            return vcpu(c.vcpu()).orElseThrow().stopped() ? "virtual CPU " + c.vcpu() + " is already stopped" : null;
        }

        @Override
        public String start(Change.Start c) {
            String missing = missingVcpu(c.vcpu());
            if (missing != null) {
                return missing;
            }
            return vcpu(c.vcpu()).orElseThrow().stopped() ? null : "virtual CPU " + c.vcpu() + " is already running";
        }

        @Override
        public String setCpuPool(Change.SetCpuPool c) {
            return partition.cpuPool(c.pool()).isPresent() ? null : "no CPU pool " + c.pool() + " in the LPAR";
        }
    }

    private final class Applier implements Change.Visitor<Void> {

        @Override
        public Void setShare(Change.SetShare c) {
            User u = users.get(User.key(c.user()));
            List<Share> shares = new ArrayList<>(u.shares());
            for (Share s : c.shares()) {
                int at = -1;
                for (int i = 0; i < shares.size(); i++) {
                    if (shares.get(i).type() == s.type()) {
                        at = i;
                    }
                }
                if (at >= 0) {
                    shares.set(at, s);
                } else {
                    shares.add(s);
                }
            }
            replace(new User(u.name(), shares, u.cpuPool(), u.cpuAffinity(), u.vcpus(), u.location()));
            return null;
        }

        @Override
        public Void setDemand(Change.SetDemand c) {
            replaceVcpu(c.vcpu(), v -> new VirtualCpu(v.address(), v.type(), c.demand(), v.stopped(), v.location()));
            return null;
        }

        @Override
        public Void logon(Change.Logon c) {
            users.put(c.user().key(), c.user());
            return null;
        }

        @Override
        public Void logoff(Change.Logoff c) {
            users.remove(User.key(c.user()));
            return null;
        }

        @Override
        public Void stop(Change.Stop c) {
            replaceVcpu(c.vcpu(), v -> new VirtualCpu(v.address(), v.type(), v.demand(), true, v.location()));
            return null;
        }

        @Override
        public Void start(Change.Start c) {
            replaceVcpu(c.vcpu(), v -> new VirtualCpu(v.address(), v.type(), v.demand(), false, v.location()));
            return null;
        }

        @Override
        public Void setCpuPool(Change.SetCpuPool c) {
            List<CpuPool> pools = new ArrayList<>(partition.cpuPools());
            String key = User.key(c.pool());
            for (int i = 0; i < pools.size(); i++) {
                CpuPool p = pools.get(i);
                if (p.key().equals(key)) {
                    pools.set(i, new CpuPool(p.name(), p.type(), c.kind(), c.value(), c.location()));
                }
            }
            Partition q = partition;
            partition = new Partition(q.cores(), q.threads(), q.topology(), q.srm(), pools, q.location());
            return null;
        }

        private void replace(User u) {
            users.put(u.key(), u);
        }

        private void replaceVcpu(VcpuRef ref, UnaryOperator<VirtualCpu> change) {
            User u = users.get(ref.userKey());
            List<VirtualCpu> vcpus = new ArrayList<>(u.vcpus());
            for (int i = 0; i < vcpus.size(); i++) {
                if (vcpus.get(i).number() == ref.number()) {
                    vcpus.set(i, change.apply(vcpus.get(i)));
                }
            }
            replace(new User(u.name(), u.shares(), u.cpuPool(), u.cpuAffinity(), vcpus, u.location()));
        }
    }

    /** For {@link Problem#runningVcpus()}: every virtual CPU logged on now, in order, without a snapshot. */
    void forEachVcpu(BiConsumer<User, VirtualCpu> action) {
        for (Map.Entry<String, User> e : users.entrySet()) {
            for (VirtualCpu v : e.getValue().vcpus()) {
                action.accept(e.getValue(), v);
            }
        }
    }
}
