package org.schedlab.solver;

import java.util.Objects;
import org.schedlab.core.Phase;

/** The solver's answer for one phase of a problem: exactly what {@link Solver#solve} gives its problem then. */
public record PhaseSolution(Phase phase, Solution solution) {

    public PhaseSolution {
        Objects.requireNonNull(phase, "phase");
        Objects.requireNonNull(solution, "solution");
        if (solution.problem() != phase.problem() && !solution.problem().equals(phase.problem())) {
            throw new IllegalArgumentException("the solution of phase " + phase.index() + " is of another problem");
        }
    }
}
