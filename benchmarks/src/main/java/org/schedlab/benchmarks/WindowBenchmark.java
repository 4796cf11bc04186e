package org.schedlab.benchmarks;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Control;
import org.openjdk.jmh.infra.ThreadParams;
import org.schedlab.core.Problem;
import org.schedlab.runner.RunConfig;
import org.schedlab.runner.engine.Dispatcher;
import org.schedlab.runner.engine.SpinBarrier;
import org.schedlab.runner.policy.Policies;
import org.schedlab.runner.spi.ModelConstants;
import org.schedlab.runner.spi.SchedulerPolicy;
import org.schedlab.solver.Bucket;
import org.schedlab.solver.Entitlements;
import org.schedlab.testkit.RandomProblems;

/**
 * The runner's window structure with 1, 2 and 4 threads, so a change to the window edge or the barrier shows
 * up: {@code window_N} is one window of virtual time as the runner steps it (every thread advances its share
 * of the dispatch units between two {@link SpinBarrier} crossings, then one thread runs the serial edge that
 * crosses dispatch vectors), {@code barrier_N} is one crossing of an empty barrier. Score: us per window (or
 * crossing) for the whole group; window_1 minus the units' advance is the edge's serial cost. The problem is
 * {@link RunnerBenchmark}'s random one.
 *
 * <p>How to run:
 * <pre>
 * mvn -B -q -pl benchmarks -am package -DskipTests
 * java -jar benchmarks/target/benchmarks.jar WindowBenchmark
 * java -jar benchmarks/target/benchmarks.jar WindowBenchmark -p vcpus=10000 -p logicalCpus=64
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(2)
public class WindowBenchmark {

    /** One group's run: a started dispatcher and its two barriers, fresh each iteration. */
    @State(Scope.Group)
    public static class Window {
        /**
         * zvm64 first: a dispatch unit per core, so every thread has units to advance. fair runs a CP-only
         * partition as one unit, which one thread advances while the others only cross the barriers.
         */
        @Param({"zvm64", "fair"})
        public String policy;

        @Param({"1000"})
        public int vcpus;

        @Param({"64"})
        public int logicalCpus;

        private Problem problem;
        private SchedulerPolicy scheduler;
        Dispatcher dispatcher;
        SpinBarrier start;
        SpinBarrier done;
        int threads;
        long window;
        long period;
        long t;
        long nextDistribution;
        volatile Control control;
        private Thread watchdog;

        @Setup(Level.Trial)
        public void generate() {
            problem = RandomProblems.generate(1, vcpus, RandomProblems.Mix.DEFAULT, RunnerBenchmark.cpLpar(logicalCpus));
            scheduler = Policies.create(policy);
        }

        @Setup(Level.Iteration)
        public void start(ThreadParams params) {
            RunConfig c = RunConfig.defaults();
            List<Bucket> buckets = Entitlements.of(problem);
            dispatcher = new Dispatcher(problem, buckets, scheduler.spec(), c.seed(), c.burnerPeriodMicros(),
                    c.smtCapacityFactor(), ModelConstants.DEFAULT, scheduler.dispatchMode());
            dispatcher.start(scheduler.start(dispatcher.context()));
            threads = params.getGroupThreadCount();
            start = new SpinBarrier(threads);
            done = new SpinBarrier(threads);
            window = dispatcher.context().constants().windowMicros();
            period = dispatcher.distributionPeriodMicros();
            t = 0;
            nextDistribution = period;
            control = null;
            // JMH stops the group's threads one by one; one that started another window would wait at the
            // barrier for ever. Once the measurement is over the barriers are broken, so every await returns.
            SpinBarrier s = start;
            SpinBarrier d = done;
            watchdog = new Thread(() -> {
                while (true) {
                    Control ctl = control;
                    if (ctl != null && ctl.stopMeasurement) {
                        s.breakBarrier();
                        d.breakBarrier();
                        return;
                    }
                    try {
                        Thread.sleep(1);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }, "window-watchdog");
            watchdog.setDaemon(true);
            watchdog.start();
        }

        @TearDown(Level.Iteration)
        public void stop() throws InterruptedException {
            start.breakBarrier();
            done.breakBarrier();
            watchdog.interrupt();
            watchdog.join();
        }

        private int from(int w) {
            return (int) ((long) dispatcher.unitCount() * w / threads);
        }

        /** One window as the runner steps it; thread 0 leads. */
        void step(int w, Control ctl) {
            control = ctl;
            if (w == 0) {
                dispatcher.beginWindow(t, t + window, true);
            }
            if (!start.await()) {
                return;
            }
            dispatcher.advanceUnits(from(w), from(w + 1));
            if (!done.await()) {
                return;
            }
            if (w == 0) {
                t += window;
                boolean distribute = t >= nextDistribution;
                if (distribute) {
                    nextDistribution += period;
                }
                dispatcher.edge(distribute);
            }
        }

        void cross(Control ctl) {
            control = ctl;
            start.await();
        }
    }

    @Benchmark
    @Group("window_1")
    @GroupThreads(1)
    public void window1(Window s, ThreadParams p, Control c) {
        s.step(p.getGroupThreadIndex(), c);
    }

    @Benchmark
    @Group("window_2")
    @GroupThreads(2)
    public void window2(Window s, ThreadParams p, Control c) {
        s.step(p.getGroupThreadIndex(), c);
    }

    @Benchmark
    @Group("window_4")
    @GroupThreads(4)
    public void window4(Window s, ThreadParams p, Control c) {
        s.step(p.getGroupThreadIndex(), c);
    }

    @Benchmark
    @Group("barrier_1")
    @GroupThreads(1)
    public void barrier1(Window s, Control c) {
        s.cross(c);
    }

    @Benchmark
    @Group("barrier_2")
    @GroupThreads(2)
    public void barrier2(Window s, Control c) {
        s.cross(c);
    }

    @Benchmark
    @Group("barrier_4")
    @GroupThreads(4)
    public void barrier4(Window s, Control c) {
        s.cross(c);
    }
}
