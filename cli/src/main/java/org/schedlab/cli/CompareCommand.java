package org.schedlab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.schedlab.cell.Scenarios;
import org.schedlab.cell.Trial;
import org.schedlab.comparator.Comparison;
import org.schedlab.comparator.Verdict;
import org.schedlab.core.InputException;
import org.schedlab.core.Numbers;
import org.schedlab.core.Problem;
import org.schedlab.core.Scenario;
import org.schedlab.report.Outputs;
import org.schedlab.report.ReportFormat;
import org.schedlab.runner.RunConfig;
import org.schedlab.report.chart.ChartFormat;
import org.schedlab.report.chart.RunCharts;
import org.schedlab.report.chart.RunFigures;
import org.schedlab.report.chart.RunOutputs;
import org.schedlab.report.chart.SeriesRecorder;
import org.schedlab.solver.PhasedSolution;
import org.schedlab.solver.Solution;
import org.schedlab.solver.Solver;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code schedlab compare}: score measurements made elsewhere against the correct answer. */
@Command(name = "compare",
        mixinStandardHelpOptions = true,
        description = {"Compare observed utilizations with the solver's correct answer: per-interval error "
                + "100*|o-c|/|c|, mean and max over intervals after the warm-up, and a verdict.",
                "OBS.csv is the long format start_s,end_s,user,vcpu,busy_pct (one row per interval and "
                        + "virtual CPU), as 'schedlab run --format csv' writes it."},
        footer = {"", "Exit codes: 0 PASS, 1 FAIL, 2 bad input (with --chart: also a chart's place not writable, checked",
                "before the verdict), 4 a chart could not be written (docs/outputs.md).",
                "Example:",
                "  schedlab compare scenarios/J1.scn --problem J1 \\",
                "      --observed j1-observed.csv --warmup 5s"})
final class CompareCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "Scenario file (.scn).")
    Path file;

    @Option(names = "--problem", paramLabel = "NAME",
            description = "The problem the measurements are of (may be left out when the file has one).")
    String problem;

    @Option(names = "--observed", required = true, paramLabel = "OBS.csv", description = "Observed measurements.")
    Path observed;

    @Option(names = "--max-error", paramLabel = "PCT", defaultValue = "5", converter = NumberConverters.Percent.class,
            description = "PASS needs every counted interval's error at most PCT (default: ${DEFAULT-VALUE}).")
    double maxError;

    @Option(names = "--mean-error", paramLabel = "PCT", converter = NumberConverters.Percent.class,
            description = "PASS also needs the mean error at most PCT (default: not checked).")
    Double meanError;

    @Option(names = "--warmup", paramLabel = "SECONDS", converter = DurationConverter.Warmup.class,
            description = "Exclude intervals that start before this (e.g. 5 or 5s; default: as run and test, "
                    + "5s, or half the scenario's DURATION when that is shorter than 10s).")
    Duration warmup;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text", converter = FormatConverter.Compare.class,
            description = "text or json (default: ${DEFAULT-VALUE}).")
    ReportFormat format;

    @Option(names = "--chart", arity = "0..1", fallbackValue = "png", paramLabel = "png|svg",
            converter = ChartCommand.ChartFormatConverter.class,
            description = "Also draw the measurements' charts (docs/charts.md); png unless svg is given.")
    ChartFormat chart;

    @Option(names = "--out", paramLabel = "DIR", description = "Directory for --chart's files (default: beside OBS.csv).")
    Path chartDir;

    @Override
    public Integer call() throws IOException, InputException {
        Scenario scenario = Scenarios.load(file);
        Problem p = Scenarios.single(scenario, problem);
        Solution solution = Solver.solve(p);
        if (Files.isDirectory(observed)) {
            throw new UsageException("--observed " + observed + " is a directory; expected a measurement file (.csv)");
        }
        Path dir = chartDir != null ? chartDir : observed.toAbsolutePath().getParent();
        if (chart != null) {
            // Said before the verdict: a verdict printed and then an exit for the charts would read as a pass.
            String option = chartDir != null ? "--out" : "--chart";
            OutputPaths.checkDirectory(option, dir);
            OutputPaths.guard(option, () -> Outputs.checkRunFiles(dir, RunCharts.names(RunOutputs.base(observed), chart)));
        }
        // The one warm-up default, run's and test's: a comparison of a run's own series agrees with what run said.
        double warmupS = warmup != null ? warmup.toNanos() / 1e9 : RunConfig.forProblem(p).warmupMicros() / 1e6;
        // One pass over the measurements, charted or not: a pipe can be read only once. A problem that changes
        // while it runs is compared phase by phase.
        PhasedSolution phased = p.dynamic() ? Solver.solvePhases(p) : null;
        SeriesRecorder series = chart == null ? null
                : phased != null ? new SeriesRecorder(phased) : new SeriesRecorder(solution);
        Comparison c = phased != null
                ? Trial.compare(phased, observed, Usage.thresholds(maxError, meanError), warmupS,
                series == null ? i -> { } : series::add)
                : Trial.compare(solution, observed, Usage.thresholds(maxError, meanError), warmupS,
                series == null ? i -> { } : series::add);
        if (c.gaps() > 0) {
            spec.commandLine().getErr().println("schedlab: warning: " + observed + ": " + c.gaps()
                    + (c.gaps() == 1 ? " gap" : " gaps") + " between intervals, " + Numbers.format(c.gapS())
                    + " s in all: that time is in neither the mean nor the max error");
        }
        PrintWriter out = spec.commandLine().getOut();
        // Measured elsewhere: there is no run of ours, so no run metrics beside the comparison.
        format.reporter().comparison(out, scenario.file(), p.name(), Optional.of(observed.toString()), c, Optional.empty());
        if (chart != null) {
            RunCharts.write(dir, RunOutputs.base(observed), series.data(), c,
                    RunFigures.of(p.name(), RunOutputs.source(observed), c, Optional.empty()), chart)
                    .forEach(path -> out.println("  wrote " + path));
        }
        out.flush();
        return c.verdict() == Verdict.PASS ? ExitCodes.OK : ExitCodes.VERDICT_FAILED;
    }
}
