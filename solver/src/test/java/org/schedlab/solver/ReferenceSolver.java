package org.schedlab.solver;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.schedlab.core.CpuPool;
import org.schedlab.core.EngineType;
import org.schedlab.core.LimitMode;
import org.schedlab.core.Problem;
import org.schedlab.core.Share;
import org.schedlab.core.ShareAmount;
import org.schedlab.core.ShareKind;

/**
 * An independent, deliberately naive solver to cross-check {@link Solver} on small problems:
 * set S is built literally for every relative limit, and the filling level is raised one step at a
 * time to the next event, each found by scanning every virtual CPU and every group (O(n²) or worse).
 * It shares no code with the solver beyond the core model.
 */
final class ReferenceSolver {

    /** Per virtual CPU in {@link Problem#vcpus()} order; per bucket id {@code USER/TYPE}: {entitlement, limit}. */
    record Result(double[] correct, Map<String, double[]> buckets) {
    }

    private ReferenceSolver() {
    }

    static Result solve(Problem problem) {
        List<Problem.Placed> placed = problem.vcpus();
        Map<String, RefBucket> buckets = new LinkedHashMap<>();
        for (int i = 0; i < placed.size(); i++) {
            Problem.Placed p = placed.get(i);
            if (p.vcpu().stopped()) {
                continue;
            }
            String id = p.user().name() + "/" + p.vcpu().type();
            int index = i;
            buckets.computeIfAbsent(id, k -> new RefBucket(p.user().shareFor(p.vcpu().type()), p.pool()))
                    .vcpus.add(index);
        }
        List<RefBucket> all = new ArrayList<>(buckets.values());
        Map<String, double[]> report = new LinkedHashMap<>();
        for (Map.Entry<String, RefBucket> e : buckets.entrySet()) {
            RefBucket b = e.getValue();
            double capacity = problem.partition().capacity(b.pool);
            List<ShareAmount> mins = new ArrayList<>();
            int self = -1;
            for (RefBucket o : all) {
                if (o.pool == b.pool) {
                    if (o == b) {
                        self = mins.size();
                    }
                    mins.add(o.share.min());
                }
            }
            b.entitlement = entitlement(capacity, mins, self);
            b.limit = Double.POSITIVE_INFINITY;
            if (b.share.limit().isPresent()) {
                ShareAmount l = b.share.limit().get().amount();
                if (l.kind() == ShareKind.ABSOLUTE) {
                    b.limit = capacity * l.value() / 100;
                } else {
                    mins.set(self, l);
                    b.limit = entitlement(capacity, mins, self);
                }
            }
            report.put(e.getKey(), new double[] {b.entitlement, b.limit});
        }

        int n = placed.size();
        double[] w = new double[n];
        double[] c = new double[n];
        boolean[] running = new boolean[n];
        boolean[] soft = new boolean[n];
        List<int[]> groups = new ArrayList<>();
        List<double[]> caps = new ArrayList<>();
        for (RefBucket b : all) {
            boolean isSoft = b.share.limit().map(l -> l.mode() == LimitMode.SOFT).orElse(false);
            for (int v : b.vcpus) {
                running[v] = true;
                soft[v] = isSoft;
                w[v] = b.entitlement / b.vcpus.size();
                c[v] = placed.get(v).vcpu().demand().unbounded() ? 100 : placed.get(v).vcpu().demand().percent();
            }
            if (b.limit != Double.POSITIVE_INFINITY) {
                groups.add(b.vcpus.stream().mapToInt(Integer::intValue).toArray());
                caps.add(new double[] {b.limit, isSoft ? Double.POSITIVE_INFINITY : b.limit});
            }
        }
        for (EngineType t : problem.partition().types()) {
            groups.add(members(placed, running, t, null));
            double cap = problem.partition().capacity(t);
            caps.add(new double[] {cap, cap});
        }
        for (CpuPool pool : problem.partition().cpuPools()) {
            groups.add(members(placed, running, pool.type(), pool));
            double cap = pool.cap(problem.partition().capacity(pool.type()));
            caps.add(new double[] {cap, cap});
        }
        double[] x = fill(w, c, new double[n], running, groups, caps, 0);
        boolean[] scavengers = new boolean[n];
        for (int v = 0; v < n; v++) {
            scavengers[v] = running[v] && soft[v];
        }
        x = fill(w, c, x, scavengers, groups, caps, 1);
        return new Result(x, report);
    }

