package org.schedlab.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class NumbersTest {

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
}
