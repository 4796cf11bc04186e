package org.schedlab.runner;

/**
 * A run that could not finish: the policy threw (the message names the policy and the cause) or the
 * wall-clock timeout passed. The runner's worker threads have stopped when this is thrown.
 */
public final class RunException extends Exception {

    /** Why the run stopped. */
    public enum Reason { POLICY_FAILED, TIMEOUT, INTERRUPTED }

    private final Reason reason;

    public RunException(Reason reason, String message, Throwable cause) {
        super(message, cause);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
