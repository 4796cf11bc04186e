package org.schedlab.cell;

import java.util.Objects;
import java.util.Optional;
import org.schedlab.cell.Expectations.Expected;
import org.schedlab.comparator.Verdict;

/**
 * A {@link TestCase} run and judged: the trial's figures, the expectation it was held to, and the wall
 * time it took (for reports that show it; it never decides anything).
 *
 * @param seed     the seed the run used (the case's own, else the run configuration's)
 * @param expected empty when no expectation names the case: it is then expected to PASS
 */
public record TestResult(TestCase testCase, long seed, TrialResult trial, Optional<Expected> expected,
                         double wallSeconds) {

    public TestResult {
        Objects.requireNonNull(testCase, "testCase");
        Objects.requireNonNull(trial, "trial");
        Objects.requireNonNull(expected, "expected");
        if (!(wallSeconds >= 0)) {
            throw new IllegalArgumentException("wall time must be non-negative, got " + wallSeconds);
        }
    }

    /** The scenario's file as it names itself in diagnostics. */
    public String file() {
        return testCase.scenario().file();
    }

    public String problem() {
        return testCase.problem().name();
    }

    public String policy() {
        return testCase.policySpec();
    }

    public Verdict verdict() {
        return trial.verdict();
    }

    /** The expectation applied: the listed one, else PASS. */
    public Expected expectation() {
        return expected.orElse(Expected.PASS);
    }

    /** Whether the verdict is the expected one; ANY accepts every verdict but ERROR. */
    public boolean asExpected() {
        return switch (expectation()) {
            case ANY -> trial.error().isEmpty();
            case PASS -> verdict() == Verdict.PASS;
            case FAIL -> verdict() == Verdict.FAIL;
        };
    }
}
