package org.schedlab.solver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.schedlab.core.Demand;
import org.schedlab.core.Problem;
import org.schedlab.core.User;
import org.schedlab.core.VirtualCpu;
import org.schedlab.testkit.RandomProblems;

/**
 * {@link Solver#prepare}: a problem laid out once and solved again for other demands gives, bit for bit, the
 * answers {@link Solver#solve} gives the problem rebuilt with those demands, however many times it is solved
 * and in whatever order (a fill must leave nothing behind for the next).
 */
class SolverPreparedTest {

    @Test
    void correct_randomDemandsSolvedAgain_sameBitsAsSolvingTheRebuiltProblem() {
        for (long seed = 0; seed < 400; seed++) {
            Problem problem = seed % 2 == 0
                    ? RandomProblems.generate(seed, 1 + (int) (seed % 40))
                    : RandomProblems.small(seed, RandomProblems.Demands.MOSTLY_FINITE);
            Solver.Prepared prepared = Solver.prepare(problem);
            Random random = new Random(seed);
            for (int round = 0; round < 4; round++) {
                double[] demand = new double[prepared.running()];
                Problem rebuilt = withDemands(problem, demand, random);
                double[] expected = Solver.solve(rebuilt).running().stream().mapToDouble(VcpuAnswer::correct)
                        .toArray();
                long s = seed;
                int r = round;
                assertArrayEquals(expected, prepared.correct(demand), () -> "seed " + s + " round " + r);
            }
        }
    }

    @Test
    void correct_ownDemands_sameBitsAsSolve() {
        for (long seed = 0; seed < 200; seed++) {
            Problem problem = RandomProblems.generate(seed, 1 + (int) (seed % 60));
            double[] own = problem.users().stream().flatMap(u -> u.vcpus().stream()).filter(v -> !v.stopped())
                    .mapToDouble(v -> v.demand().cap()).toArray();
            double[] expected = Solver.solve(problem).running().stream().mapToDouble(VcpuAnswer::correct).toArray();
            assertArrayEquals(expected, Solver.prepare(problem).correct(own), "seed " + seed);
        }
    }

    @Test
    void correct_wrongLength_saysHowManyAreExpected() {
        Solver.Prepared prepared = Solver.prepare(RandomProblems.generate(3, 5));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> prepared.correct(new double[prepared.running() + 1]));
        assertEquals("expected " + prepared.running() + " demands, one per running virtual CPU, got "
                + (prepared.running() + 1), e.getMessage());
    }

    /** The problem with new random demands (a quarter of them {@code *}); fills {@code demand} with their caps. */
    private static Problem withDemands(Problem problem, double[] demand, Random random) {
        List<User> users = new ArrayList<>();
        int k = 0;
        for (User u : problem.users()) {
            List<VirtualCpu> vcpus = new ArrayList<>();
            for (VirtualCpu c : u.vcpus()) {
                if (c.stopped()) {
                    vcpus.add(c);
                    continue;
                }
                Demand d = random.nextInt(4) == 0 ? Demand.UNBOUNDED : Demand.of(100 * random.nextDouble());
                demand[k++] = d.cap();
                vcpus.add(new VirtualCpu(c.address(), c.type(), d, false, c.location()));
            }
            users.add(new User(u.name(), u.shares(), u.cpuPool(), u.cpuAffinity(), vcpus, u.location()));
        }
        return new Problem(problem.name(), problem.partition(), users, problem.runControl(), problem.location());
    }
}
