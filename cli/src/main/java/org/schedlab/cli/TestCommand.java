package org.schedlab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.schedlab.comparator.Comparison;
import org.schedlab.comparator.Thresholds;
import org.schedlab.core.Diagnostic;
import org.schedlab.core.InputException;
import org.schedlab.core.Numbers;
import org.schedlab.core.Problem;
import org.schedlab.core.Scenario;
import org.schedlab.core.io.AtomicOutput;
import org.schedlab.core.io.JsonWriter;
import org.schedlab.runner.IntervalSample;
import org.schedlab.runner.RunConfig;
import org.schedlab.runner.RunListener;
import org.schedlab.runner.SchedulerPolicy;
import org.schedlab.solver.Solver;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code schedlab test}: the CI fairness check. Solve, run and compare every problem under every policy. */
@Command(name = "test",
        mixinStandardHelpOptions = true,
        description = {"The fairness check: for every problem of every scenario file (directories are walked "
                + "for *.scn) and every policy, solve, run and compare. One line per problem and policy, "
                + "then a summary. Results are listed in a stable order whatever --jobs is."},
        footer = {"", "Exit codes: 0 all passed (or met --expect), 1 any failed, 2 bad input.",
                "Examples:",
                "  schedlab test scenarios",
                "  schedlab test scenarios --policy zvm63 --policy zvm64 --policy fair \\",
                "      --expect scenarios/expected.csv",
                "  schedlab test scenarios --junit-xml target/schedlab-junit.xml"})
