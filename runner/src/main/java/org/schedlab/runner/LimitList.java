package org.schedlab.runner;

import java.util.List;
import org.schedlab.core.LimitMode;
import org.schedlab.solver.Bucket;

/**
 * The limit list: which buckets may not be dispatched for the next window. Every limited bucket and every
 * CPU pool keeps a credit of CPU time that grows at its limit's rate and shrinks by what it consumed; a
 * bucket whose credit is overdrawn goes on the list and comes off when the credit recovers, so its average
 * over any limiting interval is its limit. Credit is capped at {@link #BURST_MICROS} worth so an idle bucket
 * cannot save up a burst.
 *
 * <p>LIMITHARD always holds. LIMITSOFT holds only while others want the capacity; how "others want it" is
 * judged is the {@link SoftRule}, which is where z/VM 6.4 went wrong.
 */
final class LimitList {

    /** Credit cap in microseconds of full-rate consumption. */
    static final long BURST_MICROS = 5_000;
    /** Time constant of the per-bucket consumption rate a {@link SoftRule#OTHERS_BELOW_ENTITLEMENT} check uses. */
    static final double RATE_TAU_MICROS = 100_000;

    /** How a LIMITSOFT bucket decides that others want the power. */
    enum SoftRule {
        /** Correct: the pool's other dispatchable VMDBKs could fill every logical CPU of the pool. */
        OTHERS_FILL_POOL,
        /**
         * The 6.4 defect: only a ready bucket consuming below its entitlement counts as wanting. A recipient
         * already above its entitlement "has enough", so the soft-limited user is let go.
         */
        OTHERS_BELOW_ENTITLEMENT
    }

    private final PolicyContext ctx;
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
     * @param limits per bucket, the limit in percent of one logical CPU as this policy computes it
     *               ({@code POSITIVE_INFINITY}: none or not enforced)
     */
    LimitList(PolicyContext ctx, double[] limits, SoftRule softRule) {
        this.ctx = ctx;
        List<Bucket> buckets = ctx.buckets();
        int nb = buckets.size();
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
            groupOf[b] = ctx.cpuPoolOf(b);
        }
        int ng = ctx.cpuPools().size();
        groupCredit = new double[ng];
        groupRate = new double[ng];
        for (PolicyContext.GroupCap g : ctx.cpuPools()) {
            groupRate[g.index()] = g.cap() / 100;
            groupCredit[g.index()] = burst(groupRate[g.index()]);
        }
    }

    private static double burst(double r) {
        return Double.isInfinite(r) ? 0 : r * BURST_MICROS;
    }

    /** Recent consumption rate of a bucket, in percent of one logical CPU. */
    double ratePct(int b) {
        return rate[b] * 100;
    }

    void windowEnd(WindowView w) {
        long len = w.lengthMicros();
        int nb = credit.length;
        double decay = Math.exp(-len / RATE_TAU_MICROS);
        for (int b = 0; b < nb; b++) {
            long used = w.consumedMicros(b);
            rate[b] = rate[b] * decay + (1 - decay) * used / (double) len;
            if (!Double.isInfinite(limitRate[b])) {
                credit[b] = Math.min(burst(limitRate[b]), credit[b] + limitRate[b] * len - used);
            }
        }
        for (PolicyContext.GroupCap g : ctx.cpuPools()) {
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
        int pool = ctx.buckets().get(b).pool().ordinal();
        int wanting = 0;
        List<Bucket> buckets = ctx.buckets();
        for (int o = 0; o < buckets.size(); o++) {
            if (o == b || buckets.get(o).pool().ordinal() != pool || w.wanting(o) == 0) {
                continue;
            }
            switch (softRule) {
                case OTHERS_FILL_POOL -> {
                    if (!w.limited(o)) {
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
        return softRule == SoftRule.OTHERS_FILL_POOL && wanting >= logicalCpus(pool);
    }

    private int logicalCpus(int typeOrdinal) {
        for (PolicyContext.Pool p : ctx.pools()) {
            if (p.type().ordinal() == typeOrdinal) {
                return p.logicalCpus();
            }
        }
        return 1;
    }

    boolean onLimitList(int b) {
        return on[b];
    }
}
