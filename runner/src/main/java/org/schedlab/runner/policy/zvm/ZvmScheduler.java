package org.schedlab.runner.policy.zvm;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.schedlab.core.LimitMode;
import org.schedlab.core.ShareAmount;
import org.schedlab.core.ShareKind;
import org.schedlab.runner.policy.LimitList;
import org.schedlab.runner.spi.ModelConstants;
import org.schedlab.runner.spi.PolicyContext;
import org.schedlab.runner.spi.PolicyInstance;
import org.schedlab.runner.spi.VcpuStatus;
import org.schedlab.runner.spi.WindowView;
import org.schedlab.solver.Bucket;
import org.schedlab.solver.Entitlements;

/**
 * The z/VM CP scheduler as the 6.4 report describes it: a virtual CPU's dispatch priority is its recent
 * consumption relative to its entitlement (consumption rate ÷ entitlement; lower runs sooner), computed when it
 * enters the dispatch list and when its minor time slice ends. The {@link Defect}s are switches on that one
 * mechanism; {@link Zvm63Policy} and {@link Zvm64Policy} differ only in which are on.
 */
final class ZvmScheduler implements PolicyInstance {

    /** Since-logon key (µs of consumption per unit of entitlement) resolution. */
    private static final double SINCE_LOGON_KEY_SCALE = 16;
    /** Log-domain key resolution. */
    private static final double LOG_KEY_SCALE = 1e12;
    /** log of "no consumption yet". */
    private static final double LOG_ZERO = -700;

    private final PolicyContext ctx;
    private final Set<Defect> defects;
    private final int n;
    private final double[] entitlement;
    private final double[] memory;
    private final boolean[] member;
    private final long[] lastStop;
    private final LimitList limits;
    /** The model's constants, copied to fields: read on the dispatch hot path. */
    private final double forgetTauMicros;
    private final long normalizeMicros;
    private final double normalizerGain;
    private final double clampLow;
    private final double clampHigh;
    private final long dropMicros;
    private long nextNormalize;

    ZvmScheduler(PolicyContext ctx, Set<Defect> defects) {
        this.ctx = ctx;
        ModelConstants k = ctx.constants();
        forgetTauMicros = k.forgetTauMicros();
        normalizeMicros = k.normalizeMicros();
        normalizerGain = k.normalizerGain();
        clampLow = k.clampLow();
        clampHigh = k.clampHigh();
        dropMicros = k.dropMicros();
        nextNormalize = normalizeMicros;
        this.defects = defects.isEmpty() ? EnumSet.noneOf(Defect.class) : EnumSet.copyOf(defects);
        this.n = ctx.vcpus().size();
        entitlement = new double[n];
        memory = new double[n];
        member = new boolean[n];
        lastStop = new long[n];
        // The users log on in file order as the run starts (the report's runner logged them on for each
        // scenario); one with work to do joins the dispatch list at once, entitled over those already on it.
        // The set of buckets on the list only grows during log-on, so each pool keeps its share sums instead of
        // rebuilding the set per virtual CPU (which made set-up quadratic).
        List<Bucket> buckets = ctx.buckets();
        boolean[] listed = new boolean[buckets.size()];
        double[] absoluteSum = new double[ctx.dispatchPools().size()];
        double[] relativeSum = new double[absoluteSum.length];
        for (PolicyContext.Vcpu v : ctx.vcpus()) {
            int i = v.index();
            member[i] = v.unbounded() || v.demand() > 0;
            memory[i] = has(Defect.SINCE_LOGON_MEMORY) ? 0 : LOG_ZERO;
            if (!has(Defect.DISPATCH_LIST_ENTITLEMENT)) {
                entitlement[i] = v.weight();
                continue;
            }
            int p = v.dispatchPool();
            ShareAmount min = buckets.get(v.bucket()).share().min();
            boolean absolute = min.kind() == ShareKind.ABSOLUTE;
            if (member[i] && !listed[v.bucket()]) {
                listed[v.bucket()] = true;
                absoluteSum[p] += absolute ? min.value() : 0;
                relativeSum[p] += absolute ? 0 : min.value();
            }
            // A VCPU not on the list is entitled as if its bucket were (as the wake-up rule computes it).
            double extra = listed[v.bucket()] ? 0 : min.value();
            double e = Entitlements.entitlement(ctx.dispatchPools().get(p).capacity(),
                    absoluteSum[p] + (absolute ? extra : 0), relativeSum[p] + (absolute ? 0 : extra), min);
            entitlement[i] = e / buckets.get(v.bucket()).running().size();
        }
        limits = new LimitList(ctx, limits(), has(Defect.LIMITSOFT_LEAK)
                ? LimitList.SoftRule.OTHERS_BELOW_ENTITLEMENT : LimitList.SoftRule.OTHERS_FILL_POOL);
    }

