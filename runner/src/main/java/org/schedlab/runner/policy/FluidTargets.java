package org.schedlab.runner.policy;

import java.util.Arrays;
import org.schedlab.core.Demand;
import org.schedlab.core.Numbers;
import org.schedlab.runner.spi.PolicyContext;
import org.schedlab.runner.spi.VcpuStatus;
import org.schedlab.runner.spi.WindowView;
import org.schedlab.solver.Solver;

/**
 * The rate each virtual CPU should run at now: the fluid (weighted max-min) allocation under the problem's shares,
 * limits, CPU pools and pool capacities, for the demand the scheduler can observe. Virtual time that advances by
 * {@code raw / target} then makes the virtual CPUs that run next the ones furthest behind their fluid share, and
 * the allocation is always feasible: no target exceeds one CPU and a dispatch pool's targets never exceed its
 * capacity, the condition under which proportional share on several processors tracks the fluid schedule (only
 * donors' margins, below, go beyond it). Chandra, Adler, Goyal and Shenoy ("Surplus Fair Scheduling: A
 * Proportional-Share CPU Scheduling Algorithm for Symmetric Multiprocessors", OSDI 2000) readjust infeasible
 * weights for the one-CPU bound; the same readjustment for every cap at once is the fluid allocation itself. A
 * capped group then runs at its cap's rate instead of bursting while its credit lasts, so two groups with
 * fractional caps do not fall idle together.
 *
 * <p>Observed demand, never the burner's: a virtual CPU that has not waited twice within {@link #RATE_TAU_MICROS}
 * (nor is in a long wait) is taken as wanting all it can get (a wait counts only when seen at two window edges
 * in a row); one that has is a donor, taken as wanting what it uses: its recent consumption rate (a moving
 * average over {@link #RATE_TAU_MICROS}). The allocation is the solver's own routine on those demands, O(n log n),
 * refreshed every {@link #PERIOD_MICROS} of virtual time. A donor the allocation serves in full is then
 * weighted above its rate ({@link #estimate}): its burner must run ahead of its average while its period's
 * work lasts, and a rate under-states a demand that is not quite met. That margin is weight only, not
 * capacity: it orders the donor ahead without taking allocation from the always-ready virtual CPUs beside it,
 * and margins that add up to more than a pool never make the solver cut a donor by its share.
 */
final class FluidTargets {

    /** How often the allocation is refreshed (virtual time). */
    static final long PERIOD_MICROS = 5_000;
    /** Time constant of the consumption rate, and how long without a wait makes a virtual CPU always-ready. */
    static final double RATE_TAU_MICROS = 100_000;
    /**
     * A donor served in full is weighted at {@code HEADROOM x rate + HEADROOM_PCT + SLACK_MARGIN x rate / (100 -
     * rate)}: a little over its rate, so that a donor whose demand rises is served more at the next refresh, plus
     * a margin that grows as its work over its slack. A burner at 80 % has a fifth of each period to absorb every
     * wait, one at 20 % four fifths (random finite problem 2935, a burner at 81.8 % beside bursty donors and one
     * always-ready virtual CPU: 6.1 % max error with the headroom inside the allocation, 1.7 % with this margin).
     * Settings measured on 5,000 random finite problems and 5,000 held-out ones (docs/policies.md).
     */
    static final double HEADROOM = 1.02;
    static final double HEADROOM_PCT = 0.25;
    static final double SLACK_MARGIN = 0.5;
    /** An observed demand that moved by less than this (percent of one CPU) since the last solve keeps the targets. */
    static final double RESOLVE_PCT = 0.5;
    /** A target at least this (percent) is a whole logical CPU. */
    private static final double WHOLE = 100 - Numbers.TOLERANCE;
    /** Stands for {@code *} among observed demands. */
    private static final double UNBOUNDED = 1000;

    private final PolicyContext ctx;
    private final double[] target;
    /** Raw microseconds run since the last edge, and its moving average as a rate (percent of one CPU). */
    private final double[] ranWindow;
    private final double[] rate;
    private final WindowDecay rateDecay = new WindowDecay(RATE_TAU_MICROS);
    /**
     * Last edge at which the virtual CPU had been waiting since the edge before (wanted nothing for a whole window),
     * and the last such edge of the wait before that one: two waits make a burner with finite demand.
     */
    private final long[] lastWaited;
    private final long[] waitedBefore;
    /** Whether the current wait has been seen at two edges, and since which edge. */
    private final boolean[] inWait;
    private final long[] waitSince;
    /** Whether it was waiting at the last edge. */
    private final boolean[] waitingAtLastEdge;
    /** The observed demand each virtual CPU had at the last solve. */
    private final double[] solvedDemand;
    private long solvedAt = Long.MIN_VALUE / 2;
    /**
     * The problem laid out once: a solve only sets the demands. Building a {@code Problem} of the observed demands
     * for every solve would validate records, normalize names and make buckets and groups again every few
     * milliseconds, work that does not depend on the demands.
     */
    private final Solver.Prepared prepared;
    /** Scratch: the demands of a solve, per running virtual CPU. */
    private final double[] demandCap;

