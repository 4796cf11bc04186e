package org.schedlab.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.function.Supplier;
import org.schedlab.cell.ExitCause;
import org.schedlab.core.io.OpenOutputs;
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
                BurnCommand.class,
                TestCommand.class,
                ChartCommand.class,
                MergeCommand.class,
                ExportCommand.class,
                PoliciesCommand.class,
                CompletionCommand.class,
                CommandLine.HelpCommand.class
        },
        footer = {
                "",
                "Exit codes: 0 ok, 1 a verdict failed, 2 bad input or usage, 3 internal error,",
                "4 could not write output; 128+N ended by signal N (130 Ctrl-C, 143 SIGTERM).",
                "Example:",
                "  schedlab solve scenarios/MZ0.scn"
        })
public final class Schedlab implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Set once the command has decided its exit status: the shutdown hook then only cleans up. */
    private static volatile boolean completed;
    /**
     * Set when the process ends without the command's say (a signal, a policy's {@code System.exit}): the errors
     * of outputs being discarded under the command's feet are not news, the hook's one line is.
     */
    static volatile boolean ending;

    public static void main(String[] args) {
        PrintStream stderr = System.err;
        // Ctrl-C, SIGTERM, a policy's System.exit: delete the temporary files of outputs not yet committed and say
        // why the command did not complete (a kill -9 runs no hook; the next run into the directory sweeps what it
        // leaves).
        Runtime.getRuntime().addShutdownHook(new Thread(() -> onShutdown(stderr), "schedlab-cleanup"));
        // Standard output without System.out's PrintStream, which swallows write errors and their reason.
        StdoutStream stdout = new StdoutStream(new FileOutputStream(FileDescriptor.out));
        PrintWriter out = new PrintWriter(new OutputStreamWriter(stdout, Charset.defaultCharset()), true);
        int code = execute(out, new PrintWriter(System.err, true), stdout::failure, args);
        completed = true;
        System.exit(code);
    }

    /**
     * The shutdown hook. After a completed command: clean up. Otherwise the process is ending under the command:
     * discard every unfinished output, say why in one line, and end with a status that is not success:
     * 128 + the signal's number for a signal (130 for Ctrl-C, 143 for SIGTERM, as shells report them),
     * {@link ExitCodes#VERDICT_FAILED} for a policy's (or other foreign code's) {@code System.exit},
     * {@link ExitCodes#INTERNAL_ERROR} for schedlab's own.
     */
    private static void onShutdown(PrintStream err) {
        if (completed) {
            OpenOutputs.discardAll();
            return;
        }
        ending = true;
        OpenOutputs.discardAll();
        ExitCause cause = ExitCause.find(Schedlab.class.getName() + ".main");
        int status = switch (cause.kind()) {
            case SIGNAL -> 128 + cause.signal();
            case OWN_EXIT -> ExitCodes.INTERNAL_ERROR;
            case FOREIGN_EXIT, UNKNOWN -> ExitCodes.VERDICT_FAILED;
        };
        err.println("schedlab: " + cause.message() + (cause.kind() == ExitCause.Kind.SIGNAL ? "" : ": the command did not "
                + "complete") + "; unfinished outputs were discarded");
        err.flush();
        Runtime.getRuntime().halt(status);
    }

    /** Runs the CLI with the given streams; the exit code is returned, not acted on (tests call this). */
    public static int execute(PrintWriter out, PrintWriter err, String... args) {
        return execute(out, err, () -> null, args);
    }

    /**
     * As {@link #execute(PrintWriter, PrintWriter, String...)}; {@code outFailure} says why standard
     * output failed, when {@code out} itself cannot (a {@link PrintWriter} keeps only that it failed).
     */
    static int execute(PrintWriter out, PrintWriter err, Supplier<String> outFailure, String... args) {
        int code = executeUnchecked(out, err, args);
        // A PrintWriter never throws: a full disk or a closed pipe shows only here. Results that did
        // not reach the reader are no results, whatever the verdict was.
        if (out.checkError() && !ending) {
            String why = outFailure.get();
            err.println("schedlab: could not write standard output" + (why == null ? "" : ": " + why));
            err.flush();
            return ExitCodes.WRITE_FAILED;
        }
        return code;
    }

    private static int executeUnchecked(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cl = new CommandLine(new Schedlab());
        cl.setOut(out);
        cl.setErr(err);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        // Wider terminals get wider help; examples are kept under 80 columns so none is broken.
        cl.setUsageHelpAutoWidth(true);
        HelpLayout.install(cl);
        cl.setExecutionExceptionHandler(new ErrorHandler());
        cl.setParameterExceptionHandler((ex, a) -> {
            PrintWriter e = ex.getCommandLine().getErr();
            e.println("schedlab: " + ex.getMessage());
            CommandLine.UnmatchedArgumentException.printSuggestions(ex, e);
            // A value the user mistyped is one line that says what is wrong; a command line of the wrong
            // shape (unknown or missing arguments) also points to the help.
            if (ex instanceof CommandLine.UnmatchedArgumentException || ex instanceof CommandLine.MissingParameterException) {
                e.println("Try '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help' for more information.");
            }
            return ExitCodes.BAD_INPUT;
        });
        int code;
        try {
            code = cl.execute(args);
        } catch (Error e) {
            // Out of memory, stack overflow, a missing class: one line and exit 3, never a stack trace.
            code = ErrorHandler.internalError(err, e);
        }
        out.flush();
        err.flush();
        return code;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required (check, solve, compare, run, test, chart)");
    }
}