    private boolean has(Defect d) {
        return defects.contains(d);
    }

    /**
     * Per-VCPU entitlement over the buckets with a dispatch-list member among VCPUs {@code 0..upTo}
     * (all VCPUs: {@code upTo = n - 1}), which must include {@code v}'s bucket.
     */
    private double dispatchListEntitlement(int v, int upTo) {
        PolicyContext.Vcpu me = ctx.vcpus().get(v);
        List<Bucket> buckets = ctx.buckets();
        Map<Integer, ShareAmount> present = new LinkedHashMap<>();
        present.put(me.bucket(), buckets.get(me.bucket()).share().min());
        for (int i = 0; i <= upTo; i++) {
            PolicyContext.Vcpu o = ctx.vcpus().get(i);
            if (member[i] && o.dispatchPool() == me.dispatchPool()) {
                present.putIfAbsent(o.bucket(), buckets.get(o.bucket()).share().min());
            }
        }
        List<Integer> ids = new ArrayList<>(present.keySet());
        double[] e = Entitlements.of(ctx.dispatchPools().get(me.dispatchPool()).capacity(), new ArrayList<>(present.values()));
        Bucket mine = buckets.get(me.bucket());
        return e[ids.indexOf(me.bucket())] / mine.running().size();
    }

    /** Limits as this scheduler computes and enforces them. */
    private double[] limits() {
        List<Bucket> buckets = ctx.buckets();
        double[] lim = new double[buckets.size()];
        // Each pool's min-share sums, added in bucket order as Entitlements.of would add them: set S below is
        // the pool's min-shares plus one limit-share, so its sums are these plus that share (linear set-up).
        double[] absoluteSum = new double[ctx.dispatchPools().size()];
        double[] relativeSum = new double[absoluteSum.length];
        if (has(Defect.RELATIVE_LIMIT)) {
            for (Bucket o : buckets) {
                ShareAmount m = o.share().min();
                int p = ctx.dispatchPoolOf(o.pool());
                if (p < 0) {
                    continue;
                }
                if (m.kind() == ShareKind.ABSOLUTE) {
                    absoluteSum[p] += m.value();
                } else {
                    relativeSum[p] += m.value();
                }
            }
        }
        for (int b = 0; b < lim.length; b++) {
            Bucket bk = buckets.get(b);
            lim[b] = bk.limit();
            if (bk.share().limit().isEmpty() || bk.share().limit().get().amount().kind() != ShareKind.RELATIVE) {
                continue;
            }
            if (has(Defect.RELATIVE_LIMITHARD_UNENFORCED) && bk.limitMode().orElseThrow() == LimitMode.HARD) {
                lim[b] = Double.POSITIVE_INFINITY;
            } else if (has(Defect.RELATIVE_LIMIT)) {
                // The limit-share joins the set beside the user's own min-share instead of replacing it.
                ShareAmount l = bk.share().limit().get().amount();
                int p = poolIndex(bk);
                lim[b] = Entitlements.entitlement(ctx.dispatchPools().get(p).capacity(), absoluteSum[p],
                        relativeSum[p] + l.value(), l);
            }
        }
        return lim;
    }

    private int poolIndex(Bucket b) {
        int p = ctx.dispatchPoolOf(b.pool());
        if (p < 0) {
            throw new IllegalStateException("no dispatch pool " + b.pool());
        }
        return p;
    }

    @Override
    public long urgency(int v, Reprice why, long now) {
        if (why == Reprice.WAKE && !member[v]) {
            // Back on the dispatch list after a drop: 6.3 entitles it over whoever is on the list now.
            member[v] = true;
            if (has(Defect.DISPATCH_LIST_ENTITLEMENT)) {
                entitlement[v] = dispatchListEntitlement(v, n - 1);
            }
        }
        double e = Math.max(entitlement[v], 1e-9) / 100;
        if (has(Defect.SINCE_LOGON_MEMORY)) {
            // Since logon the ratio is memory / (e × age), and every user has the same age, so the order of
            // the ratios at any instant is the order of memory / e: a key that never goes stale in a DV.
            double x = memory[v] / e;
            if (has(Defect.HEURISTICS)) {
                double age = now;
                // The heuristic pulls an extreme ratio back to the bound: such a VMDBK is priced as if it had
                // consumed exactly bound × entitlement since logon, so all clamped ones queue in reprice order.
                x = Math.max(clampLow * age, Math.min(clampHigh * age, x));
            }
            return (long) (Math.min(x, 1e15) * SINCE_LOGON_KEY_SCALE);
        }
        // log(decayed consumption / entitlement) up to a term common to all VCPUs: the order it gives is the
        // order of the decayed rates at any instant, so a key waiting in a DV never goes stale.
        double x = memory[v] - Math.log(e);
        if (has(Defect.HEURISTICS)) {
            // ratio = e^(x - now/tau) / tau, clamped into [LOW, HIGH] in the same log domain.
            double base = now / forgetTauMicros + Math.log(forgetTauMicros);
            x = Math.max(base + Math.log(clampLow), Math.min(base + Math.log(clampHigh), x));
        }
        return (long) (x * LOG_KEY_SCALE);
    }

