package org.schedlab.runner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.schedlab.core.CpuPool;
import org.schedlab.core.EngineType;
import org.schedlab.core.LimitShare;
import org.schedlab.core.Problem;
import org.schedlab.core.ShareAmount;
import org.schedlab.core.ShareKind;
import org.schedlab.core.User;
import org.schedlab.core.VirtualCpu;
import org.schedlab.solver.Bucket;

/**
 * The entitlement arithmetic of solver.md, exposed for policies: the correct buckets of a problem and the
 * entitlement of any subset of share settings (a policy modelling z/VM 6.3 computes it over the wrong set).
 */
public final class ShareMath {

    private ShareMath() {
    }

    /**
     * Entitlements of share settings competing for {@code capacity}: absolute ones take {@code C × a / 100}
     * (scaled by {@code 99 / Σa} when they add up to more than 99), relative ones split the rest by weight.
     */
    public static double[] entitlements(double capacity, List<ShareAmount> mins) {
        double absSum = 0;
        double relSum = 0;
        for (ShareAmount m : mins) {
            if (m.kind() == ShareKind.ABSOLUTE) {
                absSum += m.value();
            } else {
                relSum += m.value();
            }
        }
        double scale = absSum > 99 ? 99 / absSum : 1;
        double[] e = new double[mins.size()];
        double absTotal = 0;
        for (int i = 0; i < e.length; i++) {
            ShareAmount m = mins.get(i);
            if (m.kind() == ShareKind.ABSOLUTE) {
                e[i] = capacity * m.value() * scale / 100;
                absTotal += e[i];
            }
        }
        double rest = Math.max(0, capacity - absTotal);
        for (int i = 0; i < e.length; i++) {
            ShareAmount m = mins.get(i);
            if (m.kind() == ShareKind.RELATIVE) {
                e[i] = rest * m.value() / relSum;
            }
        }
        return e;
    }

    /**
     * A bucket's limit: ABSOLUTE {@code l%} is {@code C × l / 100}; RELATIVE {@code l} replaces the bucket's
     * min-share by RELATIVE {@code l} in the set of all min-shares and takes its entitlement (the report's
     * "set S" procedure). Infinity when there is no limit.
     */
    public static double limit(double capacity, List<ShareAmount> mins, int self, Optional<LimitShare> limit) {
        if (limit.isEmpty()) {
            return Double.POSITIVE_INFINITY;
        }
        ShareAmount l = limit.get().amount();
        if (l.kind() == ShareKind.ABSOLUTE) {
            return capacity * l.value() / 100;
        }
        List<ShareAmount> s = new ArrayList<>(mins);
        s.set(self, l);
        return entitlements(capacity, s)[self];
    }

    /**
     * The share buckets of a problem, in order of their first running virtual CPU: one per (user, virtual
     * type) with at least one running virtual CPU, entitled over every bucket of its dispatch pool.
     */
    public static List<Bucket> buckets(Problem problem) {
        record Key(String user, EngineType type) { }
        Map<Key, List<VirtualCpu>> running = new LinkedHashMap<>();
        Map<Key, Problem.Placed> first = new LinkedHashMap<>();
        for (Problem.Placed p : problem.vcpus()) {
            if (p.vcpu().stopped()) {
                continue;
            }
            Key k = new Key(p.user().key(), p.vcpu().type());
            running.computeIfAbsent(k, x -> new ArrayList<>()).add(p.vcpu());
            first.putIfAbsent(k, p);
        }
        List<Key> keys = new ArrayList<>(running.keySet());
        List<Bucket> out = new ArrayList<>();
        for (Key k : keys) {
            Problem.Placed p = first.get(k);
            EngineType pool = p.pool();
            List<ShareAmount> mins = new ArrayList<>();
            int self = -1;
            for (Key o : keys) {
                Problem.Placed q = first.get(o);
                if (q.pool() == pool) {
                    if (o.equals(k)) {
                        self = mins.size();
                    }
                    mins.add(q.user().shareFor(o.type()).min());
                }
            }
            double cap = problem.partition().capacity(pool);
            User u = p.user();
            var share = u.shareFor(k.type());
            Optional<CpuPool> cpuPool = u.cpuPool().flatMap(n -> problem.partition().cpuPool(n))
                    .filter(cp -> cp.type() == pool);
            out.add(new Bucket(u, k.type(), pool, share, running.get(k), cpuPool, entitlements(cap, mins)[self],
                    limit(cap, mins, self, share.limit())));
        }
        return List.copyOf(out);
    }
}
