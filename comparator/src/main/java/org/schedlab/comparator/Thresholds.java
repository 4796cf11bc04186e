package org.schedlab.comparator;

import java.util.Objects;
import java.util.OptionalDouble;
import org.schedlab.core.Numbers;

/**
 * When a run passes: its max interval error is at most {@code maxErrorPct} and, if set, its mean
 * error at most {@code meanErrorPct}. The default, max 5% and no mean threshold, is the one rule that
 * reproduces every verdict of the z/VM report (see docs/comparator.md).
 *
 * <p>For a problem that changes while it runs, every change must also be followed by a <em>settling</em>
 * of its error within {@code settleS} seconds: the time from the change until the interval error is within
 * {@code maxErrorPct} and stays there for the rest of the phase ({@link PhaseComparison}).
 *
 * @param settleS the settle limit, seconds; static problems never use it
 */
public record Thresholds(double maxErrorPct, OptionalDouble meanErrorPct, double settleS) {

    public static final double DEFAULT_MAX_ERROR_PCT = 5;

    /**
     * Five seconds from a change to an error within the threshold for good: a few measurement intervals of
     * the default length, and a scheduler that re-targets its entitlements at a change reaches its new
     * answer well within it (docs/comparator.md gives the figures).
     */
    public static final double DEFAULT_SETTLE_S = 5;

    public static final Thresholds DEFAULT = new Thresholds(DEFAULT_MAX_ERROR_PCT, OptionalDouble.empty());

    public Thresholds {
        Objects.requireNonNull(meanErrorPct, "meanErrorPct");
        requireThreshold("max error threshold", maxErrorPct);
        if (meanErrorPct.isPresent()) {
            requireThreshold("mean error threshold", meanErrorPct.getAsDouble());
        }
        requireThreshold("settle limit", settleS);
    }

    /** With the default settle limit, {@link #DEFAULT_SETTLE_S}. */
    public Thresholds(double maxErrorPct, OptionalDouble meanErrorPct) {
        this(maxErrorPct, meanErrorPct, DEFAULT_SETTLE_S);
    }

    /** Same max threshold and settle limit, with a mean threshold as well. */
    public Thresholds withMeanErrorPct(double mean) {
        return new Thresholds(maxErrorPct, OptionalDouble.of(mean), settleS);
    }

    /** Same error thresholds, with another settle limit. */
    public Thresholds withSettleS(double settle) {
        return new Thresholds(maxErrorPct, meanErrorPct, settle);
    }

    /**
     * Judged on the figures as printed (nine decimals), so that a report never shows
     * {@code max 5} next to FAIL because the unrounded value was 5.000000000001.
     */
    public Verdict judge(double meanErrorPct, double maxErrorPct) {
        boolean pass = within(maxErrorPct) && meanWithin(meanErrorPct);
        return pass ? Verdict.PASS : Verdict.FAIL;
    }

    /** Whether an interval error is within the max threshold, as printed: the test of settling. */
    public boolean within(double errorPct) {
        return printed(errorPct) <= maxErrorPct;
    }

    /** Whether a mean error passes the mean threshold, as printed; always, when none is set. */
    public boolean meanWithin(double meanErrorPct) {
        return this.meanErrorPct.isEmpty() || printed(meanErrorPct) <= this.meanErrorPct.getAsDouble();
    }

    /** Whether a settling time is within the settle limit, as printed. */
    public boolean settlesInTime(double settleS) {
        return printed(settleS) <= this.settleS;
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
