package org.schedlab.runner.engine;

import org.schedlab.runner.spi.VcpuStatus;

/**
 * The load: each virtual CPU is a burner that, every burner period, becomes ready with its demand's worth of
 * work and waits once it is done (unbounded ones never finish). Period boundaries sit in one heap per core,
 * keyed by virtual time; a random phase per virtual CPU keeps the burners from beating in step.
 */
final class Burners {

    private final Layout l;
    private final State s;
    private final long period;

    Burners(Layout l, State s) {
        this.l = l;
        this.s = s;
        this.period = l.burnerPeriodMicros;
    }

    boolean unbounded(int v) {
        return l.vWorkPerPeriod[v] == Layout.UNBOUNDED;
    }

    /** A finite burner has no work left this period. */
    boolean workDone(int v) {
        return l.vWorkPerPeriod[v] != Layout.UNBOUNDED && s.vRemaining[v] <= 0;
    }

    /** Whether the burner does any work at all. */
    boolean idle(int v) {
        return l.vWorkPerPeriod[v] == 0;
    }

    /** Schedules a finite burner's first period boundary at a random phase; it waits until then. */
    void startWaiting(int v, int home) {
        long phase = l.context.random(v, 0).nextLong(period);
        s.vStatus[v] = VcpuStatus.WAITING;
        s.vWaitSince[v] = 0;
        s.boundaries[home].add(v, phase);
    }

    /**
     * The next virtual CPU of core {@code c} whose period boundary is due at {@code now}, its boundary already
     * moved one period on; -1 when none is due.
     */
    int nextDue(int c, long now) {
        IndexedHeap bh = s.boundaries[c];
        if (bh.isEmpty() || bh.topKey() > now) {
            return -1;
        }
        int v = bh.top();
        bh.update(v, s.bdKey[v] + period);
        return v;
    }

    /** The earlier of {@code limit} and core {@code c}'s next period boundary. */
    long nextBoundary(int c, long limit) {
        IndexedHeap bh = s.boundaries[c];
        return !bh.isEmpty() && bh.topKey() < limit ? bh.topKey() : limit;
    }

    /** A period starts: last period's unfinished work is dropped, this period's demand is due. */
    void newPeriod(int v) {
        s.vRemaining[v] = l.vWorkPerPeriod[v];
    }

    /** When a finite burner running at {@code speed} finishes this period's work. */
    long completion(int v, long now, int speed) {
        return now + (s.vRemaining[v] + speed - 1) / speed;
    }

    /** Charges {@code work} units done to the burner; returns the part that was its work (not beyond it). */
    long work(int v, long work) {
        if (l.vWorkPerPeriod[v] == Layout.UNBOUNDED) {
            return work;
        }
        long rem = s.vRemaining[v];
        s.vRemaining[v] = rem - work;
        return Math.min(work, Math.max(0, rem));
    }
}
