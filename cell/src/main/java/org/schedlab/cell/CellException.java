package org.schedlab.cell;

/**
 * A request the cell cannot meet although it is well formed: a directory where a scenario file was
 * expected, a problem the file does not have. The user's to fix, like bad input; front ends report
 * the message on one line.
 */
public final class CellException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public CellException(String message) {
        super(message);
    }
}
