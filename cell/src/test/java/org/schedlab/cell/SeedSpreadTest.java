package org.schedlab.cell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SeedSpreadTest {

    @Test
    void of_oddCount_medianIsTheMiddleValue() {
        // AL1's max errors over seeds 1..8 as issue 7 quotes them, plus a ninth: the median is the fifth of nine.
        assertEquals(Optional.of(new SeedSpread(0, 7.34, 9.63)), SeedSpread.of(9.02, 6.04, 1.68, 7.34, 9.63, 0, 0, 8.77, 7.5));
        assertEquals(Optional.of(new SeedSpread(1.68, 7.34, 9.63)), SeedSpread.of(9.02, 6.04, 1.68, 7.34, 9.63));
    }

    @Test
    void of_evenCount_medianIsTheMeanOfTheTwoMiddleValues() {
        assertEquals(Optional.of(new SeedSpread(1, 2.5, 4)), SeedSpread.of(4, 1, 3, 2));
    }

    @Test
    void of_failedRunsNaN_areLeftOut() {
        assertEquals(Optional.of(new SeedSpread(2, 3, 4)), SeedSpread.of(Double.NaN, 4, 2, Double.NaN));
    }

    @Test
    void of_nothingOrOnlyNaN_isEmpty() {
        assertEquals(Optional.empty(), SeedSpread.of());
        assertEquals(Optional.empty(), SeedSpread.of(Double.NaN, Double.NaN));
    }

    @Test
    void of_randomValues_minMedianMaxOrderedAndTakenFromTheValues() {
        Random r = new Random(7);
        for (int i = 0; i < 500; i++) {
            double[] v = new double[1 + r.nextInt(9)];
            for (int j = 0; j < v.length; j++) {
                v[j] = r.nextInt(4) == 0 ? Double.NaN : r.nextDouble() * 50;
            }
            Optional<SeedSpread> s = SeedSpread.of(v);
            double[] finite = Arrays.stream(v).filter(x -> !Double.isNaN(x)).toArray();
            assertEquals(finite.length == 0, s.isEmpty());
            if (s.isPresent()) {
                assertEquals(Arrays.stream(finite).min().orElseThrow(), s.get().min());
                assertEquals(Arrays.stream(finite).max().orElseThrow(), s.get().max());
                long below = Arrays.stream(finite).filter(x -> x < s.get().median()).count();
                long above = Arrays.stream(finite).filter(x -> x > s.get().median()).count();
                assertTrue(below <= finite.length / 2 && above <= finite.length / 2, Arrays.toString(v));
            }
        }
    }

    @Test
    void constructor_disorderedOrNaN_throws() {
        assertThrows(IllegalArgumentException.class, () -> new SeedSpread(2, 1, 3));
        assertThrows(IllegalArgumentException.class, () -> new SeedSpread(1, 3, 2));
        assertThrows(IllegalArgumentException.class, () -> new SeedSpread(Double.NaN, 1, 2));
    }
}
