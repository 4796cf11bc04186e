package org.schedlab.runner.policy;

import java.util.List;
import org.schedlab.core.LimitMode;
import org.schedlab.core.Numbers;
import org.schedlab.runner.spi.PolicyContext;
import org.schedlab.runner.spi.WindowView;
import org.schedlab.solver.Bucket;

/**
 * The limit list: which buckets may not be dispatched for the next window. Every limited bucket and every
 * CPU pool keeps a credit of CPU time that grows at its limit's rate and shrinks by what it consumed; a
 * bucket whose credit is overdrawn goes on the list and comes off when the credit recovers, so its average
 * over any limiting interval is its limit. Credit is capped at
 * {@link org.schedlab.runner.spi.ModelConstants#limitBurstMicros()} worth so an idle bucket cannot save up a burst.
 *
 * <p>LIMITHARD always holds. LIMITSOFT holds only while others want the capacity; how "others want it" is
 * judged is the {@link SoftRule}, which is where z/VM 6.4 went wrong.
 *
 * <p>A public building block: a policy creates one in {@link org.schedlab.runner.spi.SchedulerPolicy#start},
 * calls {@link #windowEnd} from its own {@code windowEnd} and answers {@code onLimitList} with
 * {@link #onLimitList(int)}:
 *
 * <pre>{@code
 * double[] lim = new double[ctx.buckets().size()];
 * for (int b = 0; b < lim.length; b++) lim[b] = ctx.buckets().get(b).limit();   // the correct limits
 * LimitList limits = new LimitList(ctx, lim, LimitList.SoftRule.OTHERS_FILL_POOL);
 * }</pre>
 *
 * Like the rest of a policy's shared state it is not thread-safe: use it only from the window-edge calls.
 */
public final class LimitList {

    /** How a LIMITSOFT bucket decides that others want the power. */
    public enum SoftRule {
        /**
         * Correct, the solver's rule: a soft limit holds while the dispatch pool's buckets, each counted at what it
         * could use with every limit held (soft ones too), fill the pool's capacity; if capacity is left over,
         * every soft bucket of the pool scavenges, and the dispatch order splits the leftover.
         */
        OTHERS_FILL_POOL,
        /**
         * The 6.4 defect: only a ready bucket consuming below its entitlement counts as wanting. A recipient
         * already above its entitlement "has enough", so the soft-limited user is let go.
         */
        OTHERS_BELOW_ENTITLEMENT
    }

    private final PolicyContext ctx;
    private final double burstMicros;
    private final WindowDecay rateDecay;
    /** Each bucket's dispatch pool (where its virtual CPUs run), or -1. */
    private final int[] dispatchPoolOfBucket;
    /** Per dispatch pool, its capacity in fractions of one logical CPU. */
    private final double[] poolCapacity;
    /**
     * Per dispatch pool, in bucket order: its buckets outside any capped CPU pool, and its capped CPU pools
     * (positions in {@link #groupIndex}).
     */
    private final int[][] poolLoose;
    private final int[][] poolGroups;
    /** Per CPU pool (by index), in bucket order: the buckets whose wants count against its cap. */
    private final int[][] groupFillMembers;
    /** Per dispatch pool, whether its buckets fill it in the window being decided: 0 not asked yet. */
    private final byte[] poolFull;
    private static final byte FULL = 1;
    private static final byte NOT_FULL = 2;
    private final double[] limitRate;
    private final boolean[] soft;
    private final SoftRule softRule;
    private final double[] credit;
    private final double[] groupCredit;
    private final double[] groupRate;
    private final int[] groupOf;
    /** Per bucket: its processor type's ordinal and its entitlement (percent), for the 6.4 soft rule. */
    private final int[] bucketType;
    private final double[] entitlement;
    /** Per CPU pool cap, in {@code ctx.cpuPools()} order: its index, its dispatch pool and its member buckets. */
    private final int[] groupIndex;
    private final int[] groupDispatchPool;
    private final int[][] groupMembers;
    /** Per bucket, its recent consumption rate, tracked only under its reader, the 6.4 rule. */
    private final double[] rate;
    private final boolean trackRates;
    /**
     * The buckets a window's decision can put on the list: those with a limit or in a CPU pool with a cap. Any other
     * bucket is never listed, never scavenges and has no slot limit, so its answers are set once and not walked every
     * 250 us: the edge's cost follows the limited buckets, not all of them.
     */
    private final int[] held;
    private final boolean[] on;
    private final boolean[] scavenging;
    private final boolean slotted;
    /**
     * Per bucket, fixed for the run and so worked out once: whether it has no limit, and in slotted mode the whole
     * logical CPUs its limit gives and whether a part of one more is left.
     */
    private final boolean[] unlimited;
    private final int[] wholeCpus;
    private final boolean[] partCpu;
    /** Per bucket, its limit's burst ({@link #burst}), fixed for the run. */
    private final double[] burstCredit;
    private final int[] slots;

