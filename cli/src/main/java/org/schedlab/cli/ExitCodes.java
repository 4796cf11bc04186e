package org.schedlab.cli;

/** The exit statuses every schedlab command uses. */
public final class ExitCodes {

    /** Everything checked, solved or compared passed. */
    public static final int OK = 0;
    /** A comparison ran and its verdict is FAIL (or ERROR). */
    public static final int VERDICT_FAILED = 1;
    /** The input was bad (scenario or measurement file, or the command line): nothing was produced. */
    public static final int BAD_INPUT = 2;
    /**
     * A defect in schedlab, not the user's doing: an unexpected exception or a Java {@code Error}
     * (out of memory, stack overflow). One line on stderr asks for a report; no stack trace.
     */
    public static final int INTERNAL_ERROR = 3;
    /**
     * An output could not be written: standard output (disk full, a closed pipe) or an output file.
     * What was computed is not trustworthy as written, so the command fails whatever its verdict.
     */
    public static final int WRITE_FAILED = 4;

    private ExitCodes() {
    }
}
