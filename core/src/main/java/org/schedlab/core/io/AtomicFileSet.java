package org.schedlab.core.io;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Files {@code DIR/BASE.*} that replace the previous ones as a set: all of them or none, never new
 * and old mixed. The set is one {@link OutputTransaction} whose staging directory is
 * {@code DIR/.BASE.<hex>.part/}; see there for what {@link #commit()} does and what an interrupted
 * writer leaves for the next {@link #create} in the directory to sweep.
 */
public final class AtomicFileSet implements AutoCloseable {

    /** Another base's unfinished output this old is abandoned: no run takes a day to write its files. */
    static final Duration STALE_AFTER = OutputTransaction.STALE_AFTER;

    private final Path dir;
    private final String base;
    private final OutputTransaction files;

    private AtomicFileSet(Path dir, String base, OutputTransaction files) {
        this.dir = dir;
        this.base = base;
        this.files = files;
    }

    /**
     * Starts a set of files {@code dir/base.*}: creates {@code dir} if needed and first {@linkplain #sweep
     * sweeps} what earlier interrupted writers left there.
     */
    public static AtomicFileSet create(Path dir, String base) throws IOException {
        if (base.isEmpty() || base.contains("/") || base.contains("\\") || base.startsWith(".")) {
            throw new IllegalArgumentException("not a file name base: '" + base + "'");
        }
        Path d = dir.toAbsolutePath().normalize();
        OutputTransaction t = OutputTransaction.begin();
        try {
            t.open(d, base);
        } catch (IOException | RuntimeException e) {
            t.close();
            throw e;
        }
        return new AtomicFileSet(d, base, t);
    }

    /** Opens {@code dir/name} of this set; {@code name} must be {@code base.something}. */
    public Writer file(String name) throws IOException {
        return files.file(dir, base, checked(name));
    }

    /** As {@link #file(String)}, for bytes (a chart). */
    public OutputStream stream(String name) throws IOException {
        return files.stream(dir, base, checked(name));
    }

    private String checked(String name) {
        if (!name.startsWith(base + ".") || name.contains("/") || name.contains("\\")) {
            throw new IllegalArgumentException(name + " is not a file of set " + base);
        }
        return name;
    }

    /** The files of this set where they appear once committed, in the order they were opened. */
    public List<Path> targets() {
        return files.targets();
    }

    /** Completes every file and replaces {@code dir/base.*} with them. */
    public void commit() throws IOException {
        files.commit();
    }

    /** Deletes the staging directory unless {@link #commit()} succeeded. */
    @Override
    public void close() {
        files.close();
    }

    /**
     * Cleans {@code dir} of what interrupted writers left: finished sets ({@code .commit}) are moved out
     * into place; unfinished ones ({@code .part}, directories or single files) are deleted when they are
     * {@code base}'s or older than a day.
     */
    public static void sweep(Path dir, String base) throws IOException {
        OutputTransaction.sweep(dir.toAbsolutePath().normalize(), base);
    }
}