    private static int[] members(List<Problem.Placed> placed, boolean[] running, EngineType pool, CpuPool cpuPool) {
        List<Integer> m = new ArrayList<>();
        for (int v = 0; v < placed.size(); v++) {
            Problem.Placed p = placed.get(v);
            boolean inCpuPool = cpuPool == null || p.user().cpuPool()
                    .map(name -> name.equalsIgnoreCase(cpuPool.name())).orElse(false);
            if (running[v] && p.pool() == pool && inCpuPool) {
                m.add(v);
            }
        }
        return m.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Entitlement of {@code mins[self]} among {@code mins}, straight from docs/solver.md, "Entitlement, per dispatch pool". */
    private static double entitlement(double capacity, List<ShareAmount> mins, int self) {
        double absolute = 0;
        double relative = 0;
        for (ShareAmount s : mins) {
            if (s.kind() == ShareKind.ABSOLUTE) {
                absolute += s.value();
            } else {
                relative += s.value();
            }
        }
        double scale = absolute > 99 ? 99 / absolute : 1;
        if (mins.get(self).kind() == ShareKind.ABSOLUTE) {
            return capacity * mins.get(self).value() * scale / 100;
        }
        double promised = 0;
        for (ShareAmount s : mins) {
            if (s.kind() == ShareKind.ABSOLUTE) {
                promised += capacity * s.value() * scale / 100;
            }
        }
        return (capacity - promised) * mins.get(self).value() / relative;
    }

    /** Raises the level event by event; every event is found by scanning everything. */
    private static double[] fill(double[] w, double[] c, double[] floor, boolean[] moving, List<int[]> groups,
                                 List<double[]> caps, int phase) {
        int n = w.length;
        double[] x = floor.clone();
        boolean[] active = new boolean[n];
        for (int v = 0; v < n; v++) {
            active[v] = moving[v] && w[v] > 0 && c[v] > floor[v];
        }
        double level = 0;
        for (int step = 0; step < 10 * (n + groups.size()) + 10; step++) {
            for (int g = 0; g < groups.size(); g++) {
                double cap = caps.get(g)[phase];
                if (sum(x, groups.get(g)) >= cap - 1e-9 * Math.max(1, cap)) {
                    for (int v : groups.get(g)) {
                        active[v] = false;
                    }
                }
            }
            double next = Double.POSITIVE_INFINITY;
            for (int v = 0; v < n; v++) {
                if (active[v]) {
                    double start = floor[v] / w[v];
                    next = Math.min(next, start > level ? start : c[v] / w[v]);
                }
            }
            if (next == Double.POSITIVE_INFINITY) {
                return x;
            }
            for (int g = 0; g < groups.size(); g++) {
                double slope = 0;
                for (int v : groups.get(g)) {
                    if (active[v] && level >= floor[v] / w[v]) {
                        slope += w[v];
                    }
                }
                if (slope > 0) {
                    next = Math.min(next, level + (caps.get(g)[phase] - sum(x, groups.get(g))) / slope);
                }
            }
            level = Math.max(level, next);
            for (int v = 0; v < n; v++) {
                if (active[v]) {
                    if (level >= c[v] / w[v]) {
                        x[v] = c[v];
                        active[v] = false;
                    } else {
                        x[v] = Math.max(floor[v], w[v] * level);
                    }
                }
            }
        }
        throw new AssertionError("reference filling did not finish");
    }

    private static double sum(double[] x, int[] members) {
        double s = 0;
        for (int v : members) {
            s += x[v];
        }
        return s;
    }

    private static final class RefBucket {
        final Share share;
        final EngineType pool;
        final List<Integer> vcpus = new ArrayList<>();
        double entitlement;
        double limit;

        RefBucket(Share share, EngineType pool) {
            this.share = share;
            this.pool = pool;
        }
    }
}
