package org.schedlab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.schedlab.cell.RunMetrics;
import org.schedlab.cell.Scenarios;
import org.schedlab.cell.Trial;
import org.schedlab.cell.TrialResult;
import org.schedlab.comparator.Comparison;
import org.schedlab.comparator.Thresholds;
import org.schedlab.core.InputException;
import org.schedlab.core.Numbers;
import org.schedlab.core.Problem;
import org.schedlab.core.Scenario;
import org.schedlab.report.Outputs;
import org.schedlab.report.ReportFormat;
import org.schedlab.report.RunFiles;
import org.schedlab.report.chart.ChartFormat;
import org.schedlab.report.chart.RunCharts;
import org.schedlab.report.chart.RunFigures;
import org.schedlab.report.chart.SeriesRecorder;
import org.schedlab.runner.result.IntervalSample;
import org.schedlab.runner.RunConfig;
import org.schedlab.runner.RunListener;
import org.schedlab.runner.spi.SchedulerPolicy;
import org.schedlab.solver.PhasedSolution;
import org.schedlab.solver.Solution;
import org.schedlab.solver.Solver;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code schedlab run}: play a problem on the model CP and write what every virtual CPU consumed. */
@Command(name = "run",
        mixinStandardHelpOptions = true,
        description = {"Run a problem: burners on the model partition, dispatched by a scheduler policy, in virtual "
                + "time. Writes the observed series (per interval and virtual CPU: raw busy, MT1-equivalent busy, "
                + "ETR), dispatch delays per virtual CPU, logical CPU statistics and limit-list time per bucket.",
                "Prints each virtual CPU's correct and mean observed consumption and the run's error."},
        footer = {"", "Exit codes: 0 the run finished, 1 the run failed (policy error or timeout, or a policy ended the",
                "process), 2 bad input (or a file in the way that schedlab did not write), 4 an output could not be",
                "written (docs/outputs.md).",
                "Examples:",
                "  schedlab run scenarios/J1.scn --policy zvm63 --out runs",
                "  schedlab compare scenarios/J1.scn \\",
                "      --observed runs/J1.zvm63.series.csv --warmup 5s",
                "  schedlab run scenarios/J1.scn --policy-path fifo.jar --policy fifo"})
final class RunCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "Scenario file (.scn).")
    Path file;

    @Option(names = "--problem", paramLabel = "NAME", description = "Run only this problem (default: all).")
    String problem;

    @Option(names = "--policy", paramLabel = "NAME|CLASS", defaultValue = "fair",
            description = "Scheduler policy: a registered name (zvm63, zvm64, fair), NAME:option=value,..., "
                    + "or a class name (default: ${DEFAULT-VALUE}).")
    String policy;

    @Mixin
    RunOptions options;

    @Mixin
    PolicyPath policyPath;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "runs",
            description = "Directory for the output files, PROBLEM.POLICY.*, POLICY with its options as in "
                    + "zvm64-limitsoft-leak-off (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "csv", converter = FormatConverter.Run.class,
            description = "csv (the long format compare reads) or json (default: ${DEFAULT-VALUE}).")
    ReportFormat format;

    @Option(names = "--chart", arity = "0..1", fallbackValue = "png", paramLabel = "png|svg",
            converter = ChartCommand.ChartFormatConverter.class,
            description = "Also draw the run's charts beside its files (docs/charts.md); png unless svg is given.")
    ChartFormat chart;

    @Override
    public Integer call() throws IOException, InputException {
        Scenario scenario = Scenarios.load(file, Optional.ofNullable(options.timeout));
        SchedulerPolicy p = policyPath.create(policy, Optional.ofNullable(options.timeout));
        OutputPaths.checkDirectory("--out", out);
        // Every problem's files may replace only files schedlab wrote: said before the first run starts.
        for (Problem pr : Scenarios.select(scenario, problem)) {
            String base = pr.name() + "." + fileName(p.spec());
            OutputPaths.guard("--out", () -> Outputs.checkRunFiles(out,
                    Outputs.runFileNames(format, base, Optional.ofNullable(chart))));
        }
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter stderr = spec.commandLine().getErr();
        int status = ExitCodes.OK;
        for (Problem pr : Scenarios.select(scenario, problem)) {
            RunConfig config = options.configFor(pr);
            String base = pr.name() + "." + fileName(p.spec());
            Progress progress = Progress.forTerminal(stderr);
            // A problem that changes while it runs is answered phase by phase, its rows one per dimension.
            PhasedSolution phased = pr.dynamic() ? Solver.solvePhases(pr) : null;
            Solution solution = phased != null ? phased.phases().get(0).solution() : Solver.solve(pr);
            SeriesRecorder series = chart == null ? null
                    : phased != null ? new SeriesRecorder(phased) : new SeriesRecorder(solution);
            try (RunFiles output = phased != null
                    ? format.reporter().runFiles(out, base, phased, scenario.file(), p.spec(), config)
                    : format.reporter().runFiles(out, base, solution, scenario.file(), p.spec(), config)) {
                RunListener listener = new RunListener() {
                    @Override
                    public void interval(IntervalSample s) {
                        output.interval(s);
                        if (series != null) {
                            series.interval(s);
                        }
                    }

                    @Override
                    public void progress(long simulated, long total) {
                        progress.update(pr.name() + " " + p.spec() + ": " + (100 * simulated / total) + "% of "
                                + Numbers.format(total / 1e6) + " s");
                    }
                };
                TrialResult outcome = phased != null ? Trial.run(phased, p, config, Thresholds.DEFAULT, listener)
                        : Trial.run(solution, p, config, Thresholds.DEFAULT, listener);
                progress.done();
                if (outcome.error().isPresent()) {
                    stderr.println("schedlab: " + scenario.file() + ": problem " + pr.name() + ": " + outcome.error().get());
                    status = ExitCodes.VERDICT_FAILED;
                    continue;
                }
                RunMetrics metrics = outcome.metrics().orElseThrow();
                Comparison c = outcome.comparison().orElseThrow();
                if (series != null) {
                    // The charts belong to the run's set of files: replaced with them, or not at all.
                    RunCharts.write(output::stream, output.dir(), base, series.data(), c, RunFigures.of(pr.name(),
                            p.spec(), c, Optional.of(metrics)), chart);
                }
                output.finish(c, metrics);
                ReportFormat.TEXT.reporter().runSummary(stdout, pr, p.spec(), config, c, metrics);
                output.paths().forEach(path -> stdout.println("  wrote " + path));
            } finally {
                progress.done();
            }
        }
        stdout.flush();
        return status;
    }

    /**
     * A policy spec as part of a file name: lower case, and every run of characters other than letters,
     * digits, {@code _} and {@code -} one {@code -}. So {@code zvm64} stays {@code zvm64} and
     * {@code zvm64:limitsoft-leak=off} becomes {@code zvm64-limitsoft-leak-off}: runs with other
     * options get their own files instead of overwriting the plain policy's.
     */
    static String fileName(String policySpec) {
        String s = policySpec.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_-]+", "-");
        s = s.replaceAll("^-+|-+$", "");
        return s.isEmpty() ? "policy" : s;
    }
}
