package org.schedlab.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.schedlab.core.InputException;
import org.schedlab.core.io.Utf8Text;
import org.schedlab.report.MergedReport;
import org.schedlab.report.ReportFormat;
import org.schedlab.report.TestResultsJson;

/**
 * Fuzzes what {@code schedlab merge} reads, a test's or a shard's JSON: whatever the bytes, reading ends in a
 * document or an {@link InputException}, merging a document alone (and twice, as two of one plan) ends in
 * results or an {@link InputException}, and merged results are written in every layout merge writes. Anything
 * else thrown is a defect. Seeds: the inputs in {@code TestResultsJsonFuzzTestInputs/}, written by
 * {@code schedlab test --format json} with and without {@code --shard}. docs/fuzzing.md has the commands.
 */
class TestResultsJsonFuzzTest {

    @FuzzTest(maxDuration = FuzzTargets.MAX_DURATION)
    void readAndMerge_anyBytes_resultsOrInputError(byte[] data) throws IOException {
        TestResultsJson.Document doc;
        try {
            doc = TestResultsJson.parse("fuzz.json",
                    Utf8Text.read("fuzz.json", new ByteArrayInputStream(data), TestResultsJson.LIMITS));
        } catch (InputException expected) {
            FuzzTargets.assertDiagnosed(expected);
            return;
        }
        for (List<TestResultsJson.Document> docs : List.of(List.of(doc), List.of(doc, doc))) {
            TestResultsJson.Merged merged;
            try {
                merged = TestResultsJson.merge(docs);
            } catch (InputException expected) {
                FuzzTargets.assertDiagnosed(expected);
                continue;
            }
            for (ReportFormat f : List.of(ReportFormat.TEXT, ReportFormat.JSON, ReportFormat.MARKDOWN,
                    ReportFormat.JUNIT_XML)) {
                MergedReport.write(new PrintWriter(new StringWriter()), f, merged);
            }
        }
    }
}
