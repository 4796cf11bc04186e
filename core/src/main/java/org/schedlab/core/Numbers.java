package org.schedlab.core;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Stable decimal rendering of figures for every output schedlab writes (text, JSON, CSV):
 * plain notation, rounded half-even to a fixed number of places, trailing zeros removed.
 * Byte-identical output across runs and platforms depends on going through here.
 */
public final class Numbers {

    /** Places kept in machine-readable output: answers are exact to 1e-9. */
    public static final int MACHINE_PLACES = 9;

    private Numbers() {
    }

    /** {@code 50}, {@code 14.833333333}, {@code 0.5}: up to nine decimals, no exponent. */
    public static String format(double value) {
        return format(value, MACHINE_PLACES);
    }

    /** Rounded to {@code places}, trailing zeros stripped, never {@code -0}. */
    public static String format(double value, int places) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("not a finite number: " + value);
        }
        BigDecimal d = new BigDecimal(value).setScale(places, RoundingMode.HALF_EVEN).stripTrailingZeros();
        if (d.signum() == 0) {
            return "0";
        }
        return d.toPlainString();
    }

    /** Fixed number of places, for aligned tables: {@code fixed(14.8333, 3)} is {@code 14.833}. */
    public static String fixed(double value, int places) {
        BigDecimal d = new BigDecimal(value).setScale(places, RoundingMode.HALF_EVEN);
        if (d.signum() == 0) {
            d = d.abs();
        }
        return d.toPlainString();
    }
}
