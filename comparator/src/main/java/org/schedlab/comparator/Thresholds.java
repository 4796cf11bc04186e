package org.schedlab.comparator;

import java.util.Objects;
import java.util.OptionalDouble;
import org.schedlab.core.Numbers;

/**
 * When a run passes: its max interval error is at most {@code maxErrorPct} and, if set, its mean
 * error at most {@code meanErrorPct}. The default, max 5% and no mean threshold, is the one rule that
 * reproduces every verdict of the z/VM report (see docs/comparator.md).
 */
public record Thresholds(double maxErrorPct, OptionalDouble meanErrorPct) {

    public static final double DEFAULT_MAX_ERROR_PCT = 5;

    public static final Thresholds DEFAULT = new Thresholds(DEFAULT_MAX_ERROR_PCT, OptionalDouble.empty());

    public Thresholds {
        Objects.requireNonNull(meanErrorPct, "meanErrorPct");
        requireThreshold("max error threshold", maxErrorPct);
        if (meanErrorPct.isPresent()) {
            requireThreshold("mean error threshold", meanErrorPct.getAsDouble());
        }
    }

    /** Same max threshold, with a mean threshold as well. */
    public Thresholds withMeanErrorPct(double mean) {
        return new Thresholds(maxErrorPct, OptionalDouble.of(mean));
    }

    /**
     * Judged on the figures as printed (nine decimals), so that a report never shows
     * {@code max 5} next to FAIL because the unrounded value was 5.000000000001.
     */
    public Verdict judge(double meanErrorPct, double maxErrorPct) {
        boolean pass = printed(maxErrorPct) <= this.maxErrorPct
                && (this.meanErrorPct.isEmpty() || printed(meanErrorPct) <= this.meanErrorPct.getAsDouble());
        return pass ? Verdict.PASS : Verdict.FAIL;
    }

    private static double printed(double value) {
        return Double.parseDouble(Numbers.format(value));
    }

    private static void requireThreshold(String what, double value) {
        if (!(value >= 0) || !Double.isFinite(value)) {
            throw new IllegalArgumentException(what + " must be a non-negative number, got " + value);
        }
    }
}
