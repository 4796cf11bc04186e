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
         * Correct: the pool's other dispatchable VMDBKs, not counting those held back by their own limits (other
         * scavengers included), could fill every logical CPU of the pool.
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
    private final double rateTauMicros;
    private final int[] logicalCpusOfBucket;
    private final double[] limitRate;
    private final boolean[] soft;
    private final SoftRule softRule;
    private final double[] credit;
    private final double[] groupCredit;
    private final double[] groupRate;
    private final int[] groupOf;
    private final double[] rate;
    private final boolean[] on;

    /**
     * @param ctx      the run's context (buckets, CPU pool caps, model constants)
     * @param limits   per bucket, the limit in percent of one logical CPU as the policy computes it
     *                 ({@code POSITIVE_INFINITY}: none or not enforced); copied
     * @param softRule how LIMITSOFT judges that others want the capacity
     * @throws IllegalArgumentException if {@code limits} has not one entry per bucket
     */
    public LimitList(PolicyContext ctx, double[] limits, SoftRule softRule) {
        this.ctx = ctx;
        this.burstMicros = ctx.constants().limitBurstMicros();
        this.rateTauMicros = ctx.constants().limitRateTauMicros();
        List<Bucket> buckets = ctx.buckets();
        int nb = buckets.size();
        if (limits.length != nb) {
            throw new IllegalArgumentException("need one limit per bucket (" + nb + "), got " + limits.length);
        }
        this.logicalCpusOfBucket = new int[nb];
        this.limitRate = new double[nb];
        this.soft = new boolean[nb];
        this.softRule = softRule;
        this.credit = new double[nb];
        this.rate = new double[nb];
        this.on = new boolean[nb];
        this.groupOf = new int[nb];
        for (int b = 0; b < nb; b++) {
            limitRate[b] = limits[b] / 100;
            soft[b] = buckets.get(b).limitMode().orElse(LimitMode.HARD) == LimitMode.SOFT;
            credit[b] = burst(limitRate[b]);
            groupOf[b] = -1;
            int dp = ctx.dispatchPoolOf(buckets.get(b).pool());
            logicalCpusOfBucket[b] = dp < 0 ? 1 : ctx.dispatchPools().get(dp).logicalCpus();
        }
        int ng = ctx.cpuPools().size();
        groupCredit = new double[ng];
        groupRate = new double[ng];
        for (PolicyContext.CpuPoolCap g : ctx.cpuPools()) {
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
        double decay = Math.exp(-len / rateTauMicros);
        for (int b = 0; b < nb; b++) {
            long used = w.consumedMicros(b);
            rate[b] = rate[b] * decay + (1 - decay) * used / (double) len;
            if (!Double.isInfinite(limitRate[b])) {
                credit[b] = Math.min(burst(limitRate[b]), credit[b] + limitRate[b] * len - used);
            }
        }
        for (PolicyContext.CpuPoolCap g : ctx.cpuPools()) {
            long used = 0;
            for (int b : g.members()) {
                used += w.consumedMicros(b);
            }
            int i = g.index();
            groupCredit[i] = Math.min(burst(groupRate[i]), groupCredit[i] + groupRate[i] * len - used);
        }
        for (int b = 0; b < nb; b++) {
            on[b] = decide(b, w);
        }
    }

    private boolean decide(int b, WindowView w) {
        int g = groupOf[b];
        if (g >= 0 && groupCredit[g] < 0) {
            return true;
        }
        if (Double.isInfinite(limitRate[b]) || credit[b] >= 0) {
            return false;
        }
        if (!soft[b]) {
            return true;
        }
        boolean othersWant = othersWant(b, w);
        if (!othersWant) {
            // Scavenging: nobody else wants the power, so the soft limit is lifted and no debt piles up.
            credit[b] = Math.max(credit[b], -burst(limitRate[b]));
        }
        return othersWant;
    }

    private boolean othersWant(int b, WindowView w) {
        int type = ctx.buckets().get(b).pool().ordinal();
        int wanting = 0;
        List<Bucket> buckets = ctx.buckets();
        for (int o = 0; o < buckets.size(); o++) {
            if (o == b || buckets.get(o).pool().ordinal() != type || w.wanting(o) == 0) {
                continue;
            }
            switch (softRule) {
                case OTHERS_FILL_POOL -> {
                    // A bucket held back by its own limit does not want the capacity: in particular another
                    // scavenger over its soft limit does not count, so several soft users all scavenge.
                    if (!w.limited(o) && !heldBack(o)) {
                        wanting += w.wanting(o);
                    }
                }
                case OTHERS_BELOW_ENTITLEMENT -> {
                    if (!w.limited(o) && ratePct(o) < buckets.get(o).entitlement()) {
                        return true;
                    }
                }
            }
        }
        return softRule == SoftRule.OTHERS_FILL_POOL && wanting >= logicalCpusOfBucket[b];
    }

    /** Over its own limit or its CPU pool's cap after this window's debit: the limit list holds it back. */
    private boolean heldBack(int b) {
        int g = groupOf[b];
        return (!Double.isInfinite(limitRate[b]) && credit[b] < 0) || (g >= 0 && groupCredit[g] < 0);
    }

    /** Whether bucket {@code b} is on the limit list for the next window, as the last {@link #windowEnd} decided. */
    public boolean onLimitList(int b) {
        return on[b];
    }
}
