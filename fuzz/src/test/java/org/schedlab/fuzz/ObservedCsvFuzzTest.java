package org.schedlab.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.schedlab.comparator.ObservedCsv;
import org.schedlab.core.InputException;

/**
 * Fuzzes the observed-CSV import against the solution of one library scenario: whatever the bytes,
 * the import ends in intervals or an {@link InputException}; anything else thrown is a defect.
 * Seeds: the CSVs in {@code ObservedCsvFuzzTestInputs/}, series of {@link FuzzTargets#CSV_SCENARIO}
 * as {@code schedlab run} writes them. docs/fuzzing.md has the commands.
 */
class ObservedCsvFuzzTest {

    @FuzzTest(maxDuration = FuzzTargets.MAX_DURATION)
    void read_anyBytes_intervalsOrInputError(byte[] data) throws IOException {
        try {
            // The import's one public entry point for a stream: re-point here when it changes.
            ObservedCsv.read("fuzz.csv", new InputStreamReader(new ByteArrayInputStream(data), StandardCharsets.UTF_8),
                    FuzzTargets.csvSolution());
        } catch (InputException expected) {
            FuzzTargets.assertDiagnosed(expected);
        }
    }
}
