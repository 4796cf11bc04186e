package org.schedlab.cli;

/** A command line that parses but does not make sense (e.g. a problem name the file lacks). Exit 2. */
final class UsageException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    UsageException(String message) {
        super(message);
    }
}
