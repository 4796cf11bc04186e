package org.schedlab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import org.schedlab.cell.AggregateResult;
import org.schedlab.cell.Expectations;
import org.schedlab.cell.RunSettings;
import org.schedlab.cell.Scenarios;
import org.schedlab.cell.Shards;
import org.schedlab.cell.TestPlan;
import org.schedlab.cell.TestResult;
import org.schedlab.cell.Trial;
import org.schedlab.comparator.Thresholds;
import org.schedlab.core.Diagnostic;
import org.schedlab.core.InputException;
import org.schedlab.core.io.OutputGuard;
import org.schedlab.core.io.OutputTransaction;
import org.schedlab.report.Outputs;
import org.schedlab.report.ReportFormat;
import org.schedlab.report.TestRunFacts;
import org.schedlab.report.chart.SeriesData;
import org.schedlab.report.chart.SeriesRecorder;
import org.schedlab.report.html.HtmlReport;
import org.schedlab.runner.RunConfig;
import org.schedlab.runner.spi.SchedulerPolicy;
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
                + "for *.scn) and every policy, solve, run and compare. A header naming the columns, one line per "
                + "problem and policy, then a summary. Results are listed in a stable order whatever --jobs is.",
                "With --seeds every problem and policy runs under each seed and is judged by its worst seed; the "
                        + "output gives the spread (min, median, max) and says when the verdict depends on the seed.",
                "A directory among PATH that holds an expected.csv brings its expected verdicts (said on stderr); "
                        + "--expect FILE replaces them, --no-expect drops them."},
        footer = {"", "Exit codes: 0 every verdict as expected (unlisted: PASS), 1 any not (or a policy ended the",
                "process), 2 bad input (a file with errors is reported and the others still run; an output in the",
                "way that schedlab did not write), 4 an output could not be written (docs/outputs.md).",
                "Examples:",
                "  schedlab test scenarios --policy zvm63 --policy zvm64 \\",
                "      --policy fair",
                "  schedlab test scenarios/J1.scn --policy fair --seeds 5",
                "  schedlab test scenarios --policy fair --seeds 3..7 \\",
                "      --format json",
                "  schedlab test scenarios --junit-xml target/schedlab.xml",
                "  schedlab test scenarios --policy fair --shard 2/3 \\",
                "      --format json > shard-2.json"})
