package org.schedlab.runner.engine;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * A reusable barrier for the window edges. Windows are short (a millisecond of virtual time is often a few
 * microseconds of work), so parties spin briefly before yielding and parking; a lock-based barrier would
 * cost more than the window. The volatile generation counter gives the happens-before edge that makes one
 * window's writes visible to the next.
 */
public final class SpinBarrier {

    private final int parties;
    /**
     * Spinning only pays when every party has a processor of its own; with more parties than processors a
     * spinning waiter takes the CPU from the party it waits for, so it yields at once instead.
     */
    private final int spinLimit;
    private final AtomicInteger waiting;
    private volatile int generation;
    private volatile boolean broken;

    public SpinBarrier(int parties) {
        this.parties = parties;
        this.spinLimit = parties <= Runtime.getRuntime().availableProcessors() ? 2000 : 0;
        this.waiting = new AtomicInteger(parties);
    }

    /** Waits for all parties; false if the barrier was broken (the run is stopping). */
    public boolean await() {
        int gen = generation;
        if (waiting.decrementAndGet() == 0) {
            waiting.set(parties);
            generation = gen + 1;
            return !broken;
        }
        int spins = 0;
        while (generation == gen) {
            if (broken) {
                return false;
            }
            if (spins < spinLimit) {
                Thread.onSpinWait();
            } else if (spins < spinLimit + 200) {
                Thread.yield();
            } else {
                LockSupport.parkNanos(20_000);
            }
            spins++;
        }
        return !broken;
    }

    public void breakBarrier() {
        broken = true;
    }
}
