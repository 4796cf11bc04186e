package org.schedlab.runner.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class WindowDecayTest {

    /** Runs of equal lengths with cut windows between them, as interval and warm-up boundaries make them. */
    @Test
    void factor_anySequenceOfLengths_sameBitsAsMathExp() {
        SplittableRandom r = new SplittableRandom(11);
        for (double tau : new double[] {100_000, 5_000_000, 1}) {
            WindowDecay decay = new WindowDecay(tau);
            for (int i = 0; i < 20_000; i++) {
                long len = r.nextInt(4) == 0 ? r.nextLong(1, 250) : 250;
                assertEquals(Double.doubleToRawLongBits(Math.exp(-len / tau)),
                        Double.doubleToRawLongBits(decay.factor(len)), "tau " + tau + ", length " + len);
            }
        }
    }

    @Test
    void constructor_nonPositiveTimeConstant_rejected() {
        assertThrows(IllegalArgumentException.class, () -> new WindowDecay(0));
        assertThrows(IllegalArgumentException.class, () -> new WindowDecay(Double.NaN));
    }
}
