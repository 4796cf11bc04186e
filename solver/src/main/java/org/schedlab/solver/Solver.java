package org.schedlab.solver;

import org.schedlab.core.Problem;

/** Computes the correct CPU consumption of every virtual CPU of a problem (see solver.md). */
public final class Solver {

    private Solver() {
    }

    public static Solution solve(Problem problem) {
        throw new UnsupportedOperationException("solver not written yet");
    }
}
