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
        footer = {"", "Exit codes: 0 all files are valid, 2 at least one has errors (or a directory has no .scn files).",
                "Example:", "  schedlab check scenarios/*.scn"})
final class CheckCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Scenario files (.scn) or directories of them.")
    List<Path> files;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        int bad = 0;
        // One path at a time, so that a directory with no scenarios, an unreadable file or one in the
        // wrong encoding is reported and the paths after it are still checked.
        for (Path given : files) {
            List<Path> found;
            try {
                found = Scenarios.expand(List.of(given));
            } catch (IOException e) {
                bad++;
                err.println("schedlab: cannot read " + given + ": " + e.getMessage());
                continue;
            }
            if (found.isEmpty()) {
                bad++;
                err.println("schedlab: no .scn files in " + given);
            }
            for (Path f : found) {
                bad += check(f, out, err) ? 0 : 1;
            }
        }
        return bad == 0 ? ExitCodes.OK : ExitCodes.BAD_INPUT;
    }

    private static boolean check(Path f, PrintWriter out, PrintWriter err) {
        try {
            Scenario s = Scenarios.load(f);
            out.println(f + ": ok (" + s.problems().size() + (s.problems().size() == 1 ? " problem)" : " problems)"));
            return true;
        } catch (InputException e) {
            for (Diagnostic d : e.diagnostics()) {
                err.println(d);
            }
        } catch (NoSuchFileException e) {
            err.println("schedlab: no such file: " + f);
        } catch (IOException e) {
            err.println("schedlab: cannot read " + f + ": " + e.getMessage());
        }
        return false;
    }
}
