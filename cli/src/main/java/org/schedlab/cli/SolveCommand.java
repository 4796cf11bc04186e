package org.schedlab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.schedlab.cell.Scenarios;
import org.schedlab.core.InputException;
import org.schedlab.core.Scenario;
import org.schedlab.report.ReportFormat;
import org.schedlab.solver.PhasedSolution;
import org.schedlab.solver.Solver;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code schedlab solve FILE}: the correct consumption of every virtual CPU. */
@Command(name = "solve",
        mixinStandardHelpOptions = true,
        description = {"Compute the correct CPU consumption of every virtual CPU: what an exactly right "
                + "dispatcher would give each one (percent of one logical CPU); phase by phase for a problem "
                + "that changes while it runs."},
        footer = {"", "Exit codes: 0 solved, 2 bad input.",
                "Examples:", "  schedlab solve scenarios/MZ0.scn",
                "  schedlab solve scenarios/J3.scn --problem J3 --format json"})
final class SolveCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "Scenario file (.scn).")
    Path file;

    @Option(names = "--problem", paramLabel = "NAME", description = "Solve only this problem (default: all).")
    String problem;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text", converter = FormatConverter.Solve.class,
            description = "text, json or csv (default: ${DEFAULT-VALUE}).")
    ReportFormat format;

    @Override
    public Integer call() throws IOException, InputException {
        Scenario scenario = Scenarios.load(file);
        List<PhasedSolution> solutions = Scenarios.select(scenario, problem).stream().map(Solver::solvePhases).toList();
        PrintWriter out = spec.commandLine().getOut();
        format.reporter().phasedSolutions(out, scenario.file(), solutions);
        out.flush();
        return ExitCodes.OK;
    }
}
