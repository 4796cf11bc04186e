package org.schedlab.report.chart;

/**
 * A value axis from 0 to a "nice" upper bound (1, 2, 2.5 or 5 times a power of ten, in whole ticks),
 * so that charts of one report share readable scales.
 *
 * @param upper the axis end, a whole number of ticks
 * @param tick  the distance between labelled ticks
 */
public record AxisRange(double lower, double upper, double tick) {

    /** Ticks an axis is aimed to have at most: enough to read a value, few enough to stay legible. */
    static final int MAX_TICKS = 10;

    public AxisRange {
        if (!Double.isFinite(lower) || !Double.isFinite(upper) || !(upper > lower) || !(tick > 0)) {
            throw new IllegalArgumentException("an axis needs finite lower < upper and a positive tick, got "
                    + lower + ".." + upper + " by " + tick);
        }
    }

    /**
     * From 0 to at least {@code max} with some headroom (5%), in nice ticks; a non-positive or NaN max
     * (nothing ran) gives 0..1.
     */
    public static AxisRange upTo(double max) {
        double top = Double.isFinite(max) && max > 0 ? max * 1.05 : 1;
        double tick = niceTick(top / MAX_TICKS);
        double upper = Math.ceil(top / tick - 1e-9) * tick;
        return new AxisRange(0, upper, tick);
    }

    /**
     * Utilization in percent of one CPU: 0..100 by 10 whenever the values fit, so that charts of different
     * runs compare at a glance and 100% (a virtual CPU's most) is the top; more only when a value
     * overshoots (measurements may, slightly) or lines are users' sums.
     */
    public static AxisRange utilization(double maxValue) {
        return maxValue <= 100 ? new AxisRange(0, 100, 10) : upTo(maxValue);
    }

    /**
     * Interval error in percent: the larger of the largest error and the thresholds, so the lines the
     * verdict is drawn against are always in view.
     */
    public static AxisRange error(double maxError, double threshold) {
        return upTo(Math.max(maxError, threshold));
    }

    /** The smallest 1, 2, 2.5 or 5 × 10^k at least {@code raw}. */
    static double niceTick(double raw) {
        if (!(raw > 0) || !Double.isFinite(raw)) {
            throw new IllegalArgumentException("a tick must be positive and finite, got " + raw);
        }
        double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
        for (double m : new double[] {1, 2, 2.5, 5, 10}) {
            if (m * magnitude >= raw * (1 - 1e-12)) {
                return m * magnitude;
            }
        }
        return 10 * magnitude;
    }

    public int ticks() {
        return (int) Math.round((upper - lower) / tick);
    }
}
