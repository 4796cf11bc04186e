package org.schedlab.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.schedlab.cell.AggregateResult;
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

    private static Scenario j1() {
        try {
            return ScenarioParser.parse("J1.scn", Samples.J1);
        } catch (InputException e) {
            throw new AssertionError(e);
        }
    }

    /** One seed each: a PASS, a PASS where FAIL was expected, a failed run. */
    static List<AggregateResult> results() {
        Scenario s = j1();
        TrialResult pass = TrialResult.completed(Samples.j1Comparison(), Samples.metrics(new EtrSummary(2, 10, 0.5), 815.5));
        TrialResult error = TrialResult.failed("policy <x> threw \"boom\" & stopped");
        return AggregateResult.group(List.of(
                new TestResult(testCase(s, "fair"), 1, pass, Optional.empty(), 0.25),
                new TestResult(testCase(s, "zvm63"), 1, pass, Optional.of(Expected.FAIL), 0.5),
                new TestResult(testCase(s, "zvm64"), 1, error, Optional.empty(), 0.125)));
    }

    /** A completed J1 trial whose four virtual CPUs each ran {@code observed} (correct 50) and had the delay. */
    static TrialResult trial(double observed, double delayUs) {
        return TrialResult.completed(Samples.j1Comparison(observed), Samples.metrics(new EtrSummary(1, 10, 0), delayUs));
    }

    /**
     * Seeds 1, 2, 3: fair passes on 1 and 3 but fails on 2 (errors 2%, 10%, 1%); zvm64 passes on 1 and 3 and its run
     * fails on 2, with FAIL expected of it.
     */
    static List<AggregateResult> seeded() {
        Scenario s = j1();
        TrialResult error = TrialResult.failed("timed out");
        return AggregateResult.group(List.of(
                new TestResult(testCase(s, "fair", 1), 1, trial(49, 800), Optional.empty(), 0.25),
                new TestResult(testCase(s, "fair", 2), 2, trial(45, 900), Optional.empty(), 0.25),
                new TestResult(testCase(s, "fair", 3), 3, trial(50.5, 700), Optional.empty(), 0.25),
                new TestResult(testCase(s, "zvm64", 1), 1, trial(49, 800), Optional.of(Expected.FAIL), 0.125),
                new TestResult(testCase(s, "zvm64", 2), 2, error, Optional.of(Expected.FAIL), 0.125),
                new TestResult(testCase(s, "zvm64", 3), 3, trial(50, 600), Optional.of(Expected.FAIL), 0.125)));
    }

    private static TestCase testCase(Scenario s, String policy) {
        return new TestCase(Path.of("J1.scn"), s, s.problems().get(0), Policies.create(policy), OptionalLong.empty());
    }

    private static TestCase testCase(Scenario s, String policy, long seed) {
        return new TestCase(Path.of("J1.scn"), s, s.problems().get(0), Policies.create(policy), OptionalLong.of(seed));
    }
}
