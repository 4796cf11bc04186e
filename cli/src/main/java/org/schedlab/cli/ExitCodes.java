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

    private ExitCodes() {
    }
}
