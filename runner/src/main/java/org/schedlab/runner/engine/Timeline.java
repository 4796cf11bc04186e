package org.schedlab.runner.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.schedlab.core.Change;
import org.schedlab.core.Moment;
import org.schedlab.core.Phase;
import org.schedlab.core.Problem;
import org.schedlab.core.User;
import org.schedlab.core.VcpuRef;
import org.schedlab.core.VirtualCpu;
import org.schedlab.solver.Bucket;
import org.schedlab.solver.Entitlements;

/**
 * A problem's virtual CPUs (VMDBKs) and share buckets over the whole run, and what each phase of a problem that
 * changes while it runs makes of them. Every VMDBK and bucket that exists in some phase gets one index for the run,
 * in order of first appearance, so the dispatcher allocates everything once and a change only switches VMDBKs on and
 * off and moves numbers. A user who logs on gets new VMDBKs and buckets (a new <em>generation</em>), even under a name
 * used before, as z/VM builds new VMDBKs at logon; a stopped and restarted virtual CPU keeps its VMDBK.
 *
 * <p>VMDBKs are noted in the order the phases list virtual CPUs, stopped ones too, and kept if they run in some phase:
 * a phase's running virtual CPUs are then its present VMDBKs in index order. Measurements are reported per
 * {@link Problem#runningVcpus()} (the measurement columns), to which every generation of a virtual CPU adds.
 *
 * <p>A static problem has one phase: its running virtual CPUs in file order, its buckets as {@link Entitlements}
 * gives them, one column per VMDBK.
 */
final class Timeline {

    /** Every VMDBK, as placed where it first runs. */
    final List<Problem.Placed> vmdbks;
    /** Each VMDBK's bucket, index into {@link #buckets}; null for a static problem (the layout finds them). */
    final int[] vBucket;
    /** Each VMDBK's guest: a user's logon, numbered in order of first appearance; null for a static problem. */
    final int[] vGuest;
    /** Every bucket, as it stands where it first appears (a static problem's as given). */
    final List<Bucket> buckets;
    /** Each VMDBK's measurement column (index into {@link Problem#runningVcpus()}); null for a static problem (its own). */
    final int[] vColumn;
    final int columns;
    /** When each {@code AT} block takes effect, in microseconds; empty for a static problem. */
    final long[] changeAt;
    private final List<Phase> phases;
    private final Map<Key, Integer> vmdbkIndex;
    private final Map<Key, Integer> bucketIndex;
    /** Per phase, each user's generation (by user key). */
    private final List<Map<String, Integer>> generations;

    /** A VMDBK (user key, generation, address number) or a bucket (user key, generation, virtual type ordinal). */
    private record Key(String user, int generation, int item) {
    }

    /** A static problem: its running virtual CPUs in file order, its buckets as given, a column per VMDBK. */
    private Timeline(Problem problem, List<Bucket> staticBuckets) {
        phases = List.of();
        generations = List.of();
        vmdbks = problem.vcpus().stream().filter(p -> !p.vcpu().stopped()).toList();
        buckets = staticBuckets;
        vBucket = null;
        vGuest = null;
        columns = vmdbks.size();
        vColumn = null;
        changeAt = new long[0];
        vmdbkIndex = Map.of();
        bucketIndex = Map.of();
    }

    /** A problem that changes while it runs. */
    private Timeline(Problem problem) {
        phases = problem.phases();
        generations = generations(problem);
        Map<Key, Problem.Placed> firstSeen = new LinkedHashMap<>();
        Map<Key, Problem.Placed> firstRun = new HashMap<>();
        Map<Key, Bucket> bucketFirst = new LinkedHashMap<>();
        for (int k = 0; k < phases.size(); k++) {
            Problem p = phases.get(k).problem();
            for (User u : p.users()) {
                for (VirtualCpu v : u.vcpus()) {
                    Key key = vmdbk(k, u, v);
                    Problem.Placed placed = new Problem.Placed(u, v, p.dispatchPool(u, v));
                    firstSeen.putIfAbsent(key, placed);
                    if (!v.stopped()) {
                        firstRun.putIfAbsent(key, placed);
                    }
                }
            }
            for (Bucket b : Entitlements.of(p)) {
                bucketFirst.putIfAbsent(bucket(k, b.user(), b.virtualType().ordinal()), b);
            }
        }
        bucketIndex = new HashMap<>();
        buckets = List.copyOf(bucketFirst.values());
        int bi = 0;
        for (Key key : bucketFirst.keySet()) {
            bucketIndex.put(key, bi++);
        }
        vmdbkIndex = new HashMap<>();
        List<Problem.Placed> list = new ArrayList<>();
        List<Key> keys = new ArrayList<>();
        for (Key key : firstSeen.keySet()) {
            Problem.Placed placed = firstRun.get(key);
            if (placed != null) {
                vmdbkIndex.put(key, list.size());
                list.add(placed);
                keys.add(key);
            }
        }
        vmdbks = List.copyOf(list);
        vBucket = new int[vmdbks.size()];
        vGuest = new int[vmdbks.size()];
        Map<Key, Integer> guests = new HashMap<>();
        for (int v = 0; v < vBucket.length; v++) {
            Key key = keys.get(v);
            vGuest[v] = guests.computeIfAbsent(new Key(key.user(), key.generation(), 0), g -> guests.size());
            Integer b = bucketIndex.get(new Key(key.user(), key.generation(), vmdbks.get(v).vcpu().type().ordinal()));
            if (b == null) {
                throw new IllegalStateException("no bucket for " + vmdbks.get(v).id());
            }
            vBucket[v] = b;
        }
        // Columns by (user key, address number): every generation of a virtual CPU reports in the same column.
        List<VcpuRef> refs = problem.runningVcpus();
        Map<Key, Integer> columnOf = new HashMap<>();
        for (int c = 0; c < refs.size(); c++) {
            columnOf.put(new Key(refs.get(c).userKey(), 0, refs.get(c).number()), c);
        }
        columns = refs.size();
        vColumn = new int[vmdbks.size()];
        for (int v = 0; v < vColumn.length; v++) {
            Integer c = columnOf.get(new Key(keys.get(v).user(), 0, keys.get(v).item()));
            if (c == null) {
                throw new IllegalStateException("no measurement column for " + vmdbks.get(v).id());
            }
            vColumn[v] = c;
        }
        List<Moment> timeline = problem.timeline();
        changeAt = new long[timeline.size()];
        for (int i = 0; i < changeAt.length; i++) {
            changeAt[i] = Math.addExact(Math.multiplyExact(timeline.get(i).at().getSeconds(), 1_000_000L),
                    timeline.get(i).at().getNano() / 1000);
        }
    }

