package org.schedlab.comparator;

/**
 * The error of one measurement interval.
 *
 * @param errorPct 100 × |o − c| / |c|, or |o − c| itself (percent of one CPU) when the correct vector is
 *                 all zero; see {@link Comparison#relative()}
 * @param counted  false for an interval that starts inside the warm-up: listed, but not in mean or max
 */
public record IntervalError(double startS, double endS, double errorPct, boolean counted) {

    public IntervalError {
        if (!Double.isFinite(startS) || !Double.isFinite(endS) || !(endS > startS)) {
            throw new IllegalArgumentException("an interval needs finite start < end, got " + startS + ".." + endS);
        }
        if (!(errorPct >= 0) || !Double.isFinite(errorPct)) {
            throw new IllegalArgumentException("an error is a non-negative number, got " + errorPct);
        }
    }

    /** The interval's weight in the mean error. */
    public double lengthS() {
        return endS - startS;
    }
}