    /** @param initial per virtual CPU, the weight kept while the allocation gives it nothing (it still orders it behind others) */
    FluidTargets(PolicyContext ctx, double[] initial) {
        this.ctx = ctx;
        this.target = initial.clone();
        this.ranWindow = new double[initial.length];
        this.rate = new double[initial.length];
        this.lastWaited = new long[initial.length];
        this.waitingAtLastEdge = new boolean[initial.length];
        this.waitedBefore = new long[initial.length];
        this.inWait = new boolean[initial.length];
        this.waitSince = new long[initial.length];
        this.solvedDemand = new double[initial.length];
        this.prepared = Solver.prepare(ctx.problem());
        this.demandCap = new double[initial.length];
        Arrays.fill(lastWaited, Long.MIN_VALUE / 2);
        Arrays.fill(waitedBefore, Long.MIN_VALUE / 2);
        // Until demand is observed every virtual CPU is taken as wanting all it can get: the allocation of an
        // all-* problem, not raw weights, which would let a virtual CPU entitled to a sliver bank virtual time.
        solve(0);
        // Its rate starts there too and decays to what it uses: started at 0, a donor found waiting would be priced
        // at the headroom alone and run too seldom to show its real rate for seconds.
        System.arraycopy(target, 0, rate, 0, target.length);
    }

    /** 1 / the virtual CPU's current weight. */
    double inverse(int v) {
        return 1 / target[v];
    }

    /** Whether the allocation gives the virtual CPU a whole logical CPU. */
    boolean whole(int v) {
        return target[v] >= WHOLE;
    }

    /** Whether a virtual CPU with this {@link #inverse} has a whole logical CPU. */
    static boolean wholeAt(double inverse) {
        return 1 / inverse >= WHOLE;
    }

    void ran(int v, long rawMicros) {
        ranWindow[v] += rawMicros;
    }

    /** Observes the window; returns whether the allocation was refreshed (targets may have moved). */
    boolean update(WindowView w) {
        long len = w.lengthMicros();
        double decay = rateDecay.factor(len);
        for (int v = 0; v < target.length; v++) {
            double ran = ranWindow[v];
            // A virtual CPU that did not run adds exactly zero: skipping its division leaves the same bits.
            rate[v] = ran == 0 ? rate[v] * decay : rate[v] * decay + (1 - decay) * 100 * ran / len;
            ranWindow[v] = 0;
            boolean waiting = w.status(v) == VcpuStatus.WAITING;
            // A wait seen at one edge only may be an SIE exit (an always-ready burner away for 12 us while
            // another VMDBK has its CPU): taken for a finite burner, it would be priced at its observed rate and
            // lose what its exits cost it, window after window.
            if (waiting && waitingAtLastEdge[v]) {
                if (!inWait[v]) {
                    inWait[v] = true;
                    waitSince[v] = w.endMicros();
                    waitedBefore[v] = lastWaited[v];
                }
                lastWaited[v] = w.endMicros();
            } else if (!waiting) {
                inWait[v] = false;
            }
            waitingAtLastEdge[v] = waiting;
        }
        if (w.endMicros() - solvedAt >= PERIOD_MICROS) {
            solvedAt = w.endMicros();
            return solveIfMoved(w.endMicros());
        }
        return false;
    }

    /**
     * Whether virtual CPU {@code v} counts as always-ready: it has not waited twice within {@link #RATE_TAU_MICROS},
     * nor is it in a wait that has lasted half that long. One short wait is not enough: a virtual CPU whose demand
     * is above its share can finish a period's work in a lucky burst, and priced at its rate for the next 100 ms it
     * lost its share to an always-ready sibling, which then lost it back (random finite problem 102005: two
     * siblings entitled to 41.8 each measured 60.4 and 23.1). A donor waits in every burner period.
     */
    private boolean alwaysReady(int v, long now) {
        boolean recurring = now - waitedBefore[v] <= RATE_TAU_MICROS;
        boolean idle = inWait[v] && now - waitSince[v] >= RATE_TAU_MICROS / 2;
        return !recurring && !idle;
    }

    /** The weight of donor {@code v} when the allocation serves its rate in full (see {@link #HEADROOM}). */
    private double estimate(int v) {
        double r = rate[v];
        return Math.min(100, r * HEADROOM + HEADROOM_PCT + SLACK_MARGIN * r / Math.max(1, 100 - r));
    }

    /** What fair's refresh tests for movement: {@link #UNBOUNDED} for always-ready, else {@link #estimate}. */
    private double observed(int v, long now) {
        return alwaysReady(v, now) ? UNBOUNDED : estimate(v);
    }

    /**
     * Re-solves when the observed demand moved by more than {@link #RESOLVE_PCT} for some virtual CPU since the
     * last allocation: an all-{@code *} problem is solved once, a steady one rarely, and the cost per refresh is
     * then O(n) instead of a solve.
     *
     * @return whether it solved
     */
    private boolean solveIfMoved(long now) {
        boolean moved = false;
        for (int v = 0; v < target.length; v++) {
            double d = observed(v, now);
            if (Math.abs(d - solvedDemand[v]) > RESOLVE_PCT) {
                moved = true;
                break;
            }
        }
        if (moved) {
            solve(now);
        }
        return moved;
    }

    private void solve(long now) {
        for (int v = 0; v < target.length; v++) {
            solvedDemand[v] = observed(v, now);
            demandCap[v] = solvedDemand[v] == UNBOUNDED ? Demand.UNBOUNDED.cap() : Math.min(100, rate[v]);
        }
        double[] correct = prepared.correct(demandCap);
        for (int i = 0; i < target.length; i++) {
            double t = correct[i];
            if (solvedDemand[i] != UNBOUNDED && t >= Math.min(100, rate[i]) - 1e-6) {
                t = Math.max(t, solvedDemand[i]);
            }
            // A target of 0 (nothing left for it) keeps the last weight, which still orders it behind others.
            if (t > 1e-6) {
                target[i] = t;
            }
        }
    }
}
