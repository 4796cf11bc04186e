package org.schedlab.cell;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.schedlab.core.InputException;
import org.schedlab.core.Problem;
import org.schedlab.grammar.ScenarioParser;
import org.schedlab.solver.Solver;
import org.schedlab.testkit.RandomProblems;
import org.schedlab.testkit.RandomProblems.Demands;

class ScenarioTextTest {

    /** The text must say exactly what the generator made, or a printed failure reproduces nothing. */
    @Test
    void of_randomProblems_parsesBackToTheSameTextAndAnswer() throws InputException {
        for (Demands d : Demands.values()) {
            for (long seed = 0; seed < 200; seed++) {
                Problem p = RandomProblems.small(seed, d);
                String text = ScenarioText.of(p);
                List<Problem> parsed = ScenarioParser.parse("random.scn", text).problems();
                assertEquals(1, parsed.size());
                assertEquals(text, ScenarioText.of(parsed.get(0)), "seed " + seed);
                assertEquals(Solver.solve(p).vcpus().stream().map(v -> v.correct()).toList(),
                        Solver.solve(parsed.get(0)).vcpus().stream().map(v -> v.correct()).toList(), "seed " + seed);
            }
        }
    }
}
