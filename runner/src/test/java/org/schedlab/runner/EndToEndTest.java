package org.schedlab.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.schedlab.core.Problem;
import org.schedlab.grammar.ScenarioParser;
import org.schedlab.solver.Solver;
import org.schedlab.solver.VcpuAnswer;

/** The real parser and solver against the runner: same vector order, fair passes. */
class EndToEndTest {

    @ParameterizedTest
    @ValueSource(strings = {"J1", "J2", "J3", "MZ0", "AL1", "SL3", "MR2"})
    void seedFile_parsedAndSolved_runnerAgreesWithSolver(String name) throws Exception {
        Problem p = ScenarioParser.parse(Path.of("..", "scenarios", name + ".scn")).problems().get(0);
        List<VcpuAnswer> running = Solver.solve(p).running();
        double[] correct = running.stream().mapToDouble(VcpuAnswer::correct).toArray();
        double[] expected = SeedAnswers.CORRECT.get(name);
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], correct[i], 1e-6, running.get(i).id());
        }
        Runs.Result r = Runs.run(p, "fair", Runs.seconds(8));
        assertEquals(correct.length, r.intervals().get(0).vcpus().size());
        if (!name.equals("AL1")) {
            assertTrue(r.error(correct, 2_000_000)[1] <= 2, name);
        }
    }
}
