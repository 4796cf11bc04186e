package org.schedlab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.schedlab.cell.Scenarios;
import org.schedlab.core.InputException;
import org.schedlab.core.Problem;
import org.schedlab.core.Scenario;
import org.schedlab.grammar.ScenarioWriter;
import org.schedlab.report.ZvmCommands;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code schedlab export FILE}: a problem as canonical scenario text, or as what to set up on a real z/VM. */
@Command(name = "export",
        mixinStandardHelpOptions = true,
        description = {"Write a scenario out again: --format scn gives the canonical scenario text (every problem, "
                + "or the one named); --format zvm gives the CP commands and notes to replay one problem on a real "
                + "z/VM 6.4 LPAR, with each virtual CPU's burner target."},
        footer = {"", "Exit codes: 0 written, 2 bad input.",
                "Examples:",
                "  schedlab export scenarios/MR2.scn --format zvm",
                "  schedlab export scenarios/cpupools/POOL01.scn --format scn"})
final class ExportCommand implements Callable<Integer> {

    /** What export writes. */
    enum Format { SCN, ZVM }

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "Scenario file (.scn).")
    Path file;

    @Option(names = "--problem", paramLabel = "NAME",
            description = "The problem to export (needed for zvm when the file has several; scn default: all).")
    String problem;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "scn",
            description = "scn or zvm (default: ${DEFAULT-VALUE}).")
    Format format;

    @Override
    public Integer call() throws IOException, InputException {
        Scenario scenario = Scenarios.load(file);
        String source = file.getFileName().toString();
        String text = switch (format) {
            case SCN -> {
                List<Problem> chosen = Scenarios.select(scenario, problem);
                yield ScenarioWriter.write(new Scenario(scenario.file(), chosen));
            }
            case ZVM -> ZvmCommands.of(Scenarios.single(scenario, problem), source);
        };
        PrintWriter out = spec.commandLine().getOut();
        out.print(text);
        out.flush();
        return ExitCodes.OK;
    }
}
