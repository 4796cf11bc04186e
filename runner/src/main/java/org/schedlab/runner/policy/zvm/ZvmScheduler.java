package org.schedlab.runner.policy.zvm;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.schedlab.core.EngineType;
import org.schedlab.core.LimitMode;
import org.schedlab.core.Numbers;
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
 * The z/VM CP scheduler as the "z/VM 6.4 Performance Report" describes it in "CP Scheduler Improvements" (the
 * report, below; quoted names are its subsections). A virtual CPU's dispatch priority is computed when it
 * enters the dispatch list and when its minor time slice ends; lower runs sooner. How it is formed is the
 * release's {@link Priority}; the {@link Defect}s are switches on that mechanism.
 */
final class ZvmScheduler implements PolicyInstance {

    /** How a release orders the dispatch list. */
    enum Priority {
        /**
         * z/VM 6.3: a deadline, the time of day at repricing plus an offset of {@code deadlineScale} minor slices
         * divided by the VMDBK's entitlement in CPUs (normalized share times processors), plus a feedback term:
         * how far its consumption since logon is ahead of its entitlement, in microseconds of that entitlement.
         * Unclamped, the feedback turns the deadline into a virtual time and the order is exact; the 6.3
         * heuristic clamps it, and then the offset decides, which favours the largest share by more than its part.
         */
        DEADLINE,
        /**
         * z/VM 6.4 as shipped: the decayed consumption rate over the entitlement as it stood when the VMDBK was
         * priced. It goes stale while the VMDBK waits in a dispatch vector (its rate keeps decaying, its key does
         * not): cheap, and not exactly ordered, as the report's "Introduction" says of the repairs.
         */
        STALE_RATIO,
        /**
         * The report's experimental UPDPRIO2 driver ("More Donors, More Recipients, and Unequal Shares", Figure 16):
         * the same ratio in a form that never goes stale, so exact.
         */
        EXACT_RATIO
    }

    /** Log-domain key resolution. */
    private static final double LOG_KEY_SCALE = 1e12;
    /** log of "no consumption yet". */
    private static final double LOG_ZERO = -700;
    /** The random stream (per VCPU) of the logon history. */
    private static final long HISTORY_STREAM = 100;

    private final PolicyContext ctx;
    private final Set<Defect> defects;
    private final Priority priority;
    private final int n;
    private final double[] entitlement;
    /** Since logon: microseconds consumed; otherwise log of the exponentially weighted consumption. */
    private final double[] memory;
    private final boolean[] member;
    private final long[] lastStop;
    private final long[] slice;
    private final LimitList limits;
    /** The model's constants, copied to fields: read on the dispatch hot path. */
    private final double forgetTauMicros;
    private final long normalizeMicros;
    private final double normalizerGain;
    private final double feedbackClamp;
    private final double deadlineScale;
    private final long historyMicros;
    private final long dropMicros;
    private long nextNormalize;

