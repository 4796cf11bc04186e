package org.schedlab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import org.schedlab.cell.CellException;
import org.schedlab.core.Diagnostic;
import org.schedlab.core.InputException;
import org.schedlab.core.io.RefusedOutputException;
import org.schedlab.core.io.WriteException;
import org.schedlab.linux.host.HostAccessException;
import picocli.CommandLine;

/**
 * Turns failures into one line each on stderr and an exit status, never a stack trace:
 * bad input is the user's to fix, so it gets {@code file:line:col: message} lines and status 2.
 */
final class ErrorHandler implements CommandLine.IExecutionExceptionHandler {

    @Override
    public int handleExecutionException(Exception ex, CommandLine cl, CommandLine.ParseResult parsed) {
        PrintWriter err = cl.getErr();
        if (Schedlab.ending) {
            // The process is ending under the command (a signal): its outputs were discarded on purpose, and the
            // shutdown hook says so; a "could not write ...: Stream closed" here would only mislead.
            return ExitCodes.VERDICT_FAILED;
        }
        if (ex instanceof InputException input) {
            for (Diagnostic d : input.diagnostics()) {
                err.println(d);
            }
            return ExitCodes.BAD_INPUT;
        }
        if (ex instanceof UsageException || ex instanceof CellException || ex instanceof HostAccessException
                || ex instanceof RefusedOutputException) {
            err.println("schedlab: " + ex.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        Throwable io = ex instanceof UncheckedIOException u ? u.getCause() : ex;
        for (Throwable t = ex; t != null; t = t.getCause()) {
            if (t instanceof WriteException w) {
                err.println("schedlab: " + w.getMessage());
                return ExitCodes.WRITE_FAILED;
            }
        }
        if (io instanceof NoSuchFileException nf) {
            err.println("schedlab: no such file: " + nf.getFile());
            return ExitCodes.BAD_INPUT;
        }
        if (io instanceof IOException e) {
            err.println("schedlab: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        // picocli hands over an Error thrown by a command wrapped in its ExecutionException.
        Throwable what = ex instanceof CommandLine.ExecutionException && ex.getCause() != null ? ex.getCause() : ex;
        return internalError(err, what);
    }

    /** A bug in schedlab, not the user's input: still one line, with the type to report it by. */
    static int internalError(PrintWriter err, Throwable what) {
        err.println("schedlab: internal error, please report: " + what);
        err.flush();
        return ExitCodes.INTERNAL_ERROR;
    }
}
