package org.schedlab.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class NumbersTest {

    @Test
    void percentConversions_randomValues_bitIdenticalToTheInlineArithmetic() {
        SplittableRandom r = new SplittableRandom(24);
        int multiplicationDiffers = 0;
        for (int i = 0; i < 100_000; i++) {
            double x = i % 2 == 0 ? r.nextDouble() * 10_000 : Double.longBitsToDouble(r.nextLong() >>> 2);
            assertEquals(Double.doubleToLongBits(x / 100), Double.doubleToLongBits(Numbers.percentToFraction(x)));
            assertEquals(Double.doubleToLongBits(x * 100), Double.doubleToLongBits(Numbers.fractionToPercent(x)));
            if (x * 0.01 != x / 100) {
                multiplicationDiffers++;
            }
        }
        assertTrue(multiplicationDiffers > 0, "x * 0.01 would not be a safe replacement: it rounds differently");
    }

    @Test
    void tolerance_belowTheLastMachinePlace() {
        assertEquals("0", Numbers.format(Numbers.TOLERANCE * 0.4));
        assertEquals("0.000000001", Numbers.format(Numbers.TOLERANCE));
    }

    @Test
    void format_wholeAndFractional_plainWithoutTrailingZeros() {
        assertEquals("50", Numbers.format(50.0));
        assertEquals("14.833333333", Numbers.format(89.0 / 6));
        assertEquals("0.5", Numbers.format(0.5));
        assertEquals("0.000001", Numbers.format(1e-6));
        assertEquals("123456789", Numbers.format(123456789.0));
    }

    @Test
    void format_negativeZeroAndTinyNegative_zero() {
        assertEquals("0", Numbers.format(-0.0));
        assertEquals("0", Numbers.format(-1e-12));
    }

    @Test
    void format_notFinite_throws() {
        assertThrows(IllegalArgumentException.class, () -> Numbers.format(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> Numbers.format(Double.POSITIVE_INFINITY));
    }

    @Test
    void fixed_places_padsAndRounds() {
        assertEquals("14.833", Numbers.fixed(89.0 / 6, 3));
        assertEquals("2.000", Numbers.fixed(2, 3));
        assertEquals("0.00", Numbers.fixed(-0.0001, 2));
    }

    private static String formatByBigDecimal(double value, int places) {
        BigDecimal d = new BigDecimal(value).setScale(places, RoundingMode.HALF_EVEN).stripTrailingZeros();
        return d.signum() == 0 ? "0" : d.toPlainString();
    }

    private static String fixedByBigDecimal(double value, int places) {
        BigDecimal d = new BigDecimal(value).setScale(places, RoundingMode.HALF_EVEN);
        return (d.signum() == 0 ? d.abs() : d).toPlainString();
    }

    /** Doubles of every magnitude, ties at every place, neighbours of round decimals, subnormals. */
    private static double randomValue(SplittableRandom r) {
        return switch (r.nextInt(6)) {
            case 0 -> Double.longBitsToDouble(r.nextLong());
            case 1 -> (r.nextBoolean() ? -1 : 1) * r.nextDouble() * Math.pow(10, r.nextInt(-12, 14));
            case 2 -> r.nextLong(-2_000_000_000_000L, 2_000_000_000_000L) / Math.pow(2, r.nextInt(0, 60));
            case 3 -> Math.nextAfter(r.nextLong(-1_000_000, 1_000_000) / 1000.0, r.nextBoolean() ? 1e300 : -1e300);
            case 4 -> r.nextInt(-1000, 1000) * Double.MIN_VALUE;
            default -> (r.nextInt(-100_000, 100_000) + 0.5) / POW2[r.nextInt(POW2.length)];
        };
    }

    private static final double[] POW2 = {1, 2, 4, 8, 16, 1024, 1 << 20};

    @Test
    void format_randomValues_equalToBigDecimalHalfEven() {
        SplittableRandom r = new SplittableRandom(2026);
        for (int i = 0; i < 400_000; i++) {
            double v = randomValue(r);
            if (Double.isNaN(v) || Double.isInfinite(v)) {
                continue;
            }
            int places = r.nextInt(0, 13);
            assertEquals(formatByBigDecimal(v, places), Numbers.format(v, places), v + " at " + places);
            assertEquals(fixedByBigDecimal(v, places), Numbers.fixed(v, places), v + " at " + places);
        }
    }

    @Test
    void format_exactTies_roundHalfEven() {
        assertEquals("0", Numbers.format(0.5, 0));
        assertEquals("2", Numbers.format(1.5, 0));
        assertEquals("2", Numbers.format(2.5, 0));
        assertEquals("0.12", Numbers.format(0.125, 2));
        assertEquals("-0.38", Numbers.format(-0.375, 2));
        assertEquals("1.0000000000", Numbers.fixed(0.99999999999, 10));
    }
}
