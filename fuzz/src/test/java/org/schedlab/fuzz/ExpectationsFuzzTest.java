package org.schedlab.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.schedlab.cell.Expectations;
import org.schedlab.core.InputException;

/**
 * Fuzzes the expectations file ({@code schedlab test --expect}): whatever the bytes, reading ends in
 * expectations or an {@link InputException}; anything else thrown is a defect. Seeds: the library's
 * {@code scenarios/expected.csv}, copied by the build, and the inputs kept in {@code ExpectationsFuzzTestInputs/}.
 * docs/fuzzing.md has the commands.
 */
class ExpectationsFuzzTest {

    @FuzzTest(maxDuration = FuzzTargets.MAX_DURATION)
    void read_anyBytes_expectationsOrInputError(byte[] data) throws IOException {
        try {
            // The reader's stream entry point: decoding and limits included, as for a file.
            Expectations e = Expectations.read("fuzz.csv", new ByteArrayInputStream(data));
            if (e.rows().size() != e.byKey().size()) {
                throw new AssertionError("rows and keys disagree: " + e.rows().size() + " vs " + e.byKey().size());
            }
        } catch (InputException expected) {
            FuzzTargets.assertDiagnosed(expected);
        }
    }
}
