package org.schedlab.linux.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class DisturbanceTest {

    /** The example in docs/linux.md. */
    @Test
    void runError_tooFewUndisturbed_oneLineWithTheFigures() {
        assertEquals(Optional.of("the machine did not give the partition its CPUs: 15 of 15 intervals after the warm-up "
                        + "were disturbed (other work took up to 2.9% of the partition's CPU time, 2.06% on average, steal "
                        + "0%; the largest excess over what the burners could spare was 2.9%, the bound is 1%), and at "
                        + "least 8 undisturbed are needed"),
                Disturbance.DEFAULT.runError(15, 15, 2.9, 2.06, 0, 2.9));
    }

    @Test
    void runError_halfUndisturbed_none() {
        assertEquals(Optional.empty(), Disturbance.DEFAULT.runError(10, 5, 9, 9, 0, 9));
        assertEquals(Optional.empty(), Disturbance.DEFAULT.runError(1, 0, 0, 0, 0, 0));
        assertEquals(true, Disturbance.DEFAULT.runError(10, 6, 9, 9, 0, 9).isPresent());
        assertEquals(true, Disturbance.DEFAULT.runError(0, 0, 0, 0, 0, 0).isPresent(), "no interval after the warm-up");
    }

    @Test
    void disturbed_aboveTheBoundOnly() {
        assertEquals(false, Disturbance.DEFAULT.disturbed(1));
        assertEquals(true, Disturbance.DEFAULT.disturbed(1.0001));
        assertThrows(IllegalArgumentException.class, () -> new Disturbance(-1, 0.5));
        assertThrows(IllegalArgumentException.class, () -> new Disturbance(1, 1.5));
    }
}