final class TestCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "Scenario files or directories.")
    List<Path> paths;

    @Option(names = "--policy", paramLabel = "NAME|CLASS", description = "Policy to test; repeatable (default: fair).")
    List<String> policies;

    @Option(names = "--max-error", paramLabel = "PCT", defaultValue = "5", converter = NumberConverters.Percent.class,
            description = "PASS needs every counted interval's error at most PCT (default: ${DEFAULT-VALUE}).")
    double maxError;

    @Option(names = "--mean-error", paramLabel = "PCT", converter = NumberConverters.Percent.class, description = "PASS also needs the mean error at most PCT.")
    Double meanError;

    @Option(names = "--settle", paramLabel = "TIME", defaultValue = "5s", converter = DurationConverter.Warmup.class,
            description = "A problem that changes while it runs: after each change its error must be within "
                    + "--max-error for good within TIME (default: ${DEFAULT-VALUE}).")
    Duration settle;

    @Option(names = "--seeds", paramLabel = "SEEDS", converter = SeedList.Converter.class,
            description = "Run every check under several seeds and judge it by the worst: N for seeds 1..N, "
                    + "or seeds and ranges like 3..7 or 1,4,9 (default: one run with --seed or the scenario's seed).")
    SeedList seeds;

    @Option(names = "--expect", paramLabel = "FILE",
            description = "Expected verdicts, CSV file,problem,policy,verdict (PASS, FAIL or ANY); "
                    + "unlisted combinations are expected to PASS (default: DIR/expected.csv of a directory PATH).")
    Path expect;

    @Option(names = "--no-expect", description = "Read no expectations file: every check is expected to PASS.")
    boolean noExpect;

    @Option(names = "--junit-xml", paramLabel = "FILE", description = "Also write a JUnit (Surefire) XML report; "
            + "FILE may only be new, empty or a JUnit report schedlab wrote.")
    Path junitXml;

    @Option(names = "--html", paramLabel = "DIR",
            description = "Also write a static HTML report with charts into DIR (docs/charts.md), replaced as a whole: "
                    + "DIR may only be new, empty or a report schedlab wrote, and hold no input.")
    Path html;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text", converter = FormatConverter.Test.class,
            description = "text, json or markdown (default: ${DEFAULT-VALUE}).")
    ReportFormat format;

    @Option(names = "--jobs", paramLabel = "N", converter = NumberConverters.Jobs.class, description = "Problems run in parallel (default: the number of cores).")
    Integer jobs;

    @Option(names = "--shard", paramLabel = "K/N", converter = ShardConverter.class,
            description = "Run only the K-th of N shards of the plan, balanced by predicted cost; "
                    + "join the shards' --format json outputs with schedlab merge.")
    Shards.Spec shard;

    @Mixin
    RunOptions options;

    @Mixin
    PolicyPath policyPath;

    @Override
    public Integer call() throws IOException, InputException, InterruptedException {
        if (seeds != null && options.seed != null) {
            throw new UsageException("--seed and --seeds exclude each other: --seeds S..S runs one seed S");
        }
        if (noExpect && expect != null) {
            throw new UsageException("--expect and --no-expect exclude each other");
        }
        List<SchedulerPolicy> chosen = new ArrayList<>();
        for (String given : policies == null ? List.of("fair") : policies) {
            chosen.add(policyPath.create(given, Optional.ofNullable(options.timeout)));
        }
        Thresholds thresholds = Usage.thresholds(maxError, meanError).withSettleS(settle.toNanos() / 1e9);
        PrintWriter err = spec.commandLine().getErr();
        Optional<Path> expectFile = noExpect ? Optional.empty()
                : expect != null ? Optional.of(expect) : Expectations.defaultFor(paths);
        // --timeout bounds reading too: a pipe named as an input that nobody writes to is an error, not a hang.
        Optional<Duration> timeout = Optional.ofNullable(options.timeout);
        Expectations expected = expectFile.isPresent() ? Expectations.read(expectFile.get(), timeout) : Expectations.NONE;
        OutputPaths.checkScenarioDirectories(paths);
        // Outputs may replace only what schedlab wrote, never an input: said before anything runs.
        List<Path> inputs = new ArrayList<>(Scenarios.expand(paths));
        expectFile.ifPresent(inputs::add);
        if (junitXml != null) {
            OutputPaths.checkFile("--junit-xml", junitXml);
            OutputPaths.guard("--junit-xml", () -> {
                Outputs.checkJunitXml(junitXml);
                OutputGuard.checkApart(junitXml, inputs, html == null ? List.of() : List.of(html));
            });
        }
        if (html != null) {
            OutputPaths.checkReportDirectory("--html", html, inputs);
        }
        // A file with errors is reported and left out; the others still run, and the exit status says so.
        List<Diagnostic> skipped = new ArrayList<>();
        TestPlan whole = TestPlan.load(paths, chosen, seeds == null ? List.of() : seeds.seeds(), skipped, timeout);
        skipped.forEach(err::println);
        if (expect == null && expectFile.isPresent()) {
            err.println("schedlab: expectations from " + expectFile.get() + " (--expect FILE to use others, "
                    + "--no-expect for none)");
        }
        expected.stale(whole).forEach(err::println);
        List<RunConfig> wholeConfigs = whole.cases().stream().map(c -> options.configFor(c.problem())).toList();
        Shards.Shard part = Shards.shard(whole, wholeConfigs, shard == null ? new Shards.Spec(1, 1) : shard);
        TestPlan plan = part.of(whole);
        List<RunConfig> configs = part.select(wholeConfigs);
        if (shard != null) {
            err.println("schedlab: shard " + shard + ": " + part.checks().size() + " of " + part.planChecks() + " checks");
        }

        int parallel = jobs == null ? Runtime.getRuntime().availableProcessors() : jobs;
        if (parallel < 1) {
            throw new UsageException("--jobs must be at least 1");
        }
        Progress progress = Progress.forTerminal(spec.commandLine().getErr());
        List<TestResult> results;
        long started = System.nanoTime();
        // Only for --html: each case's series, bounded per case (SeriesRecorder), for its charts.
        SeriesRecorder[] recorders = new SeriesRecorder[plan.size()];
        try {
            results = plan.run(configs, parallel, thresholds, expected, (c, done, simulated, total) ->
                    progress.update("test: " + done + "/" + plan.size() + " done; " + c.problem().name()
                            + " under " + c.policySpec() + " " + (100 * simulated / total) + "%"),
                    i -> html == null ? Trial.SILENT
                            : (recorders[i] = new SeriesRecorder(Solver.solvePhases(plan.cases().get(i).problem()))));
        } finally {
            progress.done();
        }
        double wallSeconds = (System.nanoTime() - started) / 1e9;

        PrintWriter out = spec.commandLine().getOut();
        List<AggregateResult> checks = AggregateResult.group(results);
        // What the results depend on besides the files and thresholds: merge holds shards to the same.
        RunSettings settings = new RunSettings(chosen.stream().map(SchedulerPolicy::spec).toList(),
                options.seed == null ? OptionalLong.empty() : OptionalLong.of(options.seed),
                seeds == null ? List.of() : seeds.seeds(), Optional.ofNullable(options.duration),
                Optional.ofNullable(options.interval), Optional.ofNullable(options.warmup), timeout);
        List<Long> usedSeeds = IntStream.range(0, plan.size())
                .mapToObj(i -> plan.cases().get(i).configure(configs.get(i)).seed()).toList();
        TestRunFacts facts = new TestRunFacts(wallSeconds, usedSeeds, Optional.of(settings));
        if (shard == null) {
            format.reporter().tests(out, checks, thresholds, facts);
        } else {
            format.reporter().shardTests(out, checks, thresholds, part, facts);
        }
        out.flush();
        if (junitXml != null || html != null) {
            // One transaction: the JUnit file and the HTML report are replaced together or not at all.
            try (OutputTransaction files = OutputTransaction.begin()) {
                if (junitXml != null) {
                    StringWriter xml = new StringWriter();
                    ReportFormat.JUNIT_XML.reporter().tests(new PrintWriter(xml), checks, thresholds, facts);
                    try (Writer w = files.file(junitXml)) {
                        w.write(xml.toString());
                    }
                }
                if (html != null) {
                    List<Optional<SeriesData>> series = new ArrayList<>();
                    for (int i = 0; i < results.size(); i++) {
                        series.add(results.get(i).trial().error().isPresent() || recorders[i] == null ? Optional.empty()
                                : Optional.of(recorders[i].data()));
                    }
                    HtmlReport.write(files, html, results, series, thresholds, parallel);
                }
                files.commit();
                files.targets().forEach(t -> err.println("schedlab: wrote " + t));
            }
        }
        if (!skipped.isEmpty()) {
            err.println("schedlab: " + skipped.stream().map(d -> d.location().file()).distinct().count()
                    + " file(s) with errors were not tested (listed above)");
            return ExitCodes.BAD_INPUT;
        }
        return checks.stream().allMatch(AggregateResult::asExpected) ? ExitCodes.OK : ExitCodes.VERDICT_FAILED;
    }
}
