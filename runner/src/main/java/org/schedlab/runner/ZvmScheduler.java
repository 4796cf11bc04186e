package org.schedlab.runner;

import org.schedlab.solver.Entitlements;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.schedlab.core.LimitMode;
import org.schedlab.core.ShareAmount;
import org.schedlab.core.ShareKind;
import org.schedlab.solver.Bucket;

/**
 * The z/VM CP scheduler as the 6.4 report describes it: a virtual CPU's dispatch priority is its recent
 * consumption relative to its entitlement (consumption rate ÷ entitlement; lower runs sooner), computed when it
 * enters the dispatch list and when its minor time slice ends. The {@link Defect}s are switches on that one
 * mechanism; {@link Zvm63Policy} and {@link Zvm64Policy} differ only in which are on.
 */
final class ZvmScheduler implements PolicyInstance {

    /** The 6.4 forgetting window: consumption decays with this time constant. */
    static final double FORGET_TAU_MICROS = 2_000_000;
    /** The normalizer runs this often. */
    static final long NORMALIZE_MICROS = 10_000;
    /**
     * How far one defective normalizer pass moves an entitlement toward its value over the current dispatch
     * list: 0.2% per 10 ms pass, a time constant of 5 s.
     */
    static final double NORMALIZER_GAIN = 0.002;
    /** Heuristic clamp of the consumption-to-entitlement ratio. */
    static final double CLAMP_LOW = 0.5;
    static final double CLAMP_HIGH = 2.0;
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
    private long nextNormalize = NORMALIZE_MICROS;

    ZvmScheduler(PolicyContext ctx, Set<Defect> defects) {
        this.ctx = ctx;
        this.defects = defects.isEmpty() ? EnumSet.noneOf(Defect.class) : EnumSet.copyOf(defects);
        this.n = ctx.vcpus().size();
        entitlement = new double[n];
        memory = new double[n];
        member = new boolean[n];
        lastStop = new long[n];
        for (PolicyContext.Vcpu v : ctx.vcpus()) {
            int i = v.index();
            // The users log on in file order as the run starts (the report's runner logged them on for each
            // scenario); one with work to do joins the dispatch list at once, entitled over those already on it.
            member[i] = v.unbounded() || v.demand() > 0;
            entitlement[i] = has(Defect.DISPATCH_LIST_ENTITLEMENT) ? dispatchListEntitlement(i, i) : v.weight();
            memory[i] = has(Defect.SINCE_LOGON_MEMORY) ? 0 : LOG_ZERO;
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
            if (member[i] && o.pool() == me.pool()) {
                present.putIfAbsent(o.bucket(), buckets.get(o.bucket()).share().min());
            }
        }
        List<Integer> ids = new ArrayList<>(present.keySet());
        double[] e = Entitlements.of(ctx.pools().get(me.pool()).capacity(), new ArrayList<>(present.values()));
        Bucket mine = buckets.get(me.bucket());
        return e[ids.indexOf(me.bucket())] / mine.running().size();
    }

