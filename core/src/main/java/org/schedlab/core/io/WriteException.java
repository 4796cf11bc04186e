package org.schedlab.core.io;

import java.io.IOException;
import java.nio.file.Path;

/**
 * An output could not be written (disk full, a read-only directory): not the input's fault, so
 * commands report it apart from bad input. The message names the file the user asked for.
 */
public final class WriteException extends IOException {

    private static final long serialVersionUID = 1L;

    private final transient Path target;

    public WriteException(Path target, IOException cause) {
        super("could not write " + target + ": " + reason(cause), cause);
        this.target = target;
    }

    public Path target() {
        return target;
    }

    private static String reason(IOException e) {
        String m = e.getMessage();
        return m == null ? e.getClass().getSimpleName() : m;
    }
}
