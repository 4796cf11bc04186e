package org.schedlab.runner.engine;

import java.util.SplittableRandom;
import org.schedlab.core.Numbers;
import org.schedlab.runner.spi.VcpuStatus;

/**
 * The load: each virtual CPU is a burner that, every burner period, becomes ready with its demand's worth of
 * <em>raw</em> time and waits once it has run that long (unbounded ones never finish). The IBM burner reaches
 * its target by measuring its own CPU time (raw thread time), so its demand is raw time whatever speed it
 * runs at; the work it does (MT1-equivalent time, ETR) follows from that speed.
 *
 * <p>Each period is drawn afresh, {@code P x (1 + U)} with U uniform in {@code [-drift, +drift]}
 * ({@link org.schedlab.runner.spi.ModelConstants#burnerPeriodDrift()}), from the virtual CPU's own random
 * stream: burners drift apart as real ones do, so no phase drawn from the seed decides a whole run, and the
 * draws do not depend on which worker advances the burner. Period boundaries sit in one heap per dispatch unit.
 *
 * <p>The IBM burner paces itself with Diag x'0C' and the clock comparator, not with a spin loop alone, so a
 * running burner leaves SIE now and then: after a raw run drawn exponentially with mean
 * {@link org.schedlab.runner.spi.ModelConstants#sieRunMicros()} it leaves SIE and CP re-decides who runs. A
 * finite burner loads a wait PSW for {@link org.schedlab.runner.spi.ModelConstants#sieWaitMicros()}. An
 * unbounded one is always ready (the solver's {@code *} is 100 %): with nobody waiting for its CPU it is
 * dispatched again at once; with someone waiting, that VMDBK takes the CPU and the burner is back after the same
 * wait. Those contended exits, not the minor time slice, set how long CP's real dispatches last and so the
 * dispatch delay the report measured (docs/runner.md).
 */
final class Burners {

    private final Layout l;
    private final State s;
    private final long period;
    private final double drift;
    private final SplittableRandom[] periods;
    private final double sieRun;
    private final long sieWait;
    private final SplittableRandom[] exits;
    /** Raw microseconds each burner runs before it next leaves SIE. */
    private final long[] toExit;

    Burners(Layout l, State s) {
        this.l = l;
        this.s = s;
        this.period = l.burnerPeriodMicros;
        this.drift = l.constants.burnerPeriodDrift();
        this.periods = new SplittableRandom[l.n];
        this.sieRun = l.constants.sieRunMicros();
        this.sieWait = l.constants.sieWaitMicros();
        this.exits = new SplittableRandom[l.n];
        this.toExit = new long[l.n];
        for (int v = 0; v < l.n; v++) {
            exits[v] = l.context.random(v, 2);
            toExit[v] = drawRun(v);
        }
    }

    private long drawRun(int v) {
        return Math.max(1, Math.round(-sieRun * Math.log(1 - exits[v].nextDouble())));
    }

    /** The running burner has used up its run and leaves SIE now. */
    boolean exitDue(int v) {
        return toExit[v] <= 0;
    }

    /**
     * The burner left SIE on {@code unit} (its VMDBK already stopped and WAITING): it returns from the clock
     * comparator wait {@link org.schedlab.runner.spi.ModelConstants#sieWaitMicros()} later, and its next run
     * is drawn.
     */
    void leaveSie(int v, int unit, long now) {
        toExit[v] = drawRun(v);
        s.vInSieWait[v] = true;
        s.sieReturns[unit].add(v, now + sieWait);
    }

    /** An always-ready burner left SIE and re-enters it at once: its next run is drawn. */
    void reenterSie(int v) {
        toExit[v] = drawRun(v);
    }

    /** The next VMDBK of unit {@code u} whose clock comparator wait ends at {@code now}; -1 when none. */
    int nextSieReturn(int u, long now) {
        IndexedHeap h = s.sieReturns[u];
        if (h.isEmpty() || h.topKey() > now) {
            return -1;
        }
        int v = h.poll();
        s.vInSieWait[v] = false;
        return v;
    }

    boolean unbounded(int v) {
        return Double.isNaN(l.vDemandPct[v]);
    }

    /** A finite burner has run its raw time for this period. */
    boolean workDone(int v) {
        return !Double.isNaN(l.vDemandPct[v]) && s.vRemaining[v] <= 0;
    }

    /** Whether the burner does any work at all. */
    boolean idle(int v) {
        return l.vDemandPct[v] == 0;
    }

    /** Schedules a finite burner's first period boundary at a random phase; it waits until then. */
    void startWaiting(int v, int home) {
        long phase = l.context.random(v, 0).nextLong(period);
        periods[v] = l.context.random(v, 1);
        s.vStatus[v] = VcpuStatus.WAITING;
        s.vWaitSince[v] = 0;
        s.boundaries[home].add(v, phase);
    }

    /** The virtual CPU of unit {@code u} whose period boundary is due at {@code now}, first in order; -1 when none. */
    int peekDue(int u, long now) {
        IndexedHeap bh = s.boundaries[u];
        return bh.isEmpty() || bh.topKey() > now ? -1 : bh.top();
    }

    /**
     * Starts the next period of {@code v}, whose boundary ({@link #peekDue}) is due: the period is drawn, the
     * boundary moved to its end and the raw time for the period set (last period's unfinished part is dropped:
     * demand is a rate, not a backlog).
     */
    void nextPeriod(int u, int v) {
        long p = Math.max(1, Math.round(period * (1 + drift * (2 * periods[v].nextDouble() - 1))));
        s.boundaries[u].update(v, s.bdKey[v] + p);
        s.vRemaining[v] = Math.round(Numbers.percentToFraction(l.vDemandPct[v] * p));
    }

    /** The earliest of {@code limit}, unit {@code u}'s next period boundary and its next clock-comparator return. */
    long nextBoundary(int u, long limit) {
        IndexedHeap bh = s.boundaries[u];
        long next = !bh.isEmpty() && bh.topKey() < limit ? bh.topKey() : limit;
        IndexedHeap sr = s.sieReturns[u];
        return !sr.isEmpty() && sr.topKey() < next ? sr.topKey() : next;
    }

    /** When a running burner next stops by itself: it finishes this period's raw time or leaves SIE. */
    long completion(int v, long now) {
        long run = toExit[v];
        return now + (unbounded(v) ? run : Math.min(run, s.vRemaining[v]));
    }

    /** The burner ran {@code dt} raw microseconds. */
    void ran(int v, long dt) {
        s.vRemaining[v] -= dt;
        toExit[v] -= dt;
    }
}