    /**
     * @param ctx      the run's context (buckets, CPU pool caps, model constants)
     * @param limits   per bucket, the limit in percent of one logical CPU as the policy computes it
     *                 ({@code POSITIVE_INFINITY}: none or not enforced); copied
     * @param softRule how LIMITSOFT judges that others want the capacity
     * @throws IllegalArgumentException if {@code limits} has not one entry per bucket
     */
    public LimitList(PolicyContext ctx, double[] limits, SoftRule softRule) {
        this(ctx, limits, softRule, false);
    }

    /**
     * @param slotted {@code false}: z/VM's limit list, a bucket or CPU pool over its limit goes on the list as a
     *                whole. {@code true}, for policies in {@code DispatchMode.GLOBAL_ORDER}: the dispatcher holds
     *                CPU pools to their caps itself, and a bucket limited to L logical CPUs may run floor(L) of its
     *                virtual CPUs at once, plus one while its credit lasts ({@link #runningLimit}); it goes on the
     *                list only when that is none
     */
    public LimitList(PolicyContext ctx, double[] limits, SoftRule softRule, boolean slotted) {
        this.ctx = ctx;
        this.slotted = slotted;
        this.burstMicros = ctx.constants().limitBurstMicros();
        this.rateDecay = new WindowDecay(ctx.constants().limitRateTauMicros());
        List<Bucket> buckets = ctx.buckets();
        int nb = buckets.size();
        if (limits.length != nb) {
            throw new IllegalArgumentException("need one limit per bucket (" + nb + "), got " + limits.length);
        }
        this.dispatchPoolOfBucket = new int[nb];
        this.limitRate = new double[nb];
        this.soft = new boolean[nb];
        this.softRule = softRule;
        this.credit = new double[nb];
        this.trackRates = softRule == SoftRule.OTHERS_BELOW_ENTITLEMENT;
        this.rate = new double[trackRates ? nb : 0];
        this.on = new boolean[nb];
        this.scavenging = new boolean[nb];
        this.slots = new int[nb];
        java.util.Arrays.fill(slots, Integer.MAX_VALUE);
        this.groupOf = new int[nb];
        this.unlimited = new boolean[nb];
        this.wholeCpus = new int[nb];
        this.partCpu = new boolean[nb];
        this.bucketType = new int[nb];
        this.entitlement = new double[nb];
        for (int b = 0; b < nb; b++) {
            limitRate[b] = Numbers.percentToFraction(limits[b]);
            soft[b] = buckets.get(b).limitMode().orElse(LimitMode.HARD) == LimitMode.SOFT;
            credit[b] = burst(limitRate[b]);
            double r = limitRate[b];
            unlimited[b] = Double.isInfinite(r);
            wholeCpus[b] = (int) Math.min(Integer.MAX_VALUE - 1, Math.floor(r + Numbers.TOLERANCE));
            partCpu[b] = r - wholeCpus[b] > Numbers.TOLERANCE;
            groupOf[b] = -1;
            bucketType[b] = buckets.get(b).pool().ordinal();
            entitlement[b] = buckets.get(b).entitlement();
            dispatchPoolOfBucket[b] = ctx.dispatchPoolOf(buckets.get(b).pool());
        }
        poolCapacity = new double[ctx.dispatchPools().size()];
        for (PolicyContext.DispatchPool p : ctx.dispatchPools()) {
            poolCapacity[p.index()] = Numbers.percentToFraction(p.capacity());
        }
        poolFull = new byte[poolCapacity.length];
        int ng = ctx.cpuPools().size();
        groupCredit = new double[ng];
        groupRate = new double[ng];
        groupIndex = new int[ng];
        groupDispatchPool = new int[ng];
        groupMembers = new int[ng][];
        int k = 0;
        for (PolicyContext.CpuPoolCap g : ctx.cpuPools()) {
            // Copied out of the records once: the window edge walks them every 250 us.
            groupIndex[k] = g.index();
            groupDispatchPool[k] = g.dispatchPool();
            groupMembers[k++] = g.members().stream().mapToInt(Integer::intValue).toArray();
            groupRate[g.index()] = Numbers.percentToFraction(g.cap());
            groupCredit[g.index()] = burst(groupRate[g.index()]);
            for (int b : g.members()) {
                if (groupOf[b] < 0) {
                    groupOf[b] = g.index();
                }
            }
        }
        int h = 0;
        int[] heldBuckets = new int[nb];
        for (int b = 0; b < nb; b++) {
            if (mayHold(b)) {
                heldBuckets[h++] = b;
            }
        }
        held = java.util.Arrays.copyOf(heldBuckets, h);
        burstCredit = new double[nb];
        int np = poolCapacity.length;
        int[] looseCount = new int[np];
        int[] groupCount = new int[np];
        int[] memberCount = new int[ng];
        for (int b = 0; b < nb; b++) {
            burstCredit[b] = burst(limitRate[b]);
            if (dispatchPoolOfBucket[b] >= 0) {
                if (groupOf[b] >= 0) {
                    memberCount[groupOf[b]]++;
                } else {
                    looseCount[dispatchPoolOfBucket[b]]++;
                }
            }
        }
        for (int j = 0; j < ng; j++) {
            groupCount[groupDispatchPool[j]]++;
        }
        poolLoose = new int[np][];
        poolGroups = new int[np][];
        groupFillMembers = new int[ng][];
        for (int p = 0; p < np; p++) {
            poolLoose[p] = new int[looseCount[p]];
            poolGroups[p] = new int[groupCount[p]];
            looseCount[p] = 0;
            groupCount[p] = 0;
        }
        for (int i = 0; i < ng; i++) {
            groupFillMembers[i] = new int[memberCount[i]];
            memberCount[i] = 0;
        }
        for (int b = 0; b < nb; b++) {
            int dp = dispatchPoolOfBucket[b];
            if (dp >= 0) {
                if (groupOf[b] >= 0) {
                    groupFillMembers[groupOf[b]][memberCount[groupOf[b]]++] = b;
                } else {
                    poolLoose[dp][looseCount[dp]++] = b;
                }
            }
        }
        for (int j = 0; j < ng; j++) {
            poolGroups[groupDispatchPool[j]][groupCount[groupDispatchPool[j]]++] = j;
        }
    }

