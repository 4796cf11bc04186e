package org.schedlab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.schedlab.cell.AggregateResult;
import org.schedlab.cell.Expectations;
import org.schedlab.cell.Shards;
import org.schedlab.cell.TestPlan;
import org.schedlab.cell.TestResult;
import org.schedlab.comparator.Thresholds;
import org.schedlab.core.InputException;
import org.schedlab.core.io.AtomicOutput;
import org.schedlab.report.ReportFormat;
import org.schedlab.runner.RunConfig;
import org.schedlab.runner.spi.SchedulerPolicy;
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
        footer = {"", "Exit codes: 0 every verdict as expected (unlisted: PASS), 1 any not, 2 bad input.",
                "Examples:",
                "  schedlab test scenarios --policy zvm63 --policy zvm64 --policy fair",
                "  schedlab test scenarios/J1.scn --policy fair --seeds 5",
                "  schedlab test scenarios --policy fair --seeds 3..7 --format json",
                "  schedlab test scenarios --policy fair --no-expect --junit-xml target/schedlab.xml",
                "  schedlab test scenarios --policy fair --shard 2/3 --format json > shard-2.json"})
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

    @Option(names = "--junit-xml", paramLabel = "FILE", description = "Also write a JUnit (Surefire) XML report.")
    Path junitXml;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text", converter = FormatConverter.Test.class,
            description = "text, json or markdown (default: ${DEFAULT-VALUE}).")
    ReportFormat format;

    @Option(names = "--jobs", paramLabel = "N", description = "Problems run in parallel (default: the number of cores).")
    Integer jobs;

    @Option(names = "--shard", paramLabel = "K/N", converter = ShardConverter.class,
            description = "Run only the K-th of N shards of the plan, balanced by predicted cost; "
                    + "join the shards' --format json outputs with schedlab merge.")
    Shards.Spec shard;

    @Mixin
    RunOptions options;

    @Override
    public Integer call() throws IOException, InputException, InterruptedException {
        if (seeds != null && options.seed != null) {
            throw new UsageException("--seed and --seeds exclude each other: --seeds S..S runs one seed S");
        }
        if (noExpect && expect != null) {
            throw new UsageException("--expect and --no-expect exclude each other");
        }
        List<SchedulerPolicy> chosen = (policies == null ? List.of("fair") : policies).stream().map(Usage::policy).toList();
        Thresholds thresholds = Usage.thresholds(maxError, meanError);
        PrintWriter err = spec.commandLine().getErr();
        Optional<Path> expectFile = noExpect ? Optional.empty()
                : expect != null ? Optional.of(expect) : Expectations.defaultFor(paths);
        Expectations expected = expectFile.isPresent() ? Expectations.read(expectFile.get()) : Expectations.NONE;
        TestPlan whole = TestPlan.load(paths, chosen, seeds == null ? List.of() : seeds.seeds());
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
        try {
            results = plan.run(configs, parallel, thresholds, expected, (c, done, simulated, total) ->
                    progress.update("test: " + done + "/" + plan.size() + " done; " + c.problem().name()
                            + " under " + c.policySpec() + " " + (100 * simulated / total) + "%"));
        } finally {
            progress.done();
        }

        PrintWriter out = spec.commandLine().getOut();
        List<AggregateResult> checks = AggregateResult.group(results);
        if (shard == null) {
            format.reporter().tests(out, checks, thresholds);
        } else {
            format.reporter().shardTests(out, checks, thresholds, part);
        }
        out.flush();
        if (junitXml != null) {
            try (AtomicOutput xml = AtomicOutput.create(junitXml)) {
                PrintWriter w = new PrintWriter(xml.writer());
                ReportFormat.JUNIT_XML.reporter().tests(w, checks, thresholds);
                w.flush();
                if (w.checkError()) {
                    throw new IOException("cannot write " + junitXml);
                }
                xml.commit();
            }
        }
        return checks.stream().allMatch(AggregateResult::asExpected) ? ExitCodes.OK : ExitCodes.VERDICT_FAILED;
    }
}