final class TestCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "Scenario files or directories.")
    List<Path> paths;

    @Option(names = "--policy", paramLabel = "NAME|CLASS", description = "Policy to test; repeatable (default: fair).")
    List<String> policies;

    @Option(names = "--max-error", paramLabel = "PCT", defaultValue = "5",
            description = "PASS needs every counted interval's error at most PCT (default: ${DEFAULT-VALUE}).")
    double maxError;

    @Option(names = "--mean-error", paramLabel = "PCT", description = "PASS also needs the mean error at most PCT.")
    Double meanError;

    @Option(names = "--expect", paramLabel = "FILE",
            description = "Expected verdicts, CSV file,problem,policy,verdict (PASS, FAIL or ANY); "
                    + "unlisted combinations are expected to PASS.")
    Path expect;

    @Option(names = "--junit-xml", paramLabel = "FILE", description = "Also write a JUnit (Surefire) XML report.")
    Path junitXml;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text, json or markdown (default: ${DEFAULT-VALUE}).")
    Format format;

    @Option(names = "--jobs", paramLabel = "N", description = "Problems run in parallel (default: the number of cores).")
    Integer jobs;

    @Mixin
    RunOptions options;

    @Mixin
    PolicyPath policyPath;

    enum Format { text, json, markdown }

    /** One (file, problem, policy) of the check, in the order results are listed. */
    private record Case(Path file, Scenario scenario, Problem problem, SchedulerPolicy policy) {
    }

    @Override
    public Integer call() throws IOException, InputException, InterruptedException {
        List<SchedulerPolicy> chosen = (policies == null ? List.of("fair") : policies).stream().map(policyPath::create).toList();
        Thresholds thresholds = CompareCommand.thresholds(maxError, meanError);
        Expectations expected = expect == null ? Expectations.NONE : Expectations.read(expect);
        List<Case> cases = load(chosen);
        List<RunConfig> configs = cases.stream().map(c -> options.configFor(c.problem())).toList();

        int parallel = jobs == null ? Runtime.getRuntime().availableProcessors() : jobs;
        if (parallel < 1) {
            throw new UsageException("--jobs must be at least 1");
        }
        Progress progress = Progress.forTerminal(spec.commandLine().getErr());
        AtomicInteger done = new AtomicInteger();
        List<TestResult> results = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(parallel);
        try {
            List<Future<TestResult>> futures = new ArrayList<>();
            for (int i = 0; i < cases.size(); i++) {
                Case c = cases.get(i);
                RunConfig config = configs.get(i);
                futures.add(pool.submit(() -> {
                    RunListener shown = new RunListener() {
                        @Override
                        public void interval(IntervalSample sample) {
                        }

                        @Override
                        public void progress(long simulated, long total) {
                            progress.update("test: " + done.get() + "/" + cases.size() + " done; " + c.problem().name()
                                    + " under " + c.policy().spec() + " " + (100 * simulated / total) + "%");
                        }
                    };
                    TestResult r = run(c, config, thresholds, expected, shown);
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
            progress.done();
        }

        PrintWriter out = spec.commandLine().getOut();
        switch (format) {
            case text -> TestReport.text(out, results);
            case json -> TestReport.json(JsonWriter.of(out), results);
            case markdown -> TestReport.markdown(out, results, thresholds);
        }
        out.flush();
        if (junitXml != null) {
            try (AtomicOutput xml = AtomicOutput.create(junitXml)) {
                Writer w = xml.writer();
                TestReport.junit(w, results);
                xml.commit();
            }
        }
        return results.stream().allMatch(TestResult::asExpected) ? ExitCodes.OK : ExitCodes.VERDICT_FAILED;
    }

    /** Parses every file first: a bad file stops the check before anything runs, with all its errors. */
    private List<Case> load(List<SchedulerPolicy> chosen) throws IOException, InputException {
        List<Path> files = Scenarios.expand(paths);
        if (files.isEmpty()) {
            throw new UsageException("no .scn files under " + paths);
        }
        List<Diagnostic> errors = new ArrayList<>();
        List<Case> cases = new ArrayList<>();
        for (Path f : files) {
            try {
                Scenario s = Scenarios.load(f);
                for (Problem p : s.problems()) {
                    for (SchedulerPolicy pol : chosen) {
                        cases.add(new Case(f, s, p, pol));
                    }
                }
            } catch (InputException e) {
                errors.addAll(e.diagnostics());
            }
        }
        if (!errors.isEmpty()) {
            throw new InputException(errors);
        }
        return cases;
    }

    private static TestResult run(Case c, RunConfig config, Thresholds thresholds, Expectations expected,
                                  RunListener listener) {
        long started = System.nanoTime();
        Trial.Outcome o = Trial.run(Solver.solve(c.problem()), c.policy(), config, thresholds, listener);
        double wall = (System.nanoTime() - started) / 1e9;
        Optional<Expectations.Expected> e = expected.lookup(c.file(), c.problem().name(), c.policy().spec());
        return new TestResult(c.scenario().file(), c.problem().name(), c.policy().spec(), o.comparison(), o.error(), e, wall);
    }

    /** The figures of one check, as every format reports them. */
    record TestResult(String file, String problem, String policy, Optional<Comparison> comparison, Optional<String> error,
                      Optional<Expectations.Expected> expected, double wallSeconds) {

        String verdict() {
            return comparison.map(c -> c.verdict().name()).orElse("ERROR");
        }

        boolean asExpected() {
            Expectations.Expected e = expected.orElse(Expectations.Expected.PASS);
            return switch (e) {
                case ANY -> error.isEmpty();
                case PASS -> verdict().equals("PASS");
                case FAIL -> verdict().equals("FAIL");
            };
        }

        double mean() {
            return comparison.map(Comparison::meanErrorPct).orElse(Double.NaN);
        }

        double max() {
            return comparison.map(Comparison::maxErrorPct).orElse(Double.NaN);
        }

        double delay() {
            return comparison.flatMap(c -> c.meanDispatchDelayUs().isPresent()
                    ? Optional.of(c.meanDispatchDelayUs().getAsDouble()) : Optional.empty()).orElse(Double.NaN);
        }

        static String fmt(double v) {
            return Double.isNaN(v) ? "-" : Numbers.fixed(v, 2);
        }
    }
}
