package org.schedlab.core;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The numeric conventions every module shares: percent and fraction ({@link #percentToFraction},
 * {@link #fractionToPercent}), the tolerance below which two computed figures are equal ({@link #TOLERANCE}),
 * and the stable decimal rendering of figures for every output schedlab writes (text, JSON, CSV).
 *
 * <p>Rendering is plain notation, rounded half-even to a fixed number of places, trailing zeros removed.
 * Byte-identical output across runs and platforms depends on going through here.
 *
 * <p>The rounding is that of the double's exact binary value, as {@code new BigDecimal(value).setScale(places,
 * HALF_EVEN)} gives it, but computed in 128-bit integer arithmetic: a double is {@code m × 2^e}, so
 * {@code value × 10^places} is {@code m × 10^places} (under 2^113) shifted by {@code e}, and the bits shifted
 * out decide the rounding exactly. Values whose scaled magnitude does not fit a {@code long} (above about
 * 9.2e9 at nine places) go through {@link BigDecimal}. The answers of a large problem are millions of numbers,
 * and formatting every one through BigDecimal would cost more than parsing the problem.
 */
public final class Numbers {

    /** Places kept in machine-readable output: answers are exact to {@link #TOLERANCE}. */
    public static final int MACHINE_PLACES = 9;

    /**
     * Two computed figures (percents of a CPU, CPUs) closer than this are the same figure: far above the rounding
     * error of the sums that compute them, far below the tenth of a percent the scenario language can write, and
     * the last place machine-readable output keeps. Used to round a figure that should be whole but came out of a
     * sum a hair below it, and to ignore such hairs in comparisons.
     */
    public static final double TOLERANCE = 1e-9;

    private static final long[] POW10 = new long[19];

    static {
        POW10[0] = 1;
        for (int i = 1; i < POW10.length; i++) {
            POW10[i] = POW10[i - 1] * 10;
        }
    }

    private Numbers() {
    }

    /**
     * {@code percent / 100}: a percent as a fraction, or a percent of one CPU as CPUs. Exactly that division, not
     * a multiplication by 0.01 (which rounds differently), so results stay what they were when written inline.
     */
    public static double percentToFraction(double percent) {
        return percent / 100;
    }

    /** {@code 100 * fraction}: a fraction as a percent, or CPUs as a percent of one CPU. */
    public static double fractionToPercent(double fraction) {
        return 100 * fraction;
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
        long q = scaled(value, places);
        if (q < 0) {
            BigDecimal d = new BigDecimal(value).setScale(places, RoundingMode.HALF_EVEN).stripTrailingZeros();
            return d.signum() == 0 ? "0" : d.toPlainString();
        }
        if (q == 0) {
            return "0";
        }
        return render(value < 0, q, places, true);
    }

    /** Fixed number of places, for aligned tables: {@code fixed(14.8333, 3)} is {@code 14.833}. */
    public static String fixed(double value, int places) {
        long q = Double.isNaN(value) || Double.isInfinite(value) ? -1 : scaled(value, places);
        if (q < 0) {
            BigDecimal d = new BigDecimal(value).setScale(places, RoundingMode.HALF_EVEN);
            if (d.signum() == 0) {
                d = d.abs();
            }
            return d.toPlainString();
        }
        return render(value < 0 && q != 0, q, places, false);
    }

    /**
     * {@code |value| × 10^places} rounded half-even, or -1 when that does not fit a long (or places is outside
     * 0..18): the caller falls back to BigDecimal.
     */
    private static long scaled(double value, int places) {
        if (places < 0 || places >= POW10.length) {
            return -1;
        }
        long bits = Double.doubleToRawLongBits(value);
        int exp = (int) ((bits >>> 52) & 0x7ff);
        long m = bits & ((1L << 52) - 1);
        if (exp == 0) {
            exp = 1;
        } else {
            m |= 1L << 52;
        }
        int e = exp - 1075;
        if (m == 0) {
            return 0;
        }
        long p = POW10[places];
        // N = m × 10^places as 128 bits (hi:lo), under 2^53 × 2^60.
        long lo = m * p;
        long hi = Math.multiplyHigh(m, p);
        if (e >= 0) {
            if (hi != 0 || lo < 0 || e >= 63 || (lo >>> (63 - e)) != 0) {
                return -1;
            }
            return lo << e;
        }
        int k = -e;
        if (k >= 128) {
            return 0;
        }
        long q;
        long remHi;
        long remLo;
        long halfHi;
        long halfLo;
        if (k < 64) {
            if ((hi >>> k) != 0) {
                return -1;
            }
            q = (lo >>> k) | (k == 0 ? 0 : hi << (64 - k));
            remHi = 0;
            remLo = lo & ((1L << k) - 1);
            halfHi = 0;
            halfLo = 1L << (k - 1);
        } else {
            int s = k - 64;
            q = hi >>> s;
            remHi = s == 0 ? 0 : hi & ((1L << s) - 1);
            remLo = lo;
            halfHi = s == 0 ? 0 : 1L << (s - 1);
            halfLo = s == 0 ? Long.MIN_VALUE : 0;
        }
        if (q < 0) {
            return -1;
        }
        int c = remHi != halfHi ? Long.compareUnsigned(remHi, halfHi) : Long.compareUnsigned(remLo, halfLo);
        if (c > 0 || (c == 0 && (q & 1) != 0)) {
            q++;
            if (q < 0) {
                return -1;
            }
        }
        return q;
    }

    private static String render(boolean negative, long q, int places, boolean strip) {
        long whole = q / POW10[places];
        long frac = q % POW10[places];
        StringBuilder b = new StringBuilder(24);
        if (negative) {
            b.append('-');
        }
        b.append(whole);
        int digits = places;
        if (strip) {
            while (digits > 0 && frac % 10 == 0) {
                frac /= 10;
                digits--;
            }
        }
        if (digits > 0) {
            b.append('.');
            String f = Long.toString(frac);
            for (int i = f.length(); i < digits; i++) {
                b.append('0');
            }
            b.append(f);
        }
        return b.toString();
    }
}