    private double burst(double r) {
        return Double.isInfinite(r) ? 0 : r * burstMicros;
    }

    /**
     * Recent consumption rate of a bucket (exponentially decayed), in percent of one logical CPU. Only the 6.4 rule
     * reads it, so only a list made with {@link SoftRule#OTHERS_BELOW_ENTITLEMENT} tracks it.
     *
     * @throws IllegalStateException under another rule
     */
    public double ratePct(int b) {
        if (!trackRates) {
            throw new IllegalStateException("rates are tracked only under " + SoftRule.OTHERS_BELOW_ENTITLEMENT);
        }
        return Numbers.fractionToPercent(rate[b]);
    }

    /**
     * A window has ended: credit every limited bucket and CPU pool for the window, debit what it consumed,
     * and decide the list for the next window. Call once per window, from the policy's own {@code windowEnd}.
     */
    public void windowEnd(WindowView w) {
        long len = w.lengthMicros();
        int nb = credit.length;
        if (trackRates) {
            double decay = rateDecay.factor(len);
            for (int b = 0; b < nb; b++) {
                long used = w.consumedMicros(b);
                // An idle bucket's term is exactly zero: skipping its division leaves the same bits.
                rate[b] = used == 0 ? rate[b] * decay : rate[b] * decay + (1 - decay) * used / (double) len;
            }
        }
        for (int b : held) {
            if (!unlimited[b]) {
                credit[b] = Math.min(burstCredit[b], credit[b] + limitRate[b] * len - w.consumedMicros(b));
            }
        }
        for (int k = 0; k < groupIndex.length; k++) {
            long used = 0;
            for (int b : groupMembers[k]) {
                used += w.consumedMicros(b);
            }
            int i = groupIndex[k];
            groupCredit[i] = Math.min(burst(groupRate[i]), groupCredit[i] + groupRate[i] * len - used);
        }
        // Whether a pool is full is only asked for a soft-limited bucket over its limit: worked out at the first ask.
        java.util.Arrays.fill(poolFull, (byte) 0);
        for (int b : held) {
            scavenging[b] = false;
            on[b] = decide(b, w);
        }
    }

