package org.schedlab.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.schedlab.core.InputException;
import org.schedlab.core.Problem;
import org.schedlab.core.Unlocated;
import org.schedlab.grammar.ScenarioParser;
import org.schedlab.grammar.ScenarioWriter;
import org.schedlab.testkit.RandomProblems;

/**
 * Generated problems saved as scenario text read back as the same model: every feature the generator
 * mixes (absolute and relative shares with decimals, limits of both modes, CPU pools of both kinds with
 * fractional capacities, SMT, affinity OFF, stopped virtual CPUs, types the partition lacks) survives
 * the writer and the parser.
 */
class RandomProblemsRoundTripTest {

    private static final List<RandomProblems.Mix> MIXES = List.of(
            RandomProblems.Mix.DEFAULT,
            // Every feature at once, often.
            new RandomProblems.Mix(8, 0.5, 0.9, 0.9, 0.5, 0.9, 0.5, 0.9),
            // None of the optional features.
            new RandomProblems.Mix(1, 0, 0, 0, 0, 0, 0, 0),
            // Many virtual CPUs per user, addresses past 9.
            new RandomProblems.Mix(64, 0.1, 0.5, 0.5, 0.5, 0.5, 0.2, 0.5));

    @Test
    void writeThenParse_randomProblems_sameModel() throws InputException {
        int checked = 0;
        for (RandomProblems.Mix mix : MIXES) {
            for (long seed = 0; seed < 1000; seed++) {
                Problem p = RandomProblems.generate(seed, 1 + (int) (seed % 40), mix);
                String text = ScenarioWriter.write(p);
                Problem back = ScenarioParser.parse("generated.scn", text).problems().get(0);
                assertEquals(Unlocated.of(p), Unlocated.of(back), text);
                assertEquals(text, ScenarioWriter.write(back), "write is not a fixed point");
                checked++;
            }
        }
        assertEquals(4000, checked);
    }
}
