package org.schedlab.linux.burner;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * One burner's loop, run on its own thread once released at {@code startNanos} (monotonic clock). Everything
 * it needs is made before it starts; the loop itself allocates nothing (BurnerAllocationTest measures it).
 *
 * <p>A finite burner of demand d spends each period P_k (drawn) like this: at the period's start it notes its
 * thread CPU clock, spins until that clock has advanced by {@code d% x P_k} or the period is over, then parks
 * until the next period starts. Time it was kept from running is not made up later. Its thread CPU clock is
 * the kernel's own account of the thread ({@code CLOCK_THREAD_CPUTIME_ID}), so preemption, interrupts charged to
 * it and time it spends in the kernel all count as the kernel counts them; steal time does not.
 */
final class Burner implements Runnable {

    /** Spin iterations between two looks at the clocks: a few microseconds. */
    private static final int SPIN = 2048;

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final boolean unbounded;
    private final double fraction;
    private final long periodNanos;
    private final double drift;
    private final long phaseNanos;
    private final SplittableRandom periods;
    private final Burners.Gate gate;
    private volatile boolean stop;
    /** Where the spin's result goes, so the loop is not optimized away. */
    private long sink;

    Burner(BurnerSpec spec, Burners.Gate gate) {
        this.unbounded = spec.demand().unbounded();
        this.fraction = spec.demand().percent() / 100;
        this.periodNanos = spec.periodMicros() * 1000;
        this.drift = spec.drift();
        this.phaseNanos = spec.phaseMicros() * 1000;
        this.periods = spec.periods();
        this.gate = gate;
    }

    void stop() {
        stop = true;
    }

    @Override
    public void run() {
        long start = gate.await();
        if (start == Long.MIN_VALUE || stop) {
            return;
        }
        if (unbounded) {
            spinUntilStopped(start);
        } else if (fraction > 0) {
            burn(start + phaseNanos);
        } else {
            parkUntilStopped();
        }
    }

    /** {@code *}: always ready, from the start. */
    private void spinUntilStopped(long start) {
        parkUntil(start);
        long x = System.nanoTime();
        while (!stop) {
            x = spin(x);
        }
        sink = x;
    }

    private void burn(long first) {
        long boundary = first;
        parkUntil(boundary);
        long x = boundary;
        while (!stop) {
            long p = Math.max(1, Math.round(periodNanos * (1 + drift * (2 * periods.nextDouble() - 1))));
            long periodEnd = boundary + p;
            long target = THREADS.getCurrentThreadCpuTime() + Math.round(fraction * p);
            while (!stop && THREADS.getCurrentThreadCpuTime() < target && System.nanoTime() < periodEnd) {
                x = spin(x);
            }
            sink = x;
            parkUntil(periodEnd);
            boundary = periodEnd;
        }
    }

    private void parkUntilStopped() {
        while (!stop) {
            LockSupport.parkNanos(1_000_000_000L);
        }
    }

    /** Parks until the monotonic clock reaches {@code deadline} or the burner is stopped. */
    private void parkUntil(long deadline) {
        long left;
        while (!stop && (left = deadline - System.nanoTime()) > 0) {
            LockSupport.parkNanos(left);
        }
    }

    private static long spin(long x) {
        for (int i = 0; i < SPIN; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        return x;
    }

    long sink() {
        return sink;
    }
}
