package org.schedlab.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.schedlab.core.Problem;

class RandomProblemsTest {

    @Test
    void generate_sameSeed_sameProblem() {
        assertEquals(RandomProblems.generate(99, 50), RandomProblems.generate(99, 50));
    }

    @Test
    void generate_differentSeeds_differentProblems() {
        assertNotEquals(RandomProblems.generate(1, 50), RandomProblems.generate(2, 50));
    }

    @Test
    void generate_anySize_exactlyThatManyVcpus() {
        for (int n : new int[] {1, 2, 7, 64, 65, 1000}) {
            Problem p = RandomProblems.generate(n, n);
            assertEquals(n, p.vcpus().size());
        }
    }

    @Test
    void generate_noVcpus_rejected() {
        assertThrows(IllegalArgumentException.class, () -> RandomProblems.generate(1, 0));
    }
}
