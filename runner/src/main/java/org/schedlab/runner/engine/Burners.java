package org.schedlab.runner.engine;

import java.util.SplittableRandom;
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
 */
final class Burners {

    private final Layout l;
    private final State s;
    private final long period;
    private final double drift;
    private final SplittableRandom[] periods;

    Burners(Layout l, State s) {
        this.l = l;
        this.s = s;
        this.period = l.burnerPeriodMicros;
        this.drift = l.constants.burnerPeriodDrift();
        this.periods = new SplittableRandom[l.n];
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
        s.vRemaining[v] = Math.round(l.vDemandPct[v] * p / 100.0);
    }

    /** The earlier of {@code limit} and unit {@code u}'s next period boundary. */
    long nextBoundary(int u, long limit) {
        IndexedHeap bh = s.boundaries[u];
        return !bh.isEmpty() && bh.topKey() < limit ? bh.topKey() : limit;
    }

    /** When a finite burner that is running finishes this period's raw time. */
    long completion(int v, long now) {
        return now + s.vRemaining[v];
    }

    /** The burner ran {@code dt} raw microseconds. */
    void ran(int v, long dt) {
        s.vRemaining[v] -= dt;
    }
}
