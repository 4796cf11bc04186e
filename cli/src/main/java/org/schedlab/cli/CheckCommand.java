package org.schedlab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.schedlab.cell.Scenarios;
import org.schedlab.core.Diagnostic;
import org.schedlab.core.InputException;
import org.schedlab.core.Scenario;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code schedlab check FILE...}: parse and validate; every error of every file, then the status. */
@Command(name = "check",
        mixinStandardHelpOptions = true,
        description = "Check scenario files: syntax and meaning. Prints every error as file:line:col: message.",
        footer = {"", "Exit codes: 0 all files are valid, 2 at least one has errors.",
                "Example:", "  schedlab check scenarios/*.scn"})
final class CheckCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Scenario files (.scn) or directories of them.")
    List<Path> files;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        int bad = 0;
        List<Path> all = Scenarios.expand(files);
        for (Path f : all) {
            try {
                Scenario s = Scenarios.load(f);
                out.println(f + ": ok (" + s.problems().size() + (s.problems().size() == 1 ? " problem)" : " problems)"));
            } catch (InputException e) {
                bad++;
                for (Diagnostic d : e.diagnostics()) {
                    err.println(d);
                }
            } catch (NoSuchFileException e) {
                bad++;
                err.println("schedlab: no such file: " + f);
            }
        }
        return bad == 0 ? ExitCodes.OK : ExitCodes.BAD_INPUT;
    }
}