    @Override
    public void charged(int v, long rawMicros, long now) {
        lastStop[v] = now;
        if (rawMicros <= 0) {
            return;
        }
        if (has(Defect.SINCE_LOGON_MEMORY)) {
            memory[v] += rawMicros;
        } else {
            // memory = log(sum of raw_i * e^(t_i / tau)): exponential forgetting without rescaling, kept in
            // the log domain so hours of virtual time cannot overflow.
            double x = Math.log(rawMicros) + now / forgetTauMicros;
            double m = memory[v];
            memory[v] = m > x ? m + Math.log1p(Math.exp(x - m)) : x + Math.log1p(Math.exp(m - x));
        }
    }

    @Override
    public void windowEnd(WindowView w) {
        long now = w.endMicros();
        for (int v = 0; v < n; v++) {
            if (member[v] && w.status(v) == VcpuStatus.WAITING && now - lastStop[v] >= dropMicros) {
                member[v] = false;
            }
        }
        if (has(Defect.DISPATCH_LIST_ENTITLEMENT) && now >= nextNormalize) {
            nextNormalize += normalizeMicros;
            normalize();
        }
        limits.windowEnd(w);
    }

    /**
     * The normalizer, meant to repair entitlements after dispatch-list membership changes. Defective: one
     * factor per pool makes the members' entitlements add up to the pool's capacity, and each is pulled only
     * {@link ModelConstants#normalizerGain()} of the way toward its value over the current list, so an error made at a
     * membership change is worked off over seconds (the report's early excursion in J1), not at once.
     * Repaired: every member's entitlement is recomputed over the current dispatch list.
     */
    private void normalize() {
        double[] correct = memberEntitlements();
        if (!has(Defect.NORMALIZER)) {
            for (int v = 0; v < n; v++) {
                if (member[v]) {
                    entitlement[v] = correct[v];
                }
            }
            return;
        }
        double[] sum = new double[ctx.dispatchPools().size()];
        for (int v = 0; v < n; v++) {
            if (member[v]) {
                sum[ctx.vcpus().get(v).dispatchPool()] += entitlement[v];
            }
        }
        for (int v = 0; v < n; v++) {
            int p = ctx.vcpus().get(v).dispatchPool();
            if (member[v] && sum[p] > 0) {
                double scaled = entitlement[v] * ctx.dispatchPools().get(p).capacity() / sum[p];
                entitlement[v] = scaled + normalizerGain * (correct[v] - scaled);
            }
        }
    }

    /**
     * Every member's per-VCPU entitlement over the buckets that have a member on the dispatch list now, in
     * one pass per pool (the normalizer runs every {@link ModelConstants#normalizeMicros()}, so this must stay linear).
     */
    private double[] memberEntitlements() {
        List<Bucket> buckets = ctx.buckets();
        double[] out = new double[n];
        for (PolicyContext.DispatchPool pool : ctx.dispatchPools()) {
            Map<Integer, Integer> slot = new LinkedHashMap<>();
            List<ShareAmount> mins = new ArrayList<>();
            for (int v = 0; v < n; v++) {
                PolicyContext.Vcpu x = ctx.vcpus().get(v);
                if (member[v] && x.dispatchPool() == pool.index() && slot.putIfAbsent(x.bucket(), mins.size()) == null) {
                    mins.add(buckets.get(x.bucket()).share().min());
                }
            }
            if (mins.isEmpty()) {
                continue;
            }
            double[] e = Entitlements.of(pool.capacity(), mins);
            for (int v = 0; v < n; v++) {
                PolicyContext.Vcpu x = ctx.vcpus().get(v);
                if (member[v] && x.dispatchPool() == pool.index()) {
                    out[v] = e[slot.get(x.bucket())] / buckets.get(x.bucket()).running().size();
                }
            }
        }
        return out;
    }

    @Override
    public boolean onLimitList(int bucket, WindowView w) {
        return limits.onLimitList(bucket);
    }
}
