package org.schedlab.linux.host;

/**
 * The machine cannot run a problem on its kernel, for a reason outside the scenario: cgroups it may not
 * write, controllers missing, a file of {@code /proc} or {@code /sys} it cannot read. The message is one line
 * saying what is missing and how to get it; the CLI prints it and exits 2 (bad input or usage: the run was
 * asked of a machine that cannot do it), like a scenario error.
 */
public final class HostAccessException extends Exception {

    private static final long serialVersionUID = 1L;

    public HostAccessException(String message) {
        super(message);
        if (message.isBlank() || message.indexOf('\n') >= 0) {
            throw new IllegalArgumentException("one non-empty line: " + message);
        }
    }

    public HostAccessException(String message, Throwable cause) {
        this(message);
        initCause(cause);
    }
}
