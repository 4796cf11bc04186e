package org.schedlab.runner.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The window barrier: every party crosses together, sees the others' writes, and a parked waiter is released. */
@Timeout(value = 60, unit = TimeUnit.SECONDS) // a hang guard, not a speed goal
class SpinBarrierTest {

    /** Long enough for a waiter to stop spinning and yielding and park. */
    private static final long PARK_MILLIS = 5;

    /**
     * Parties write their slot of a round, cross, and check every other slot of that round; some rounds keep the
     * others waiting long enough to park, so that waiters both spin and park.
     */
    @Test
    void await_manyRounds_everyPartySeesTheOthersWrites() throws Exception {
        int parties = 3;
        int rounds = 400;
        SpinBarrier barrier = new SpinBarrier(parties);
        int[][] written = new int[rounds][parties];
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread[] threads = new Thread[parties];
        for (int p = 0; p < parties; p++) {
            int me = p;
            threads[p] = new Thread(() -> {
                try {
                    for (int r = 0; r < rounds; r++) {
                        written[r][me] = r + 1;
                        if (me == r % parties && r % 50 == 0) {
                            // The others wait longer than their spin: they park, and must still cross.
                            Thread.sleep(PARK_MILLIS);
                        }
                        assertTrue(barrier.await());
                        for (int q = 0; q < parties; q++) {
                            assertEquals(r + 1, written[r][q], "round " + r + ", party " + q);
                        }
                    }
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                    barrier.breakBarrier();
                }
            });
            threads[p].start();
        }
        for (Thread t : threads) {
            t.join();
        }
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
        int[] last = new int[parties];
        java.util.Arrays.fill(last, rounds);
        assertArrayEquals(last, written[rounds - 1]);
    }

    @Test
    void breakBarrier_parkedWaiter_releasedWithFalse() throws Exception {
        SpinBarrier barrier = new SpinBarrier(2);
        AtomicBoolean result = new AtomicBoolean(true);
        Thread waiter = new Thread(() -> result.set(barrier.await()));
        waiter.start();
        Thread.sleep(PARK_MILLIS);
        barrier.breakBarrier();
        waiter.join();
        assertFalse(result.get(), "a broken barrier releases its waiters with false");
    }

    @Test
    void await_onePartyAlone_returnsAtOnce() {
        SpinBarrier barrier = new SpinBarrier(1);
        for (int i = 0; i < 1000; i++) {
            assertTrue(barrier.await());
        }
    }
}
