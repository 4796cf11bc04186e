package org.schedlab.runner;

import java.util.List;
import java.util.Objects;
import org.schedlab.core.Numbers;
import org.schedlab.core.Problem;
import org.schedlab.runner.engine.Dispatcher;
import org.schedlab.runner.engine.SpinBarrier;
import org.schedlab.runner.result.RunSummary;
import org.schedlab.runner.spi.SchedulerPolicy;
import org.schedlab.solver.Bucket;
import org.schedlab.solver.Entitlements;

/**
 * Plays a problem's burners against a scheduler policy on a model of z/VM CP dispatching and reports what
 * every virtual CPU consumed, interval by interval (see docs/runner.md).
 */
public final class Runner {

    private Runner() {
    }

    /**
     * Runs {@code problem} under {@code policy}. Intervals go to {@code listener} as they complete (on this
     * thread); nothing is accumulated, so memory stays flat however long the run.
     *
     * @throws RunException if the policy throws or the wall-clock timeout passes; worker threads have stopped
     */
    public static RunSummary run(Problem problem, SchedulerPolicy policy, RunConfig config, RunListener listener)
            throws RunException {
        Objects.requireNonNull(problem, "problem");
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(listener, "listener");
        // The wall-clock limit holds from the start: set-up (entitlements, the partition's layout, the policy's
        // start) counts against it too.
        long deadline = config.timeout().map(t -> System.nanoTime() + t.toNanos()).orElse(Long.MAX_VALUE);
        List<Bucket> buckets = Entitlements.of(problem);
        Dispatcher dispatcher = new Dispatcher(problem, buckets, policy.spec(), config.seed(), config.burnerPeriodMicros(),
                config.smtCapacityFactor(), config.constants(), policy.dispatchMode());
        try {
            dispatcher.start(policy.start(dispatcher.context()));
        } catch (RuntimeException | Error e) {
            throw policyFailed(dispatcher, e);
        }
        int threads = config.threads() > 0 ? config.threads() : automaticThreads(dispatcher.unitCount(),
                dispatcher.context().vcpus().size(), Runtime.getRuntime().availableProcessors());
        threads = Math.max(1, Math.min(threads, dispatcher.unitCount()));
        try (Workers workers = new Workers(dispatcher, threads)) {
            return loop(dispatcher, config, listener, workers, deadline);
        }
    }

    /** Fewer virtual CPUs than this always run on one thread when the thread count is automatic. */
    static final int PARALLEL_MIN_VCPUS = 10_000;

    /**
     * A window of 250 us is a few microseconds of work per core, so splitting the units only pays when there are
     * many virtual CPUs, many cores and processors to spare. On 2 processors, 2 threads run slower than one at 1,000
     * virtual CPUs on 64 CPs and at best as fast at 10,000 ({@code ThreadSpeedup}; docs/performance.md has the command
     * and the current figures), so below {@value #PARALLEL_MIN_VCPUS} virtual CPUs the automatic choice is one thread
     * whatever the machine; above it, one worker per 16 units, and none extra on machines under 4 processors.
     */
    static int automaticThreads(int units, int vcpus, int processors) {
        if (processors < 4 || vcpus < PARALLEL_MIN_VCPUS) {
            return 1;
        }
        return Math.max(1, Math.min(processors, units / 16));
    }

    private static RunSummary loop(Dispatcher dispatcher, RunConfig config, RunListener listener, Workers workers, long deadline)
            throws RunException {
        long duration = config.durationMicros();
        long interval = config.intervalMicros();
        long warmup = config.warmupMicros();
        long reshufflePeriod = dispatcher.distributionPeriodMicros();
        long window = dispatcher.context().constants().windowMicros();
        long t = 0;
        int index = 0;
        long intervalStart = 0;
        long intervalEnd = Math.min(interval, duration);
        long nextDistribution = reshufflePeriod;
        int windows = 0;
        while (t < duration) {
            long end = Math.min(t + window, intervalEnd);
            if (t < warmup) {
                end = Math.min(end, warmup);
            }
            dispatcher.beginWindow(t, end, t >= warmup);
            workers.runWindow();
            checkFailure(dispatcher);
            boolean distribute = end >= nextDistribution;
            if (distribute) {
                nextDistribution += reshufflePeriod;
            }
            try {
                dispatcher.edge(distribute);
            } catch (RuntimeException | Error e) {
                throw policyFailed(dispatcher, e);
            }
            checkFailure(dispatcher);
            t = end;
            if (t == intervalEnd) {
                listener.interval(dispatcher.takeInterval(index++, intervalStart, intervalEnd));
                listener.progress(t, duration);
                intervalStart = intervalEnd;
                intervalEnd = Math.min(intervalEnd + interval, duration);
            }
            // The clock is read every 64 windows (16 ms of virtual time by default): a read costs as much as an idle
            // window's work, and a timeout is a guard against runaway runs, not a measurement.
            if ((windows++ & 63) == 0 && System.nanoTime() > deadline) {
                throw new RunException(RunException.Reason.TIMEOUT, "run of " + dispatcher.context().problem().name()
                        + " under policy " + dispatcher.policyName() + " exceeded its timeout of "
                        + Numbers.format(config.timeout().orElseThrow().toNanos() / 1e9) + " s at "
                        + Numbers.format(t / 1e6) + " s of virtual time", null);
            }
            if (Thread.currentThread().isInterrupted()) {
                throw new RunException(RunException.Reason.INTERRUPTED, "run interrupted", null);
            }
        }
        return dispatcher.summary(duration - warmup);
    }

    private static void checkFailure(Dispatcher dispatcher) throws RunException {
        Throwable f = dispatcher.failure();
        if (f != null) {
            throw policyFailed(dispatcher, f);
        }
    }

    private static RunException policyFailed(Dispatcher dispatcher, Throwable cause) {
        return new RunException(RunException.Reason.POLICY_FAILED, "policy " + dispatcher.policyName() + " failed: " + cause,
                cause);
    }

    /**
     * The worker threads. Dispatch unit {@code u} always belongs to the same worker; the calling thread is worker 0,
     * so {@code threads = 1} runs inline without any synchronisation.
     */
    private static final class Workers implements AutoCloseable {
        private final Dispatcher dispatcher;
        private final int threads;
        private final SpinBarrier start;
        private final SpinBarrier done;
        private final Thread[] pool;
        private volatile boolean stopping;

        Workers(Dispatcher dispatcher, int threads) {
            this.dispatcher = dispatcher;
            this.threads = threads;
            this.start = new SpinBarrier(threads);
            this.done = new SpinBarrier(threads);
            this.pool = new Thread[threads - 1];
            for (int w = 1; w < threads; w++) {
                int id = w;
                Thread th = new Thread(() -> work(id), "schedlab-runner-" + w);
                th.setDaemon(true);
                pool[w - 1] = th;
                th.start();
            }
        }

        private int from(int w) {
            return (int) ((long) dispatcher.unitCount() * w / threads);
        }

        private void work(int w) {
            while (start.await() && !stopping) {
                dispatcher.advanceUnits(from(w), from(w + 1));
                if (!done.await()) {
                    return;
                }
            }
        }

        void runWindow() {
            if (threads == 1) {
                dispatcher.advanceUnits(0, dispatcher.unitCount());
                return;
            }
            start.await();
            dispatcher.advanceUnits(from(0), from(1));
            done.await();
        }

        @Override
        public void close() {
            stopping = true;
            start.breakBarrier();
            done.breakBarrier();
            for (Thread th : pool) {
                try {
                    th.join(10_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }
}
