package org.schedlab.comparator;

/**
 * The outcome of a run. The comparator itself only ever decides {@link #PASS} or {@link #FAIL};
 * {@link #ERROR} is for callers (runner, CLI) whose run could not be compared at all, so that one
 * enum covers every line of a summary.
 */
public enum Verdict {
    PASS, FAIL, ERROR
}
