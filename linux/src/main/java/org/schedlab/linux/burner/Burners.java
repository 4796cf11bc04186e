package org.schedlab.linux.burner;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * A set of burner threads: started waiting, so that each can be put in its cgroup by its kernel thread id
 * ({@link #tid(int)}) before it burns, then released together at one instant of the monotonic clock
 * ({@link #release(long)}), and stopped and joined by {@link #close()}.
 */
public final class Burners implements AutoCloseable {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final List<Burner> burners = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final long[] tids;
    private final Gate gate = new Gate();
    private boolean closed;

    private Burners(int n) {
        tids = new long[n];
    }

    /**
     * Starts one thread per spec, each waiting for {@link #release}; returns once every thread's kernel id is
     * known.
     *
     * @throws IOException when a thread cannot learn its kernel id ({@code /proc/thread-self})
     */
    public static Burners start(List<BurnerSpec> specs) throws IOException {
        if (!THREADS.isThreadCpuTimeSupported()) {
            throw new IOException("this JVM cannot read a thread's CPU clock, which a burner paces itself by");
        }
        if (!THREADS.isThreadCpuTimeEnabled()) {
            THREADS.setThreadCpuTimeEnabled(true);
        }
        Burners set = new Burners(specs.size());
        CountDownLatch known = new CountDownLatch(specs.size());
        AtomicReference<IOException> failed = new AtomicReference<>();
        for (int i = 0; i < specs.size(); i++) {
            BurnerSpec spec = specs.get(i);
            Burner b = new Burner(spec, set.gate);
            int index = i;
            Thread t = new Thread(() -> {
                try {
                    set.tids[index] = ThreadIds.current();
                } catch (IOException e) {
                    failed.compareAndSet(null, e);
                    known.countDown();
                    return;
                }
                known.countDown();
                b.run();
            }, "schedlab-burner-" + spec.id());
            t.setDaemon(true);
            set.burners.add(b);
            set.threads.add(t);
        }
        set.threads.forEach(Thread::start);
        try {
            known.await();
        } catch (InterruptedException e) {
            set.close();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while starting the burners", e);
        }
        if (failed.get() != null) {
            set.close();
            throw failed.get();
        }
        return set;
    }

    public int size() {
        return burners.size();
    }

    /** The kernel's id of burner {@code i}'s thread. */
    public long tid(int i) {
        return tids[i];
    }

    /** Lets every burner go: its first period starts at {@code startNanos} plus its phase. */
    public void release(long startNanos) {
        gate.open(startNanos);
    }

    /**
     * Burner {@code i}'s thread CPU time so far in nanoseconds, read by any thread: the kernel's exact figure,
     * including the slice it is running now. -1 once the thread has ended.
     */
    public long cpuTimeNanos(int i) {
        return THREADS.getThreadCpuTime(threads.get(i).getId());
    }

    /** Java's id of burner {@code i}'s thread. */
    public long javaThreadId(int i) {
        return threads.get(i).getId();
    }

    /** Stops every burner and waits for its thread to end (a second at most each). */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        burners.forEach(Burner::stop);
        gate.cancel();
        for (Thread t : threads) {
            LockSupport.unpark(t);
        }
        for (Thread t : threads) {
            try {
                t.join(TimeUnit.SECONDS.toMillis(1));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Whether every burner thread has ended. */
    public boolean ended() {
        return threads.stream().noneMatch(Thread::isAlive);
    }

    /** The instant the burners start, handed to them once. */
    static final class Gate {
        private final CountDownLatch open = new CountDownLatch(1);
        private volatile long start;
        private volatile boolean cancelled;

        void open(long startNanos) {
            start = startNanos;
            open.countDown();
        }

        void cancel() {
            cancelled = true;
            open.countDown();
        }

        /** The start instant, or {@link Long#MIN_VALUE} when cancelled before it was given. */
        long await() {
            boolean interrupted = false;
            while (true) {
                try {
                    open.await();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            return cancelled && start == 0 ? Long.MIN_VALUE : start;
        }
    }
}
