package org.schedlab.core;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One scheduler problem: a partition, the users logged on to it, how to run it, and what changes while it
 * runs ({@code timeline}, empty for a static problem).
 *
 * <p>{@link #users()} and {@link #vcpus()} are the problem as it stands at the start. A problem with a
 * timeline is answered phase by phase ({@link #phases()}): each phase's problem is static, and a static
 * problem has one phase, itself.
 *
 * @param timeline its {@code AT} blocks, in order of time, each strictly after the one before and before
 *                 the {@code DURATION} when one is given; every change must apply where it stands
 *                 ({@link ProblemState#check})
 */
public record Problem(String name, Partition partition, List<User> users, RunControl runControl,
                      SourceLocation location, List<Moment> timeline) {

    public Problem {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(partition, "partition");
        Objects.requireNonNull(runControl, "runControl");
        Objects.requireNonNull(location, "location");
        users = List.copyOf(users);
        timeline = List.copyOf(timeline);
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
        if (!timeline.isEmpty()) {
            requireValidTimeline(name, partition, users, runControl, timeline);
        }
    }

    /** A static problem: nothing changes while it runs. */
    public Problem(String name, Partition partition, List<User> users, RunControl runControl, SourceLocation location) {
        this(name, partition, users, runControl, location, List.of());
    }

    private static void requireValidTimeline(String name, Partition partition, List<User> users, RunControl runControl,
                                             List<Moment> timeline) {
        ProblemState state = new ProblemState(partition, users);
        Duration previous = Duration.ZERO;
        for (Moment m : timeline) {
            if (m.at().compareTo(previous) <= 0) {
                throw new IllegalArgumentException("problem " + name + ": AT " + m.at() + " is not after " + previous);
            }
            runControl.duration().filter(d -> m.at().compareTo(d) >= 0).ifPresent(d -> {
                throw new IllegalArgumentException("problem " + name + ": AT " + m.at() + " is not before DURATION " + d);
            });
            for (Change c : m.changes()) {
                Optional<String> problem = state.check(c);
                if (problem.isPresent()) {
                    throw new IllegalArgumentException("problem " + name + " at " + m.at() + ": " + problem.get());
                }
                state.apply(c);
            }
            previous = m.at();
        }
    }

    /** Whether anything changes while it runs. */
    public boolean dynamic() {
        return !timeline.isEmpty();
    }

    /** The problem as it stands at the start, without its changes: itself when static. */
    public Problem initial() {
        return dynamic() ? new Problem(name, partition, users, runControl, location) : this;
    }

    /**
     * The spans between changes, in order of time, each with the problem as it stands then: one phase per
     * {@code AT} block and one before the first. A static problem has one phase, from 0, ending at its
     * {@code DURATION} (or with the run), whose problem is this very problem.
     */
    public List<Phase> phases() {
        if (!dynamic()) {
            return List.of(new Phase(0, Duration.ZERO, runControl.duration(), List.of(), this));
        }
        ProblemState state = new ProblemState(partition, users);
        List<Phase> phases = new ArrayList<>(timeline.size() + 1);
        Duration start = Duration.ZERO;
        List<Change> changes = List.of();
        for (Moment m : timeline) {
            phases.add(new Phase(phases.size(), start, Optional.of(m.at()), changes, state.problem(name, runControl, location)));
            m.changes().forEach(state::apply);
            start = m.at();
            changes = m.changes();
        }
        phases.add(new Phase(phases.size(), start, runControl.duration(), changes, state.problem(name, runControl, location)));
        return List.copyOf(phases);
    }

    /**
     * The virtual CPUs that run in at least one phase, in order of first appearance: the phases in order of
     * time, each phase's virtual CPUs in its order ({@link #vcpus()}: users in logon order, a user's virtual
     * CPUs as written), a virtual CPU taking its place the first time it is seen, running or stopped. These
     * are the dimensions of a dynamic problem's answers and measurements: a virtual CPU absent from a phase
     * (its user not logged on) or stopped in it has answer 0 there. For a static problem it is its running
     * virtual CPUs in file order, the order of {@code Solution.running()}.
     */
    public List<VcpuRef> runningVcpus() {
        if (!dynamic()) {
            List<VcpuRef> out = new ArrayList<>();
            for (User u : users) {
                for (VirtualCpu v : u.vcpus()) {
                    if (!v.stopped()) {
                        out.add(VcpuRef.of(u, v));
                    }
                }
            }
            return List.copyOf(out);
        }
        // The reference as first spelled, and whether it ran, by user key and address number.
        Map<Key, VcpuRef> order = new LinkedHashMap<>();
        Set<Key> ran = new HashSet<>();
        ProblemState state = new ProblemState(partition, users);
        state.forEachVcpu((u, v) -> note(order, ran, u, v));
        for (Moment m : timeline) {
            m.changes().forEach(state::apply);
            state.forEachVcpu((u, v) -> note(order, ran, u, v));
        }
        List<VcpuRef> out = new ArrayList<>(ran.size());
        order.forEach((key, ref) -> {
            if (ran.contains(key)) {
                out.add(ref);
            }
        });
        return List.copyOf(out);
    }

    private record Key(String user, int address) {
    }

    private static void note(Map<Key, VcpuRef> order, Set<Key> ran, User u, VirtualCpu v) {
        Key key = new Key(u.key(), v.number());
        order.putIfAbsent(key, VcpuRef.of(u, v));
        if (!v.stopped()) {
            ran.add(key);
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

    /** Users (at the start) are looked up case-insensitively. */
    public Optional<User> user(String name) {
        String key = User.key(name);
        return users.stream().filter(u -> u.key().equals(key)).findFirst();
    }

    /** Every virtual CPU at the start, in file order, with its user. */
    public List<Placed> vcpus() {
        return users.stream().flatMap(u -> u.vcpus().stream().map(v -> new Placed(u, v, dispatchPool(u, v)))).toList();
    }

    /**
     * The record's usual form, without {@code timeline} when it is empty: a static problem reads as it did
     * before problems had timelines, so that digests of generated problems stay the same.
     */
    @Override
    public String toString() {
        return "Problem[name=" + name + ", partition=" + partition + ", users=" + users + ", runControl=" + runControl
                + ", location=" + location + (timeline.isEmpty() ? "" : ", timeline=" + timeline) + "]";
    }

    /** A virtual CPU together with its user and the dispatch pool it runs in. */
    public record Placed(User user, VirtualCpu vcpu, EngineType pool) {
        /** {@code USER.ADDR}, the name reports and measurement files use. */
        public String id() {
            return user.name() + "." + vcpu.address();
        }
    }
}
