package org.schedlab.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.schedlab.cell.EtrSummary;
import org.schedlab.cell.Expectations.Expected;
import org.schedlab.cell.TestCase;
import org.schedlab.cell.TestResult;
import org.schedlab.cell.TrialResult;
import org.schedlab.comparator.Thresholds;
import org.schedlab.core.InputException;
import org.schedlab.core.Scenario;
import org.schedlab.grammar.ScenarioParser;
import org.schedlab.runner.policy.Policies;

/**
 * Three checks of J1, as {@code schedlab test} would list them: a PASS, a FAIL that was expected, and
 * a run that failed although PASS was expected.
 */
final class TestsFixture {

    static final List<ReportFormat> FORMATS = List.of(ReportFormat.TEXT, ReportFormat.JSON, ReportFormat.MARKDOWN,
            ReportFormat.JUNIT_XML);

    static final Thresholds THRESHOLDS = Thresholds.DEFAULT.withMeanErrorPct(2.5);

    private TestsFixture() {
    }

    static List<TestResult> results() {
        Scenario s;
        try {
            s = ScenarioParser.parse("J1.scn", Samples.J1);
        } catch (InputException e) {
            throw new AssertionError(e);
        }
        TrialResult pass = TrialResult.completed(Samples.j1Comparison(), Samples.metrics(new EtrSummary(2, 10, 0.5), 815.5));
        TrialResult error = TrialResult.failed("policy <x> threw \"boom\" & stopped");
        return List.of(
                new TestResult(testCase(s, "fair"), pass, Optional.empty(), 0.25),
                new TestResult(testCase(s, "zvm63"), pass, Optional.of(Expected.FAIL), 0.5),
                new TestResult(testCase(s, "zvm64"), error, Optional.empty(), 0.125));
    }

    private static TestCase testCase(Scenario s, String policy) {
        return new TestCase(Path.of("J1.scn"), s, s.problems().get(0), Policies.create(policy), OptionalLong.empty());
    }
}
