package org.schedlab.cell;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.schedlab.core.Partition;
import org.schedlab.core.Problem;
import org.schedlab.runner.RunConfig;

/**
 * Splitting a {@link TestPlan} over N CI jobs, balanced by predicted cost rather than by file count, so
 * that one shard is not all the 60-virtual-CPU problems. The split is a pure function of the plan and
 * the run settings: every job computes the same one, on any machine, without talking to the others.
 *
 * <p>Cost is predicted as virtual CPUs x logical CPUs x simulated seconds: the dispatcher's work per
 * simulated second grows with both (each logical CPU looks over the virtual CPUs of its dispatch vector
 * at every minor time slice). Cases are assigned greedily, longest first (LPT): each to the shard that
 * has the least cost so far. Ties are broken by a key made of the case's file, problem, policy and seed,
 * never by position, so the assignment does not change when the input is listed in another order. LPT
 * keeps every two shards' totals within the largest single check's cost of each other. A check (a problem
 * under a policy) goes whole, all its seeds together, and costs the sum of its cases.
 */
public final class Shards {

    private static final Pattern SPEC = Pattern.compile("(\\d{1,9})/(\\d{1,9})");

    private Shards() {
    }

    /** {@code K/N}: the K-th of N shards, 1-based as CI matrices count. */
    public record Spec(int index, int count) {

        public Spec {
            if (count < 1 || index < 1 || index > count) {
                throw new IllegalArgumentException("a shard is K/N with 1 <= K <= N, got " + index + "/" + count);
            }
        }

        /** Reads {@code 2/3}. */
        public static Spec parse(String text) {
            Matcher m = SPEC.matcher(text.strip());
            if (!m.matches()) {
                throw new IllegalArgumentException("a shard is K/N, e.g. 2/3, got '" + text + "'");
            }
            return new Spec(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
        }

        @Override
        public String toString() {
            return index + "/" + count;
        }
    }

    /**
     * One shard of a plan. The unit is the check (a file's problem under a policy) with all its seeds, so that a
     * shard judges each of its checks by its worst seed exactly as an unsharded run does.
     *
     * @param planChecks the whole plan's number of checks, so that a merge can tell whether all shards came
     * @param checks     the plan indexes (0-based, in plan order) of this shard's checks, ascending
     * @param cases      the plan indexes of their cases (every seed of each check), ascending: plan order
     * @param cost       their predicted cost, the sum of {@link #cost}
     */
    public record Shard(Spec spec, int planChecks, List<Integer> checks, List<Integer> cases, double cost) {

        public Shard {
            Objects.requireNonNull(spec, "spec");
            checks = List.copyOf(checks);
            cases = List.copyOf(cases);
        }

        /** The shard's part of {@code plan}, in plan order. */
        public TestPlan of(TestPlan plan) {
            return new TestPlan(cases.stream().map(plan.cases()::get).toList());
        }

        /** The entries of {@code all} (one per plan case) that belong to this shard, in plan order. */
        public <T> List<T> select(List<T> all) {
            return cases.stream().map(all::get).toList();
        }
    }

    /** The predicted cost of running {@code c} with {@code config}: virtual CPUs x logical CPUs x seconds. */
    public static double cost(TestCase c, RunConfig config) {
        Problem p = c.problem();
        Partition part = p.partition();
        long vcpus = p.users().stream().mapToLong(u -> u.vcpus().size()).sum();
        long logical = part.types().stream().mapToLong(part::logicalCpus).sum();
        return (double) vcpus * logical * (config.durationMicros() / 1e6);
    }

    /**
     * The check a case belongs to, as a key that also breaks ties between checks of equal cost: file, problem
     * and policy, the grouping {@link AggregateResult#group} uses.
     */
    public static String checkKey(TestCase c) {
        return c.file() + "\u0000" + c.problem().name() + "\u0000" + c.policySpec();
    }

    /** The {@code spec.index()}-th shard of {@code plan}, whose case i runs with {@code configs.get(i)}. */
    public static Shard shard(TestPlan plan, List<RunConfig> configs, Spec spec) {
        if (configs.size() != plan.size()) {
            throw new IllegalArgumentException(plan.size() + " cases but " + configs.size() + " run configurations");
        }
        // Checks in plan order (first appearance), each with its cases and their summed cost.
        Map<String, Integer> checkOf = new LinkedHashMap<>();
        List<List<Integer>> casesOf = new ArrayList<>();
        List<Double> costOf = new ArrayList<>();
        for (int i = 0; i < plan.size(); i++) {
            TestCase c = plan.cases().get(i);
            int check = checkOf.computeIfAbsent(checkKey(c), k -> {
                casesOf.add(new ArrayList<>());
                costOf.add(0.0);
                return casesOf.size() - 1;
            });
            casesOf.get(check).add(i);
            costOf.set(check, costOf.get(check) + cost(c, configs.get(i)));
        }
        int[] owner = assign(List.copyOf(checkOf.keySet()), costOf.stream().mapToDouble(Double::doubleValue).toArray(),
                spec.count());
        List<Integer> checks = new ArrayList<>();
        List<Integer> cases = new ArrayList<>();
        double cost = 0;
        for (int k = 0; k < owner.length; k++) {
            if (owner[k] == spec.index() - 1) {
                checks.add(k);
                cases.addAll(casesOf.get(k));
                cost += costOf.get(k);
            }
        }
        cases.sort(null);
        return new Shard(spec, owner.length, checks, cases, cost);
    }

    /**
     * Longest-processing-time assignment: for each item, the 0-based shard it goes to. Items are taken by
     * cost descending, then key ascending; each goes to the shard with the least total so far, the
     * lowest-numbered among equals.
     */
    public static int[] assign(List<String> keys, double[] costs, int shards) {
        if (keys.size() != costs.length) {
            throw new IllegalArgumentException(keys.size() + " keys but " + costs.length + " costs");
        }
        if (shards < 1) {
            throw new IllegalArgumentException("at least one shard, got " + shards);
        }
        for (double c : costs) {
            if (!(c >= 0) || !Double.isFinite(c)) {
                throw new IllegalArgumentException("a cost must be finite and non-negative, got " + c);
            }
        }
        Integer[] order = IntStream.range(0, costs.length).boxed().toArray(Integer[]::new);
        java.util.Arrays.sort(order, Comparator.<Integer>comparingDouble(i -> -costs[i]).thenComparing(keys::get));
        double[] load = new double[shards];
        int[] owner = new int[costs.length];
        for (int i : order) {
            int least = 0;
            for (int s = 1; s < shards; s++) {
                if (load[s] < load[least]) {
                    least = s;
                }
            }
            owner[i] = least;
            load[least] += costs[i];
        }
        return owner;
    }
}
