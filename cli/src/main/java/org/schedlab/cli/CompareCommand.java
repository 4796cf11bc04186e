package org.schedlab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;
import org.schedlab.comparator.Comparison;
import org.schedlab.comparator.ComparisonReport;
import org.schedlab.comparator.ErrorAccumulator;
import org.schedlab.comparator.ObservedCsv;
import org.schedlab.comparator.ObservedInterval;
import org.schedlab.comparator.Thresholds;
import org.schedlab.comparator.Verdict;
import org.schedlab.core.InputException;
import org.schedlab.core.Problem;
import org.schedlab.core.Scenario;
import org.schedlab.core.io.JsonWriter;
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
        footer = {"", "Exit codes: 0 PASS, 1 FAIL, 2 bad input.",
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

    @Option(names = "--max-error", paramLabel = "PCT", defaultValue = "5",
            description = "PASS needs every counted interval's error at most PCT (default: ${DEFAULT-VALUE}).")
    double maxError;

    @Option(names = "--mean-error", paramLabel = "PCT",
            description = "PASS also needs the mean error at most PCT (default: not checked).")
    Double meanError;

    @Option(names = "--warmup", paramLabel = "SECONDS", defaultValue = "0", converter = DurationConverter.class,
            description = "Exclude intervals that start before this (e.g. 5 or 5s; default: ${DEFAULT-VALUE}).")
    Duration warmup;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text or json (default: ${DEFAULT-VALUE}).")
    Format format;

    enum Format { text, json }

    @Override
    public Integer call() throws IOException, InputException {
        Scenario scenario = Scenarios.load(file);
        Problem p = Scenarios.single(scenario, problem);
        Solution solution = Solver.solve(p);
        List<ObservedInterval> intervals = ObservedCsv.read(observed, solution);
        Comparison c = compare(solution, intervals, thresholds(maxError, meanError), warmup);
        PrintWriter out = spec.commandLine().getOut();
        if (format == Format.json) {
            JsonWriter w = JsonWriter.of(out);
            ComparisonReport.json(w, scenario.file(), p.name(), c);
            w.finish();
        } else {
            out.print(ComparisonReport.text(scenario.file(), p.name(), c));
        }
        out.flush();
        return c.verdict() == Verdict.PASS ? ExitCodes.OK : ExitCodes.VERDICT_FAILED;
    }

    static Thresholds thresholds(double maxError, Double meanError) {
        if (!(maxError >= 0) || (meanError != null && !(meanError >= 0))) {
            throw new UsageException("error thresholds must be percentages of 0 or more");
        }
        Thresholds t = new Thresholds(maxError, OptionalDouble.empty());
        return meanError == null ? t : t.withMeanErrorPct(meanError);
    }

    private static Comparison compare(Solution solution, List<ObservedInterval> intervals, Thresholds t, Duration warmup) {
        ErrorAccumulator acc = new ErrorAccumulator(solution, t, warmup.toNanos() / 1e9);
        intervals.forEach(acc::add);
        try {
            return acc.finish();
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
