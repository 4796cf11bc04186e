package org.schedlab.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.schedlab.core.Problem;
import org.schedlab.testkit.RandomProblems;

/** The event-driven solver against the naive {@link ReferenceSolver} on small random problems. */
class SolverCrossCheckTest {

    private static final int PROBLEMS = 2000;
    private static final double CLOSE = 1e-7;

    @Test
    void solve_smallRandomProblems_matchesNaiveReference() {
        for (long seed = 0; seed < PROBLEMS; seed++) {
            Problem problem = RandomProblems.generate(seed, 1 + (int) (seed % 12));
            Solution solution = Solver.solve(problem);
            ReferenceSolver.Result reference = ReferenceSolver.solve(problem);
            List<VcpuAnswer> answers = solution.vcpus();
            for (int i = 0; i < answers.size(); i++) {
                long s = seed;
                int v = i;
                assertEquals(reference.correct()[i], answers.get(i).correct(), CLOSE,
                        () -> "seed " + s + " " + answers.get(v).id());
            }
            assertEquals(reference.buckets().size(), solution.buckets().size(), "seed " + seed);
            for (Bucket b : solution.buckets()) {
                double[] expected = reference.buckets().get(b.id());
                assertEquals(expected[0], b.entitlement(), 1e-9, "seed " + seed + " entitlement " + b.id());
                assertEquals(expected[1], b.limit(), 1e-9, "seed " + seed + " limit " + b.id());
            }
        }
    }

    @Test
    void solve_manyVcpusPerUser_matchesNaiveReference() {
        RandomProblems.Mix crowded = new RandomProblems.Mix(12, 0.2, 0.3, 0.4, 0.5, 0.4, 0.15, 0.3);
        for (long seed = 0; seed < 300; seed++) {
            Problem problem = RandomProblems.generate(seed, 10 + (int) (seed % 30), crowded);
            double[] expected = ReferenceSolver.solve(problem).correct();
            List<VcpuAnswer> answers = Solver.solve(problem).vcpus();
            for (int i = 0; i < answers.size(); i++) {
                assertEquals(expected[i], answers.get(i).correct(), CLOSE, "seed " + seed + " " + answers.get(i).id());
            }
        }
    }
}