    /**
     * Whether dispatch pool {@code dp}'s buckets, each counted at what it could use with every limit held, LIMITSOFT
     * ones included, fill the pool's capacity: a full logical CPU per virtual CPU that wants one (ready, running or
     * held back), capped by its bucket's limit and its CPU pool's cap. This is the solver's first filling seen from
     * the dispatcher, which knows readiness but not demand: when it reaches the pool's capacity nothing is left over,
     * and soft limits hold.
     *
     * <p>The sum is taken in bucket order, then the capped CPU pools in their order, as one pass over every bucket
     * would. Its terms are never negative and rounding is monotone, so once a partial sum reaches the capacity the
     * whole does: the walk stops there. An oversubscribed pool, where the question matters, is then decided after
     * about as many buckets as it has logical CPUs, not after all of them.
     */
    private boolean poolIsFull(int dp, WindowView w) {
        double threshold = poolCapacity[dp] - Numbers.TOLERANCE;
        double sum = 0;
        for (int b : poolLoose[dp]) {
            sum += Math.min(w.wanting(b), limitRate[b]);
            if (sum >= threshold) {
                return true;
            }
        }
        for (int k : poolGroups[dp]) {
            int i = groupIndex[k];
            double cap = groupRate[i];
            double group = 0;
            for (int b : groupFillMembers[i]) {
                group += Math.min(w.wanting(b), limitRate[b]);
                if (group >= cap) {
                    // The same reasoning: the group's whole sum is past its cap too, so its term is the cap.
                    break;
                }
            }
            sum += Math.min(group, cap);
            if (sum >= threshold) {
                return true;
            }
        }
        return false;
    }

    private boolean decide(int b, WindowView w) {
        slots[b] = Integer.MAX_VALUE;
        int g = groupOf[b];
        if (!slotted && g >= 0 && groupCredit[g] < 0) {
            return true;
        }
        if (unlimited[b] || (!slotted && credit[b] >= 0)) {
            return false;
        }
        if (soft[b]) {
            boolean othersWant = othersWant(b, w);
            if (!othersWant) {
                if (credit[b] < 0) {
                    // Scavenging: capacity is left over, so the soft limit is lifted and no debt piles up.
                    credit[b] = Math.max(credit[b], -burstCredit[b]);
                    scavenging[b] = true;
                }
                return false;
            }
        }
        if (!slotted) {
            return true;
        }
        slots[b] = wholeCpus[b] + (credit[b] >= 0 && partCpu[b] ? 1 : 0);
        return slots[b] == 0;
    }

    private boolean othersWant(int b, WindowView w) {
        if (softRule == SoftRule.OTHERS_FILL_POOL) {
            int dp = dispatchPoolOfBucket[b];
            if (dp < 0) {
                return false;
            }
            if (poolFull[dp] == 0) {
                poolFull[dp] = poolIsFull(dp, w) ? FULL : NOT_FULL;
            }
            return poolFull[dp] == FULL;
        }
        int type = bucketType[b];
        for (int o = 0; o < bucketType.length; o++) {
            if (o == b || bucketType[o] != type || w.wanting(o) == 0) {
                continue;
            }
            if (!w.limited(o) && ratePct(o) < entitlement[o]) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether LIMITSOFT bucket {@code b} is over its limit but let go for the next window because capacity is left
     * over (the last {@link #windowEnd} decided): what it runs now is leftover, which a policy may serve after
     * everyone else, as the solver's second filling does.
     */
    public boolean scavenging(int b) {
        return scavenging[b];
    }

    /**
     * In slotted mode, at most how many of bucket {@code b}'s virtual CPUs may run at once in the next window (as
     * the last {@link #windowEnd} decided); {@code Integer.MAX_VALUE} when its limit does not hold it.
     */
    public int runningLimit(int b) {
        return slots[b];
    }

    /**
     * Whether bucket {@code b} can ever be on the list or have a slot limit: it has a limit, or is in a CPU pool with
     * a cap. Fixed for the run; a policy answers {@code PolicyInstance.mayLimit} with it.
     */
    public boolean mayHold(int b) {
        return !unlimited[b] || groupOf[b] >= 0;
    }

    /** Whether bucket {@code b} is on the limit list for the next window, as the last {@link #windowEnd} decided. */
    public boolean onLimitList(int b) {
        return on[b];
    }
}
