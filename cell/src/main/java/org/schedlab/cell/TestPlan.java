package org.schedlab.cell;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import org.schedlab.comparator.Thresholds;
import org.schedlab.core.Diagnostic;
import org.schedlab.core.InputException;
import org.schedlab.core.Problem;
import org.schedlab.core.Scenario;
import org.schedlab.runner.result.IntervalSample;
import org.schedlab.runner.RunConfig;
import org.schedlab.runner.RunListener;
import org.schedlab.runner.spi.SchedulerPolicy;

/**
 * The checks of a test run: every problem of every file under every policy (and every seed, when
 * seeds are given), in that nesting order. The order is the order results are listed in, whatever
 * runs them in parallel.
 */
public record TestPlan(List<TestCase> cases) {

    public TestPlan {
        cases = List.copyOf(cases);
    }

    /** A scenario with the path it was loaded from. */
    public record ScenarioFile(Path path, Scenario scenario) {
    }

    /**
     * Expands {@code paths} (directories walked for {@code *.scn}) and parses every file before anything
     * runs: a bad file stops the plan with every error of every file.
     *
     * @throws CellException when the paths hold no scenario file
     */
    public static TestPlan load(List<Path> paths, List<SchedulerPolicy> policies, List<Long> seeds)
            throws IOException, InputException {
        List<Diagnostic> errors = new ArrayList<>();
        TestPlan plan = load(paths, policies, seeds, errors);
        if (!errors.isEmpty()) {
            throw new InputException(errors);
        }
        return plan;
    }

    /**
     * As {@link #load(List, List, List)}, but a file with errors is left out of the plan and its errors go to
     * {@code skipped}, so the other files still run (what {@code schedlab test} does: it reports the bad file
     * and goes on).
     *
     * @throws InputException when no file could be loaded at all (every error of every file)
     * @throws CellException  when the paths hold no scenario file
     */
    public static TestPlan load(List<Path> paths, List<SchedulerPolicy> policies, List<Long> seeds,
                                List<Diagnostic> skipped) throws IOException, InputException {
        return load(paths, policies, seeds, skipped, Optional.empty());
    }

    /**
     * As {@link #load(List, List, List, List)}, a file not read whole within {@code readTimeout} (a pipe that nobody
     * writes to) being a file with an error.
     */
    public static TestPlan load(List<Path> paths, List<SchedulerPolicy> policies, List<Long> seeds,
                                List<Diagnostic> skipped, Optional<Duration> readTimeout) throws IOException, InputException {
        List<Path> files = Scenarios.expand(paths);
        if (files.isEmpty()) {
            throw new CellException("no .scn files under " + paths);
        }
        List<Diagnostic> errors = new ArrayList<>();
        List<ScenarioFile> loaded = new ArrayList<>();
        for (Path f : files) {
            try {
                loaded.add(new ScenarioFile(f, Scenarios.load(f, readTimeout)));
            } catch (InputException e) {
                errors.addAll(e.diagnostics());
            }
        }
        if (loaded.isEmpty()) {
            throw new InputException(errors);
        }
        skipped.addAll(errors);
        return of(loaded, policies, seeds);
    }

    /** Files x problems x policies x seeds; no seeds means one case per policy with the configured seed. */
    public static TestPlan of(List<ScenarioFile> files, List<SchedulerPolicy> policies, List<Long> seeds) {
        List<OptionalLong> seedChoices = seeds.isEmpty() ? List.of(OptionalLong.empty())
                : seeds.stream().map(OptionalLong::of).toList();
        List<TestCase> cases = new ArrayList<>();
        for (ScenarioFile f : files) {
            for (Problem p : f.scenario().problems()) {
                for (SchedulerPolicy pol : policies) {
                    for (OptionalLong seed : seedChoices) {
                        cases.add(new TestCase(f.path(), f.scenario(), p, pol, seed));
                    }
                }
            }
        }
        return new TestPlan(cases);
    }

    public int size() {
        return cases.size();
    }

    /** What a plan's run reports while it goes, for a status line. Called from the worker threads. */
    @FunctionalInterface
    public interface Progress {
        /** {@code running} has simulated so far of its run; {@code done} cases of the plan have finished. */
        void update(TestCase running, int done, long simulatedMicros, long totalMicros);
    }

    /**
     * Runs every case, {@code jobs} at a time, case i with {@code configs.get(i)} (before its own seed), and
     * returns the results in plan order whatever finished first: each run is deterministic on its own, so
     * the results do not depend on {@code jobs}.
     */
    public List<TestResult> run(List<RunConfig> configs, int jobs, Thresholds thresholds, Expectations expected,
                                Progress progress) throws InterruptedException {
        return run(configs, jobs, thresholds, expected, progress, i -> Trial.SILENT);
    }

    /**
     * {@link #run(List, int, Thresholds, Expectations, Progress)}, with {@code observers.apply(i)} seeing case
     * i's intervals as well (a report that draws the series records them); called on the case's worker thread.
     */
    public List<TestResult> run(List<RunConfig> configs, int jobs, Thresholds thresholds, Expectations expected,
                                Progress progress, IntFunction<RunListener> observers) throws InterruptedException {
        if (configs.size() != cases.size()) {
            throw new IllegalArgumentException(cases.size() + " cases but " + configs.size() + " run configurations");
        }
        if (jobs < 1) {
            throw new IllegalArgumentException("jobs must be at least 1, got " + jobs);
        }
        AtomicInteger done = new AtomicInteger();
        List<TestResult> results = new ArrayList<>(cases.size());
        ExecutorService pool = Executors.newFixedThreadPool(jobs);
        try {
            List<Future<TestResult>> futures = new ArrayList<>();
            for (int i = 0; i < cases.size(); i++) {
                TestCase c = cases.get(i);
                RunConfig config = configs.get(i);
                int index = i;
                futures.add(pool.submit(() -> {
                    RunListener observer = observers.apply(index);
                    RunListener shown = new RunListener() {
                        @Override
                        public void interval(IntervalSample sample) {
                            observer.interval(sample);
                        }

                        @Override
                        public void progress(long simulatedMicros, long totalMicros) {
                            progress.update(c, done.get(), simulatedMicros, totalMicros);
                        }
                    };
                    TestResult r = c.run(config, thresholds, expected, shown);
                    done.incrementAndGet();
                    return r;
                }));
            }
            for (Future<TestResult> f : futures) {
                results.add(f.get());
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
        return List.copyOf(results);
    }
}