    /** Limits as this scheduler computes and enforces them. */
    private double[] limits() {
        List<Bucket> buckets = ctx.buckets();
        double[] lim = new double[buckets.size()];
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
                List<ShareAmount> set = new ArrayList<>();
                for (Bucket o : buckets) {
                    if (o.pool() == bk.pool()) {
                        set.add(o.share().min());
                    }
                }
                set.add(bk.share().limit().get().amount());
                double[] e = Entitlements.of(ctx.pools().get(poolIndex(bk)).capacity(), set);
                lim[b] = e[e.length - 1];
            }
        }
        return lim;
    }

    private int poolIndex(Bucket b) {
        for (PolicyContext.Pool p : ctx.pools()) {
            if (p.type() == b.pool()) {
                return p.index();
            }
        }
        throw new IllegalStateException("no pool " + b.pool());
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
                x = Math.max(CLAMP_LOW * age, Math.min(CLAMP_HIGH * age, x));
            }
            return (long) (Math.min(x, 1e15) * SINCE_LOGON_KEY_SCALE);
        }
        // log(decayed consumption / entitlement) up to a term common to all VCPUs: the order it gives is the
        // order of the decayed rates at any instant, so a key waiting in a DV never goes stale.
        double x = memory[v] - Math.log(e);
        if (has(Defect.HEURISTICS)) {
            // ratio = e^(x - now/tau) / tau, clamped into [LOW, HIGH] in the same log domain.
            double base = now / FORGET_TAU_MICROS + Math.log(FORGET_TAU_MICROS);
            x = Math.max(base + Math.log(CLAMP_LOW), Math.min(base + Math.log(CLAMP_HIGH), x));
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
            double x = Math.log(rawMicros) + now / FORGET_TAU_MICROS;
            double m = memory[v];
            memory[v] = m > x ? m + Math.log1p(Math.exp(x - m)) : x + Math.log1p(Math.exp(m - x));
        }
    }

    @Override
    public void windowEnd(WindowView w) {
        long now = w.endMicros();
        for (int v = 0; v < n; v++) {
            if (member[v] && w.status(v) == VcpuStatus.WAITING && now - lastStop[v] >= Engine.DROP_MICROS) {
                member[v] = false;
            }
        }
        if (has(Defect.DISPATCH_LIST_ENTITLEMENT) && now >= nextNormalize) {
            nextNormalize += NORMALIZE_MICROS;
            normalize();
        }
        limits.windowEnd(w);
    }

    /**
     * The normalizer, meant to repair entitlements after dispatch-list membership changes. Defective: one
     * factor per pool makes the members' entitlements add up to the pool's capacity, and each is pulled only
     * {@link #NORMALIZER_GAIN} of the way toward its value over the current list, so an error made at a
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
        double[] sum = new double[ctx.pools().size()];
        for (int v = 0; v < n; v++) {
            if (member[v]) {
                sum[ctx.vcpus().get(v).pool()] += entitlement[v];
            }
        }
        for (int v = 0; v < n; v++) {
            int p = ctx.vcpus().get(v).pool();
            if (member[v] && sum[p] > 0) {
                double scaled = entitlement[v] * ctx.pools().get(p).capacity() / sum[p];
                entitlement[v] = scaled + NORMALIZER_GAIN * (correct[v] - scaled);
            }
        }
    }

    /**
     * Every member's per-VCPU entitlement over the buckets that have a member on the dispatch list now, in
     * one pass per pool (the normalizer runs every {@link #NORMALIZE_MICROS}, so this must stay linear).
     */
    private double[] memberEntitlements() {
        List<Bucket> buckets = ctx.buckets();
        double[] out = new double[n];
        for (PolicyContext.Pool pool : ctx.pools()) {
            Map<Integer, Integer> slot = new LinkedHashMap<>();
            List<ShareAmount> mins = new ArrayList<>();
            for (int v = 0; v < n; v++) {
                PolicyContext.Vcpu x = ctx.vcpus().get(v);
                if (member[v] && x.pool() == pool.index() && slot.putIfAbsent(x.bucket(), mins.size()) == null) {
                    mins.add(buckets.get(x.bucket()).share().min());
                }
            }
            if (mins.isEmpty()) {
                continue;
            }
            double[] e = Entitlements.of(pool.capacity(), mins);
            for (int v = 0; v < n; v++) {
                PolicyContext.Vcpu x = ctx.vcpus().get(v);
                if (member[v] && x.pool() == pool.index()) {
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

    /** Parses {@code defect=on|off} options onto a default set, accepting only the switches a policy models. */
    static EnumSet<Defect> configure(String policy, EnumSet<Defect> defaults, Set<Defect> supported,
                                     Map<String, String> options) {
        EnumSet<Defect> set = EnumSet.copyOf(defaults);
        for (Map.Entry<String, String> e : options.entrySet()) {
            Defect d = Defect.fromOption(e.getKey()).filter(supported::contains).orElseThrow(() ->
                    new IllegalArgumentException("policy " + policy + " has no defect switch '" + e.getKey()
                            + "'; known: " + supported.stream().sorted().map(Defect::option).collect(Collectors.joining(", "))));
            switch (e.getValue().trim().toLowerCase(java.util.Locale.ROOT)) {
                case "on", "true", "yes" -> set.add(d);
                case "off", "false", "no" -> set.remove(d);
                default -> throw new IllegalArgumentException("defect switch " + d.option() + " must be on or off, got '"
                        + e.getValue() + "'");
            }
        }
        return set;
    }

    static String spec(String name, EnumSet<Defect> defaults, Set<Defect> active) {
        List<String> changes = new ArrayList<>();
        for (Defect d : Defect.values()) {
            if (defaults.contains(d) != active.contains(d)) {
                changes.add(d.option() + "=" + (active.contains(d) ? "on" : "off"));
            }
        }
        return changes.isEmpty() ? name : name + ":" + String.join(",", changes);
    }
}
