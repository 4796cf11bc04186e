package org.schedlab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.schedlab.cell.Scenarios;
import org.schedlab.cell.Trial;
import org.schedlab.comparator.Comparison;
import org.schedlab.core.InputException;
import org.schedlab.core.Problem;
import org.schedlab.core.Scenario;
import org.schedlab.report.Outputs;
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

/** {@code schedlab chart}: draw a run's (or a measurement's) series against the correct answer. */
@Command(name = "chart",
        mixinStandardHelpOptions = true,
        description = {"Draw charts of series files: utilization over time per virtual CPU against its correct "
                + "value, the per-interval error with the thresholds, and the error vector (the report's Figure 1).",
                "RUN_OUTPUT is a PROBLEM.POLICY.series.csv written by 'schedlab run' (or any file in the format "
                        + "compare reads). The correct values come from the scenario given with --scenario; the "
                        + "problem is --problem, else the one the file name starts with, else the scenario's only one.",
                "Writes BASE.utilization.EXT, BASE.error.EXT and BASE.vector.EXT (BASE: the file name without "
                        + ".series.csv) beside each file, or into --out."},
        footer = {"", "Exit codes: 0 charts written, 2 bad input (or a file in the way that schedlab did not write),",
                "4 a chart could not be written (docs/outputs.md).",
                "Examples:",
                "  schedlab run scenarios/J1.scn --policy zvm63",
                "  schedlab chart runs/J1.zvm63.series.csv --scenario scenarios/J1.scn \\",
                "      --format svg"})
final class ChartCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "RUN_OUTPUT", description = "Series files (*.series.csv).")
    List<Path> files;

    @Option(names = "--scenario", required = true, paramLabel = "FILE",
            description = "The scenario file the series were run from (.scn).")
    Path scenarioFile;

    @Option(names = "--problem", paramLabel = "NAME",
            description = "The problem (default: from the file name PROBLEM.POLICY.series.csv).")
    String problem;

    @Option(names = "--out", paramLabel = "DIR", description = "Directory for the charts (default: beside each file).")
    Path out;

    @Option(names = "--format", paramLabel = "png|svg", defaultValue = "png", converter = ChartFormatConverter.class,
            description = "Image format (default: ${DEFAULT-VALUE}).")
    ChartFormat format;

    @Option(names = "--warmup", paramLabel = "TIME", defaultValue = "5s", converter = DurationConverter.class,
            description = "Start left out of the error figures, as for the run (default: ${DEFAULT-VALUE}).")
    Duration warmup;

    @Option(names = "--max-error", paramLabel = "PCT", defaultValue = "5",
            description = "The max error threshold drawn and judged (default: ${DEFAULT-VALUE}).")
    double maxError;

    @Option(names = "--mean-error", paramLabel = "PCT", description = "A mean error threshold, drawn and judged.")
    Double meanError;

    @Override
    public Integer call() throws IOException, InputException {
        Scenario scenario = Scenarios.load(scenarioFile);
        PrintWriter stdout = spec.commandLine().getOut();
        double warmupS = warmup.toNanos() / 1e9;
        // Every file's charts may replace only charts schedlab drew: said before the first is drawn.
        for (Path file : files) {
            Path dir = out != null ? out : file.toAbsolutePath().getParent();
            String option = out != null ? "--out" : "RUN_OUTPUT";
            OutputPaths.checkDirectory(option, dir);
            OutputPaths.guard(option, () -> Outputs.checkRunFiles(dir, RunCharts.names(RunOutputs.base(file), format)));
        }
        for (Path file : files) {
            String name = problem != null ? problem : RunOutputs.problem(file)
                    .filter(n -> scenario.problem(n).isPresent()).orElse(null);
            Problem p = Scenarios.single(scenario, name);
            // A problem that changes while it runs is read and compared phase by phase, its answer a step.
            PhasedSolution phased = p.dynamic() ? Solver.solvePhases(p) : null;
            Solution solution = phased != null ? phased.phases().get(0).solution() : Solver.solve(p);
            SeriesRecorder series = phased != null ? new SeriesRecorder(phased) : new SeriesRecorder(solution);
            Comparison c = phased != null
                    ? Trial.compare(phased, file, Usage.thresholds(maxError, meanError), warmupS, series::add)
                    : Trial.compare(solution, file, Usage.thresholds(maxError, meanError), warmupS, series::add);
            RunFigures figures = RunFigures.of(p.name(), RunOutputs.source(file), c, Optional.empty())
                    .with(RunOutputs.etr(file, warmupS), RunOutputs.meanDispatchDelayUs(RunOutputs.vcpusFile(file)));
            Path dir = out != null ? out : file.toAbsolutePath().getParent();
            for (Path written : RunCharts.write(dir, RunOutputs.base(file), series.data(), c, figures, format)) {
                stdout.println("  wrote " + written);
            }
        }
        stdout.flush();
        return ExitCodes.OK;
    }

    /** {@code png} or {@code svg} as a usage error when neither. */
    static final class ChartFormatConverter implements picocli.CommandLine.ITypeConverter<ChartFormat> {
        @Override
        public ChartFormat convert(String value) {
            try {
                return ChartFormat.parse(value);
            } catch (IllegalArgumentException e) {
                throw new picocli.CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }
}
