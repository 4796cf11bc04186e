package org.schedlab.comparator;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.schedlab.core.Numbers;
import org.schedlab.core.VcpuRef;
import org.schedlab.solver.PhaseSolution;
import org.schedlab.solver.PhasedSolution;
import org.schedlab.solver.PoolAllocation;
import org.schedlab.solver.Solution;
import org.schedlab.solver.VcpuAnswer;

/**
 * Why a run missed its correct answer, told apart from the mean consumption of each running virtual
 * CPU, dispatch pool by dispatch pool. A virtual CPU is over-served when its mean is above its correct
 * value by more than the tolerance, under-served when below by more than the tolerance.
 *
 * <ul>
 *   <li>{@link Kind#MISALLOCATION}: an under-served virtual CPU whose shortfall went to others in its
 *       pool: someone is over-served beside it, or the pool's capacity is in use (idle within the
 *       tolerance), so its CPU time was spent elsewhere even if spread too thin for any one virtual
 *       CPU to show it. The dispatcher gave the CPU to the wrong virtual CPU: a defect.</li>
 *   <li>{@link Kind#LARGE_JAR}: under-served virtual CPUs while the pool leaves capacity idle and
 *       nobody is over-served. The CPU was there but not when and where the virtual CPU was ready:
 *       a placement (bin-packing) loss like the report's AL1, not a wrong choice of whom to run.</li>
 *   <li>{@link Kind#OVER_SERVED}: over-served virtual CPUs and nobody under-served: a limit or a CPU
 *       pool's cap not held, idle capacity handed out against the rules. A defect.</li>
 *   <li>{@link Kind#OK}: every mean within the tolerance of its correct value; an interval error above
 *       the threshold was then noise of single intervals, not a systematic error.</li>
 * </ul>
 *
 * @param kind  the most severe kind over all pools
 * @param pools what was found in each pool, in the order given
 */
public record FailureClass(Kind kind, List<PoolFinding> pools) {

    public FailureClass {
        Objects.requireNonNull(kind, "kind");
        pools = List.copyOf(pools);
    }

    /** Ordered from least to most severe, so the worst pool decides the run. */
    public enum Kind {
        OK, LARGE_JAR, OVER_SERVED, MISALLOCATION;

        /** Whether this kind means the dispatcher is wrong rather than the placement unlucky. */
        public boolean defect() {
            return this == OVER_SERVED || this == MISALLOCATION;
        }
    }

    /**
     * One running virtual CPU, figures in percent of one logical CPU.
     *
     * @param pool the name of its dispatch pool
     */
    public record Vcpu(String id, String pool, double correct, double observed) {
        public Vcpu {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(pool, "pool");
            if (!Double.isFinite(correct) || !Double.isFinite(observed)) {
                throw new IllegalArgumentException("correct and observed must be finite for " + id);
            }
        }
    }

    /** One dispatch pool: its capacity and what its virtual CPUs consumed together, in percent of one logical CPU. */
    public record Pool(String name, double capacity, double observedTotal) {
        public Pool {
            Objects.requireNonNull(name, "name");
            if (!(capacity >= 0) || !Double.isFinite(capacity) || !Double.isFinite(observedTotal)) {
                throw new IllegalArgumentException("capacity and observed total must be finite for pool " + name);
            }
        }

        /** Capacity the pool's virtual CPUs left unused; negative if they ran more than the capacity. */
        public double idle() {
            return capacity - observedTotal;
        }
    }

    /** What one pool showed: its kind, the virtual CPUs above and below their correct values, its idle capacity. */
    public record PoolFinding(String pool, Kind kind, List<String> overServed, List<String> underServed, double idle) {
        public PoolFinding {
            Objects.requireNonNull(pool, "pool");
            Objects.requireNonNull(kind, "kind");
            overServed = List.copyOf(overServed);
            underServed = List.copyOf(underServed);
        }

        /** One line for failure reports, e.g. {@code CP MISALLOCATION over A.0 under B.1 idle 0.4}. */
        public String summary() {
            return pool + " " + kind + (overServed.isEmpty() ? "" : " over " + String.join(",", overServed))
                    + (underServed.isEmpty() ? "" : " under " + String.join(",", underServed))
                    + " idle " + Numbers.format(idle, 3);
        }
    }

