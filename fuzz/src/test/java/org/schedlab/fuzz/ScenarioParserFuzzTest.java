package org.schedlab.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import org.schedlab.core.InputException;
import org.schedlab.grammar.ScenarioParser;

/**
 * Fuzzes the scenario parser: whatever the bytes, parsing ends in a scenario or an
 * {@link InputException}; anything else thrown (a runtime exception, a stack overflow) is a defect
 * and fails the test. Seeds: the library's {@code scenarios/*.scn}, copied by the build, and any
 * inputs kept in {@code ScenarioParserFuzzTestInputs/}. docs/fuzzing.md has the commands.
 */
class ScenarioParserFuzzTest {

    @FuzzTest(maxDuration = FuzzTargets.MAX_DURATION)
    void parse_anyBytes_scenarioOrInputError(byte[] data) {
        // Malformed UTF-8 becomes U+FFFD here: decoding is the file reader's job, the grammar's is text.
        String text = new String(data, StandardCharsets.UTF_8);
        try {
            ScenarioParser.parse("fuzz.scn", text);
        } catch (InputException expected) {
            FuzzTargets.assertDiagnosed(expected);
        }
    }
}
