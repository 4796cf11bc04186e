package org.schedlab.cli;

import java.io.PrintWriter;
import java.util.Locale;

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

    /** Enabled when a console is attached and the CI variable is unset. */
    static Progress forTerminal(PrintWriter err) {
        boolean terminal = System.console() != null && System.getenv("CI") == null;
        return new Progress(err, terminal);
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