    /**
     * Classifies a run from its means.
     *
     * @param vcpus     every running virtual CPU, each naming one of {@code pools}
     * @param pools     the dispatch pools, names unique
     * @param tolerance how far, in percent of one logical CPU, a mean or a pool's idle capacity may be
     *                  from the answer and still count as on it
     */
    public static FailureClass classify(List<Vcpu> vcpus, List<Pool> pools, double tolerance) {
        if (!(tolerance >= 0) || !Double.isFinite(tolerance)) {
            throw new IllegalArgumentException("tolerance must be a non-negative number, got " + tolerance);
        }
        Map<String, List<Vcpu>> byPool = new LinkedHashMap<>();
        for (Pool p : pools) {
            if (byPool.put(p.name(), new ArrayList<>()) != null) {
                throw new IllegalArgumentException("pool " + p.name() + " given twice");
            }
        }
        Set<String> ids = new HashSet<>();
        for (Vcpu v : vcpus) {
            List<Vcpu> members = byPool.get(v.pool());
            if (members == null) {
                throw new IllegalArgumentException("virtual CPU " + v.id() + " is in pool " + v.pool()
                        + ", which is not given");
            }
            if (!ids.add(v.id())) {
                throw new IllegalArgumentException("virtual CPU " + v.id() + " given twice");
            }
            members.add(v);
        }
        Kind worst = Kind.OK;
        List<PoolFinding> findings = new ArrayList<>(pools.size());
        for (Pool p : pools) {
            List<String> over = new ArrayList<>();
            List<String> under = new ArrayList<>();
            for (Vcpu v : byPool.get(p.name())) {
                if (v.observed() > v.correct() + tolerance) {
                    over.add(v.id());
                } else if (v.observed() < v.correct() - tolerance) {
                    under.add(v.id());
                }
            }
            Kind kind;
            if (!under.isEmpty()) {
                kind = over.isEmpty() && p.idle() > tolerance ? Kind.LARGE_JAR : Kind.MISALLOCATION;
            } else {
                kind = over.isEmpty() ? Kind.OK : Kind.OVER_SERVED;
            }
            findings.add(new PoolFinding(p.name(), kind, over, under, p.idle()));
            worst = kind.compareTo(worst) > 0 ? kind : worst;
        }
        return new FailureClass(worst, findings);
    }

    /**
     * Classifies a comparison of a problem phase by phase, over the whole run: each dimension's correct value
     * is the time-weighted mean of its answers and its observed value its mean, both over the counted
     * intervals (as {@link Comparison#vcpus()} has them); it belongs to the dispatch pool it runs in the first
     * phase it runs in. A static problem is classified as by {@link #classify(Solution, Comparison, double)}.
     */
    public static FailureClass classify(PhasedSolution solution, Comparison comparison, double tolerance) {
        if (!solution.dynamic()) {
            return classify(solution.phases().get(0).solution(), comparison, tolerance);
        }
        List<VcpuRef> dimensions = solution.dimensions();
        List<VcpuComparison> means = comparison.vcpus();
        if (dimensions.size() != means.size()) {
            throw new IllegalArgumentException("the comparison has " + means.size()
                    + " virtual CPUs, the solution " + dimensions.size() + " dimensions");
        }
        Map<String, Double> totals = new LinkedHashMap<>();
        List<Vcpu> vcpus = new ArrayList<>(dimensions.size());
        for (int i = 0; i < dimensions.size(); i++) {
            VcpuRef d = dimensions.get(i);
            VcpuComparison m = means.get(i);
            if (!d.id().equals(m.id())) {
                throw new IllegalArgumentException("the comparison's virtual CPU " + m.id() + " is not the solution's "
                        + d.id());
            }
            String pool = firstPool(solution, d);
            vcpus.add(new Vcpu(d.id(), pool, m.correct(), m.meanObserved()));
            totals.merge(pool, m.meanObserved(), Double::sum);
        }
        List<Pool> pools = new ArrayList<>();
        for (PoolAllocation p : solution.phases().get(0).solution().pools()) {
            pools.add(new Pool(p.type().name(), p.capacity(), totals.getOrDefault(p.type().name(), 0.0)));
        }
        return classify(vcpus, pools, tolerance);
    }

    private static String firstPool(PhasedSolution solution, VcpuRef d) {
        for (PhaseSolution phase : solution.phases()) {
            for (VcpuAnswer a : phase.solution().vcpus()) {
                if (!a.stopped() && d.names(a.placed().user(), a.placed().vcpu())) {
                    return a.pool().name();
                }
            }
        }
        throw new IllegalArgumentException(d.id() + " runs in no phase");
    }

    /**
     * Classifies a comparison of {@code solution}'s problem: pools are the problem's dispatch pools, each
     * virtual CPU's observed value its mean over the counted intervals.
     */
    public static FailureClass classify(Solution solution, Comparison comparison, double tolerance) {
        List<VcpuAnswer> running = solution.running();
        List<VcpuComparison> means = comparison.vcpus();
        if (running.size() != means.size()) {
            throw new IllegalArgumentException("the comparison has " + means.size()
                    + " virtual CPUs, the solution " + running.size() + " running ones");
        }
        Map<String, Double> totals = new LinkedHashMap<>();
        List<Vcpu> vcpus = new ArrayList<>(running.size());
        for (int i = 0; i < running.size(); i++) {
            VcpuAnswer a = running.get(i);
            VcpuComparison m = means.get(i);
            if (!a.id().equals(m.id())) {
                throw new IllegalArgumentException("the comparison's virtual CPU " + m.id() + " is not the solution's "
                        + a.id());
            }
            vcpus.add(new Vcpu(a.id(), a.pool().name(), a.correct(), m.meanObserved()));
            totals.merge(a.pool().name(), m.meanObserved(), Double::sum);
        }
        List<Pool> pools = new ArrayList<>();
        for (PoolAllocation p : solution.pools()) {
            pools.add(new Pool(p.type().name(), p.capacity(), totals.getOrDefault(p.type().name(), 0.0)));
        }
        return classify(vcpus, pools, tolerance);
    }
}
