package org.schedlab.runner;

import java.util.Map;

/**
 * The solver's answers for the seed scenarios, running virtual CPUs in file order (the report's worked
 * answers, docs/solver.md), written out so runner tests do not take the solver's word for them; {@code EndToEndTest}
 * checks that the solver agrees.
 */
final class SeedAnswers {

    static final Map<String, double[]> CORRECT = Map.of(
            "J1", new double[] {50, 50, 50, 50},
            "J2", new double[] {25, 50, 25, 100},
            "J3", new double[] {24.5, 49, 24.5, 98, 2, 2},
            "MZ0", new double[] {0, 2, 5, 0, 4, 3, 8, 0, 89 / 6.0, 89 / 6.0, 0, 178 / 6.0, 178 / 6.0, 0, 44.5, 44.5},
            "AL1", new double[] {0, 10, 0, 20, 0, 100, 0, 50},
            "SL3", new double[] {0, 2, 0, 88, 0, 10},
            "MR2", new double[] {0, 100, 0, 40});

    private SeedAnswers() {
    }
}
