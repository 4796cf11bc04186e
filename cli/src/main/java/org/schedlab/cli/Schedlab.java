package org.schedlab.cli;

import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/**
 * The {@code schedlab} command. Every subcommand is one class, listed here; exit codes are the
 * same for all of them (see {@link ExitCodes}).
 */
@Command(name = "schedlab",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "A test cell for CPU schedulers: scenario language, solver, runner, comparator.",
        synopsisSubcommandLabel = "COMMAND",
        subcommands = {
                CheckCommand.class,
                SolveCommand.class,
                CompareCommand.class,
                RunCommand.class,
                TestCommand.class,
                MergeCommand.class,
                ExportCommand.class,
                PoliciesCommand.class,
                CommandLine.HelpCommand.class
        },
        footer = {
                "",
                "Exit codes: 0 ok, 1 a verdict failed, 2 bad input or usage.",
                "Example:",
                "  schedlab solve scenarios/MZ0.scn"
        })
public final class Schedlab implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(execute(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args));
    }

    /** Runs the CLI with the given streams; the exit code is returned, not acted on (tests call this). */
    public static int execute(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cl = new CommandLine(new Schedlab());
        cl.setOut(out);
        cl.setErr(err);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setExecutionExceptionHandler(new ErrorHandler());
        cl.setParameterExceptionHandler((ex, a) -> {
            PrintWriter e = ex.getCommandLine().getErr();
            e.println("schedlab: " + ex.getMessage());
            e.println("Try '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help' for more information.");
            return ExitCodes.BAD_INPUT;
        });
        int code = cl.execute(args);
        out.flush();
        err.flush();
        return code;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required (check, solve, compare, run, test)");
    }
}
