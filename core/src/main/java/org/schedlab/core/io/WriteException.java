package org.schedlab.core.io;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * An output could not be written (disk full, a read-only directory): not the input's fault, so
 * commands report it apart from bad input. The message names the file the user asked for, never a
 * temporary name schedlab chose.
 */
public final class WriteException extends IOException {

    private static final long serialVersionUID = 1L;

    private final transient Path target;

    public WriteException(Path target, IOException cause) {
        this(target, reason(cause), cause);
    }

    /** {@code could not write TARGET: REASON}. */
    public WriteException(Path target, String reason, Throwable cause) {
        super("could not write " + target + ": " + reason, cause);
        this.target = target;
    }

    /** {@code e} as a failure to write {@code target}; a {@link WriteException} already is one and is returned as is. */
    public static WriteException of(Path target, IOException e) {
        return e instanceof WriteException w ? w : new WriteException(target, e);
    }

    public Path target() {
        return target;
    }

    /**
     * Why, without the path the JDK puts first: that path is often a temporary one. A
     * {@link FileSystemException}'s reason is the operating system's ("No space left on device").
     */
    private static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "a directory on the way was removed while writing";
        }
        if (e instanceof FileSystemException f) {
            return f.getReason() != null ? f.getReason() : e.getClass().getSimpleName();
        }
        String m = e.getMessage();
        return m == null ? e.getClass().getSimpleName() : m;
    }
}
