package org.schedlab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
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
                + "for *.scn) and every policy, solve, run and compare. One line per problem and policy, "
                + "then a summary. Results are listed in a stable order whatever --jobs is."},
        footer = {"", "Exit codes: 0 all passed (or met --expect), 1 any failed, 2 bad input.",
                "Examples:",
                "  schedlab test scenarios",
                "  schedlab test scenarios --policy zvm63 --policy zvm64 --policy fair --expect scenarios/expected.csv",
                "  schedlab test scenarios --junit-xml target/schedlab-junit.xml",
                "  schedlab test scenarios --shard 2/3 --format json > shard-2.json"})
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
        List<SchedulerPolicy> chosen = (policies == null ? List.of("fair") : policies).stream().map(Usage::policy).toList();
        Thresholds thresholds = Usage.thresholds(maxError, meanError);
        Expectations expected = expect == null ? Expectations.NONE : Expectations.read(expect);
        TestPlan whole = TestPlan.load(paths, chosen, List.of());
        List<RunConfig> wholeConfigs = whole.cases().stream().map(c -> options.configFor(c.problem())).toList();
        Shards.Shard part = Shards.shard(whole, wholeConfigs, shard == null ? new Shards.Spec(1, 1) : shard);
        TestPlan plan = part.of(whole);
        List<RunConfig> configs = part.select(wholeConfigs);

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
        if (shard == null) {
            format.reporter().tests(out, results, thresholds);
        } else {
            format.reporter().shardTests(out, results, thresholds, part);
        }
        out.flush();
        if (junitXml != null) {
            try (AtomicOutput xml = AtomicOutput.create(junitXml)) {
                PrintWriter w = new PrintWriter(xml.writer());
                ReportFormat.JUNIT_XML.reporter().tests(w, results, thresholds);
                w.flush();
                if (w.checkError()) {
                    throw new IOException("cannot write " + junitXml);
                }
                xml.commit();
            }
        }
        return results.stream().allMatch(TestResult::asExpected) ? ExitCodes.OK : ExitCodes.VERDICT_FAILED;
    }
}
