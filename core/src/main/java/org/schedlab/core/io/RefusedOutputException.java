package org.schedlab.core.io;

/**
 * An output that must not be written where it was asked for, because it would replace or delete what
 * schedlab did not write (a user's file, a directory holding the inputs, the working directory). Said
 * before anything runs; front ends report the message on one line as a usage error.
 */
public final class RefusedOutputException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public RefusedOutputException(String message) {
        super(message);
    }
}
