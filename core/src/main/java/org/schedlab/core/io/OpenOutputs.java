package org.schedlab.core.io;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Every {@link AtomicOutput} and {@link AtomicFileSet} not yet committed or closed, so that a process
 * ending on Ctrl-C or SIGTERM can delete their temporary files from a shutdown hook
 * ({@link #discardAll()}) instead of leaving {@code .part} files behind. A {@code kill -9} runs no
 * hook; what it leaves, the next run into the same directory sweeps ({@link AtomicFileSet#sweep}).
 */
public final class OpenOutputs {

    private static final Set<AutoCloseable> OPEN = new LinkedHashSet<>();

    private OpenOutputs() {
    }

    static synchronized void opened(AutoCloseable output) {
        OPEN.add(output);
    }

    static synchronized void finished(AutoCloseable output) {
        OPEN.remove(output);
    }

    /** How many outputs are open: for tests. */
    public static synchronized int count() {
        return OPEN.size();
    }

    /**
     * Discards every open output, as its {@code close()} without commit would. An output in the middle
     * of its commit finishes it first (commit and close are synchronized on the output), so the hook
     * never tears a set apart.
     */
    public static void discardAll() {
        List<AutoCloseable> open;
        synchronized (OpenOutputs.class) {
            open = new ArrayList<>(OPEN);
        }
        for (AutoCloseable o : open) {
            try {
                o.close();
            } catch (Exception ignored) {
                // the process is ending: clean up what can be cleaned up
            }
        }
    }
}
