package org.schedlab.runner.policy;

import java.util.List;
import org.schedlab.core.LimitMode;
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
    /** Scratch, per dispatch pool: what its buckets could use with every limit held (see {@link #fill}). */
    private final double[] poolFill;
    /** Scratch, per CPU pool: what its members could use before its cap. */
    private final double[] groupFill;
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
    private final double[] rate;
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
    /** Whether {@link #fill} ran for the window being decided. */
    private boolean filled;
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
        this.rate = new double[nb];
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
            limitRate[b] = limits[b] / 100;
            soft[b] = buckets.get(b).limitMode().orElse(LimitMode.HARD) == LimitMode.SOFT;
            credit[b] = burst(limitRate[b]);
            double r = limitRate[b];
            unlimited[b] = Double.isInfinite(r);
            wholeCpus[b] = (int) Math.min(Integer.MAX_VALUE - 1, Math.floor(r + 1e-9));
            partCpu[b] = r - wholeCpus[b] > 1e-9;
            groupOf[b] = -1;
            bucketType[b] = buckets.get(b).pool().ordinal();
            entitlement[b] = buckets.get(b).entitlement();
            dispatchPoolOfBucket[b] = ctx.dispatchPoolOf(buckets.get(b).pool());
        }
        poolCapacity = new double[ctx.dispatchPools().size()];
        for (PolicyContext.DispatchPool p : ctx.dispatchPools()) {
            poolCapacity[p.index()] = p.capacity() / 100;
        }
        poolFill = new double[poolCapacity.length];
        int ng = ctx.cpuPools().size();
        groupCredit = new double[ng];
        groupRate = new double[ng];
        groupFill = new double[ng];
        groupIndex = new int[ng];
        groupDispatchPool = new int[ng];
        groupMembers = new int[ng][];
        int k = 0;
        for (PolicyContext.CpuPoolCap g : ctx.cpuPools()) {
            // Copied out of the records once: the window edge walks them every 250 us.
            groupIndex[k] = g.index();
            groupDispatchPool[k] = g.dispatchPool();
            groupMembers[k++] = g.members().stream().mapToInt(Integer::intValue).toArray();
            groupRate[g.index()] = g.cap() / 100;
            groupCredit[g.index()] = burst(groupRate[g.index()]);
            for (int b : g.members()) {
                if (groupOf[b] < 0) {
                    groupOf[b] = g.index();
                }
            }
        }
    }

    private double burst(double r) {
        return Double.isInfinite(r) ? 0 : r * burstMicros;
    }

    /** Recent consumption rate of a bucket (exponentially decayed), in percent of one logical CPU. */
    public double ratePct(int b) {
        return rate[b] * 100;
    }

    /**
     * A window has ended: credit every limited bucket and CPU pool for the window, debit what it consumed,
     * and decide the list for the next window. Call once per window, from the policy's own {@code windowEnd}.
     */
    public void windowEnd(WindowView w) {
        long len = w.lengthMicros();
        int nb = credit.length;
        double decay = rateDecay.factor(len);
        for (int b = 0; b < nb; b++) {
            long used = w.consumedMicros(b);
            // An idle bucket's term is exactly zero: skipping its division leaves the same bits.
            rate[b] = used == 0 ? rate[b] * decay : rate[b] * decay + (1 - decay) * used / (double) len;
            if (!unlimited[b]) {
                credit[b] = Math.min(burst(limitRate[b]), credit[b] + limitRate[b] * len - used);
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
        // What the pools could use is only asked for a soft-limited bucket over its limit: filled at the first ask.
        filled = false;
        for (int b = 0; b < nb; b++) {
            scavenging[b] = false;
            on[b] = decide(b, w);
        }
    }

    /**
     * What each dispatch pool's buckets could use with every limit held, LIMITSOFT ones included: a full logical
     * CPU per virtual CPU that wants one (ready, running or held back), capped by its bucket's limit and its CPU
     * pool's cap. This is the solver's first filling seen from the dispatcher, which knows readiness but not
     * demand: when it reaches the pool's capacity nothing is left over, and soft limits hold.
     */
    private void fill(WindowView w) {
        java.util.Arrays.fill(poolFill, 0);
        java.util.Arrays.fill(groupFill, 0);
        for (int b = 0; b < credit.length; b++) {
            int dp = dispatchPoolOfBucket[b];
            if (dp < 0) {
                continue;
            }
            double could = Math.min(w.wanting(b), limitRate[b]);
            if (groupOf[b] >= 0) {
                groupFill[groupOf[b]] += could;
            } else {
                poolFill[dp] += could;
            }
        }
        for (int k = 0; k < groupIndex.length; k++) {
            int i = groupIndex[k];
            poolFill[groupDispatchPool[k]] += Math.min(groupFill[i], groupRate[i]);
        }
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
                    credit[b] = Math.max(credit[b], -burst(limitRate[b]));
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
            if (!filled) {
                fill(w);
                filled = true;
            }
            int dp = dispatchPoolOfBucket[b];
            return dp >= 0 && poolFill[dp] >= poolCapacity[dp] - 1e-9;
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

    /** Whether bucket {@code b} is on the limit list for the next window, as the last {@link #windowEnd} decided. */
    public boolean onLimitList(int b) {
        return on[b];
    }
}
