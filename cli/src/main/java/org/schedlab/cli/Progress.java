package org.schedlab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * A single self-rewriting status line on stderr, shown only when stderr is a terminal and not in
 * CI, and only once work has gone on for a second: quick commands and piped output stay clean.
 */
final class Progress {

    private static final long SHOW_AFTER_NANOS = 1_000_000_000L;
    private static final long REDRAW_NANOS = 200_000_000L;

    private final PrintWriter err;
    private final boolean enabled;
    private final long started = System.nanoTime();
    private long lastDraw;
    private int lastLength;

    private Progress(PrintWriter err, boolean enabled) {
        this.err = err;
        this.enabled = enabled;
    }

    /** Enabled when {@link #wanted} says so for this process's standard error. */
    static Progress forTerminal(PrintWriter err) {
        return new Progress(err, wanted(System.getenv(), Path.of("/proc/self/fd/2")));
    }

    /**
     * Whether to draw: standard error (where the line goes, whatever standard output is) is a terminal,
     * {@code TERM} is not {@code dumb} and {@code CI} is unset. Java cannot ask {@code isatty(2)}
     * ({@code System.console()} is about standard input and output), so this reads where file
     * descriptor 2 points: a terminal is {@code /dev/pts/N} or {@code /dev/ttyN}. Where that link does
     * not exist (not Linux), the line stays off: quiet is the safe side.
     */
    static boolean wanted(Map<String, String> env, Path stderrLink) {
        if (env.get("CI") != null || "dumb".equals(env.get("TERM"))) {
            return false;
        }
        try {
            String target = Files.readSymbolicLink(stderrLink).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }

    /** Shows {@code message}; rate-limited, so it is cheap to call often. Thread-safe. */
    synchronized void update(String message) {
        if (!enabled) {
            return;
        }
        long now = System.nanoTime();
        if (now - started < SHOW_AFTER_NANOS || now - lastDraw < REDRAW_NANOS) {
            return;
        }
        lastDraw = now;
        String line = String.format(Locale.ROOT, "%s  [%.0fs]", message, (now - started) / 1e9);
        err.print("\r" + line + " ".repeat(Math.max(0, lastLength - line.length())));
        err.flush();
        lastLength = line.length();
    }

    /** Erases the line, if one was drawn, so the next output starts clean. */
    synchronized void done() {
        if (lastLength > 0) {
            err.print("\r" + " ".repeat(lastLength) + "\r");
            err.flush();
            lastLength = 0;
        }
    }
}