    ZvmScheduler(PolicyContext ctx, Set<Defect> defects, Priority priority) {
        this.ctx = ctx;
        this.priority = priority;
        ModelConstants k = ctx.constants();
        forgetTauMicros = k.forgetTauMicros();
        normalizeMicros = k.normalizeMicros();
        normalizerGain = k.normalizerGain();
        feedbackClamp = k.feedbackClampMicros();
        deadlineScale = k.deadlineScale();
        dropMicros = k.dropMicros();
        nextNormalize = normalizeMicros;
        this.defects = defects.isEmpty() ? EnumSet.noneOf(Defect.class) : EnumSet.copyOf(defects);
        this.n = ctx.vcpus().size();
        historyMicros = has(Defect.SINCE_LOGON_MEMORY) ? k.logonHistoryMicros() : 0;
        entitlement = new double[n];
        memory = new double[n];
        member = new boolean[n];
        lastStop = new long[n];
        slice = new long[n];
        double[] history = has(Defect.SINCE_LOGON_MEMORY) ? defaultShareHistory(k) : null;
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
            slice[i] = ctx.dispatchPools().get(v.dispatchPool()).sliceMicros();
            member[i] = v.unbounded() || v.demand() > 0;
            memory[i] = history != null ? history[i] : LOG_ZERO;
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
            // A VCPU not on the list is entitled as if its bucket were (as the wake-up rule computes it); one
            // virtual CPU can use at most one logical CPU's worth, whatever the share says.
            double extra = listed[v.bucket()] ? 0 : min.value();
            double e = Entitlements.entitlement(ctx.dispatchPools().get(p).capacity(),
                    absoluteSum[p] + (absolute ? extra : 0), relativeSum[p] + (absolute ? 0 : extra), min);
            entitlement[i] = Math.min(100, e / buckets.get(v.bucket()).running().size());
        }
        limits = new LimitList(ctx, limits(), LimitList.SoftRule.OTHERS_FILL_POOL);
    }

    /**
     * What each VMDBK consumed before the measurement: the users ran their burners for
     * {@link ModelConstants#logonHistoryMicros()} under the default share (every user RELATIVE 100, so each
     * pool's capacity split evenly over its VCPUs up to their demands), each within
     * {@link ModelConstants#logonHistoryJitter()} of that.
     */
    private double[] defaultShareHistory(ModelConstants k) {
        double[] out = new double[n];
        for (PolicyContext.DispatchPool pool : ctx.dispatchPools()) {
            List<Integer> mine = new ArrayList<>();
            for (PolicyContext.Vcpu v : ctx.vcpus()) {
                if (v.dispatchPool() == pool.index()) {
                    mine.add(v.index());
                }
            }
            // Water-fill the capacity over the VCPUs' demands.
            double left = pool.capacity();
            List<Integer> open = new ArrayList<>(mine);
            double[] part = new double[n];
            while (!open.isEmpty() && left > Numbers.TOLERANCE) {
                double level = left / open.size();
                List<Integer> next = new ArrayList<>();
                double used = 0;
                for (int v : open) {
                    double want = demand(v) - part[v];
                    if (want <= level) {
                        part[v] += want;
                        used += want;
                    } else {
                        part[v] += level;
                        used += level;
                        next.add(v);
                    }
                }
                left -= used;
                if (next.size() == open.size()) {
                    break;
                }
                open = next;
            }
            for (int v : mine) {
                double jitter = k.logonHistoryJitter() * (2 * ctx.random(v, HISTORY_STREAM).nextDouble() - 1);
                out[v] = Numbers.percentToFraction(k.logonHistoryMicros() * part[v]) * (1 + jitter);
            }
        }
        return out;
    }

    private double demand(int v) {
        PolicyContext.Vcpu x = ctx.vcpus().get(v);
        return x.unbounded() ? 100 : Math.min(100, x.demand());
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
        // One virtual CPU can use at most one logical CPU's worth, whatever the share says.
        return Math.min(100, e[ids.indexOf(me.bucket())] / mine.running().size());
    }

    /** Limits as this scheduler computes and enforces them. */
    private double[] limits() {
        List<Bucket> buckets = ctx.buckets();
        double[] lim = new double[buckets.size()];
        double[] aloneLimit = has(Defect.RELATIVE_LIMIT) ? relativeLimitsAlone(buckets) : null;
        for (int b = 0; b < lim.length; b++) {
            Bucket bk = buckets.get(b);
            lim[b] = bk.limit();
            if (bk.share().limit().isEmpty()) {
                continue;
            }
            if (has(Defect.LIMITSOFT_LEAK) && bk.limitMode().orElseThrow() == LimitMode.SOFT) {
                // The soft-limited user is held back only to its entitlement when that is above its limit.
                lim[b] = Math.max(lim[b], bk.entitlement());
            }
            if (has(Defect.RELATIVE_LIMIT) && bk.share().limit().get().amount().kind() == ShareKind.RELATIVE) {
                lim[b] = Math.max(lim[b], aloneLimit[b]);
            }
        }
        return lim;
    }

    /**
     * Defect (4): each RELATIVE limit-share resolved against its pool's RELATIVE limit-shares alone, not against the
     * min-shares with the user's own replaced, so a lone one resolves to the whole pool. The set is the same for
     * every member of a pool, so it is resolved once per pool: linear in buckets (a set per bucket made set-up
     * quadratic, 4 s for 100,000 virtual CPUs). NaN for buckets without a RELATIVE limit-share.
     */
    private double[] relativeLimitsAlone(List<Bucket> buckets) {
        double[] out = new double[buckets.size()];
        Arrays.fill(out, Double.NaN);
        Map<EngineType, List<Integer>> byPool = new LinkedHashMap<>();
        for (int b = 0; b < buckets.size(); b++) {
            Bucket bk = buckets.get(b);
            if (bk.share().limit().isPresent() && bk.share().limit().get().amount().kind() == ShareKind.RELATIVE) {
                byPool.computeIfAbsent(bk.pool(), k -> new ArrayList<>()).add(b);
            }
        }
        for (List<Integer> members : byPool.values()) {
            List<ShareAmount> set = new ArrayList<>(members.size());
            for (int b : members) {
                set.add(buckets.get(b).share().limit().get().amount());
            }
            double[] e = Entitlements.of(ctx.dispatchPools().get(poolIndex(buckets.get(members.get(0)))).capacity(),
                    set);
            for (int i = 0; i < members.size(); i++) {
                out[members.get(i)] = e[i];
            }
        }
        return out;
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
        double e = Numbers.percentToFraction(Math.max(entitlement[v], Numbers.TOLERANCE));
        return switch (priority) {
            case DEADLINE -> deadline(v, e, now);
            // log(decayed rate / entitlement) as it stands now: the -now/tau term is what a waiting key misses.
            case STALE_RATIO -> (long) ((memory[v] - now / forgetTauMicros - Math.log(e)) * LOG_KEY_SCALE);
            // log(decayed consumption / entitlement) up to a term common to all VCPUs: the order it gives is the
            // order of the decayed rates at any instant, so a key waiting in a DV never goes stale.
            case EXACT_RATIO -> (long) ((memory[v] - Math.log(e)) * LOG_KEY_SCALE);
        };
    }

    /**
     * 6.3 sets a new deadline (time of day plus offset) when a VMDBK comes back from a wait, which puts it behind
     * those already queued; 6.4 keeps the priority it had, so it may preempt the VMDBK that took its CPU. That is
     * the model's reading of why 6.4's real dispatches were shorter and its dispatch delay lower ("Infinite Demand, Equal Share").
     */
    @Override
    public boolean keepsPriorityOverShortWait() {
        return priority != Priority.DEADLINE;
    }

    /**
     * A 6.3 deadline is set only when a slice ends or a VMDBK (re)enters the list: a preempted VMDBK keeps its
     * deadline, or every preemption would push it back by a whole offset.
     */
    @Override
    public boolean keepsPriorityWhenPreempted() {
        return priority == Priority.DEADLINE;
    }

    /** The 6.3 deadline ({@link Priority#DEADLINE}); {@code e} is the entitlement in CPUs. */
    private long deadline(int v, double e, long now) {
        double offset = deadlineScale * slice[v] / e;
        double lag;
        if (has(Defect.SINCE_LOGON_MEMORY)) {
            lag = memory[v] / e - (now + historyMicros);
        } else {
            // The same feedback over the forgetting window: decayed consumption against decayed entitlement.
            double consumed = Math.exp(memory[v] - now / forgetTauMicros);
            lag = consumed / e - forgetTauMicros * -Math.expm1(-now / forgetTauMicros);
        }
        if (has(Defect.HEURISTICS)) {
            lag = Math.max(-feedbackClamp, Math.min(feedbackClamp, lag));
        }
        return (long) Math.max(-1e17, Math.min(1e17, now + offset + lag));
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

    @Override
    public boolean mayLimit(int bucket) {
        return limits.mayHold(bucket);
    }
}