    /**
     * The run's VMDBKs and buckets. {@code staticBuckets}: for a static problem, its buckets as the caller computed
     * them ({@code Entitlements.of(problem)}), kept as given.
     */
    static Timeline of(Problem problem, List<Bucket> staticBuckets) {
        return problem.dynamic() ? new Timeline(problem) : new Timeline(problem, staticBuckets);
    }

    boolean dynamic() {
        return changeAt.length > 0;
    }

    /** Per phase, each logged-on user's generation: how many times a user of that name logged on before. */
    private static List<Map<String, Integer>> generations(Problem problem) {
        List<Map<String, Integer>> out = new ArrayList<>();
        Map<String, Integer> now = new HashMap<>();
        for (User u : problem.users()) {
            now.put(u.key(), 0);
        }
        out.add(Map.copyOf(now));
        for (Moment m : problem.timeline()) {
            for (Change c : m.changes()) {
                if (c instanceof Change.Logon logon) {
                    now.merge(logon.user().key(), 1, Integer::sum);
                }
            }
            out.add(Map.copyOf(now));
        }
        return out;
    }

    private Key vmdbk(int phase, User u, VirtualCpu v) {
        return new Key(u.key(), generations.get(phase).getOrDefault(u.key(), 0), v.number());
    }

    private Key bucket(int phase, User u, int virtualType) {
        return new Key(u.key(), generations.get(phase).getOrDefault(u.key(), 0), virtualType);
    }

    int phaseCount() {
        return phases.size();
    }

    /**
     * Phase {@code k} laid over the run's indexes: which VMDBKs are present, their demands and their user and
     * virtual CPU records, and each bucket's record (null where the bucket does not exist in the phase).
     */
    Snapshot snapshot(int k) {
        Phase phase = phases.get(k);
        Problem p = phase.problem();
        int n = vmdbks.size();
        boolean[] present = new boolean[n];
        Problem.Placed[] placed = new Problem.Placed[n];
        for (User u : p.users()) {
            for (VirtualCpu v : u.vcpus()) {
                Integer i = vmdbkIndex.get(vmdbk(k, u, v));
                if (i != null) {
                    present[i] = !v.stopped();
                    placed[i] = new Problem.Placed(u, v, p.dispatchPool(u, v));
                }
            }
        }
        Bucket[] bs = new Bucket[buckets.size()];
        for (Bucket b : Entitlements.of(p)) {
            Integer i = bucketIndex.get(bucket(k, b.user(), b.virtualType().ordinal()));
            if (i == null) {
                throw new IllegalStateException("no bucket " + b.id() + " in phase " + k);
            }
            bs[i] = b;
        }
        return new Snapshot(k, p, phase.changes(), present, placed, bs);
    }

    /**
     * One phase over the run's indexes.
     *
     * @param placed per VMDBK, its user and virtual CPU as they stand in the phase, or null if its user is not logged on
     * @param buckets per bucket, its record in the phase, or null if it does not exist in the phase
     */
    record Snapshot(int index, Problem problem, List<Change> changes, boolean[] present, Problem.Placed[] placed,
                    Bucket[] buckets) {

        /** Demand in percent of one logical CPU, {@code NaN} for {@code *}; for an absent VMDBK, {@code fallback}. */
        double demandPct(int v, double fallback) {
            if (placed[v] == null) {
                return fallback;
            }
            var d = placed[v].vcpu().demand();
            return d.unbounded() ? Double.NaN : d.percent();
        }

        @Override
        public String toString() {
            return "phase " + index + " " + Arrays.toString(present);
        }
    }
}
