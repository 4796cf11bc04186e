package org.schedlab.comparator;

/**
 * The error of one measurement interval.
 *
 * @param errorPct 100 × |o − c| / |c|, or |o − c| itself (percent of one CPU) when the correct vector is
 *                 all zero; see {@link Comparison#relative()}
 * @param counted   false for an interval that starts inside the warm-up or is disturbed: listed, but not in
 *                  mean or max
 * @param disturbed the machine measured on took the CPUs away in this interval (a run on a real kernel): the
 *                  error is listed but not judged; always false for the model and for measurements read from a file
 */
public record IntervalError(double startS, double endS, double errorPct, boolean counted, boolean disturbed) {

    /** An undisturbed interval. */
    public IntervalError(double startS, double endS, double errorPct, boolean counted) {
        this(startS, endS, errorPct, counted, false);
    }

    public IntervalError {
        if (!Double.isFinite(startS) || !Double.isFinite(endS) || !(endS > startS)) {
            throw new IllegalArgumentException("an interval needs finite start < end, got " + startS + ".." + endS);
        }
        if (!(errorPct >= 0) || !Double.isFinite(errorPct)) {
            throw new IllegalArgumentException("an error is a non-negative number, got " + errorPct);
        }
        if (disturbed && counted) {
            throw new IllegalArgumentException("a disturbed interval is not counted: " + startS + ".." + endS);
        }
    }

    /** The interval's weight in the mean error. */
    public double lengthS() {
        return endS - startS;
    }
}
