package org.schedlab.cell;

import java.util.Objects;
import java.util.Optional;
import org.schedlab.comparator.Comparison;
import org.schedlab.comparator.Verdict;

/**
 * What a trial produced: the comparison with the run's metrics beside it, or why the run failed.
 * Exactly one of the two is there; the accessors are Optionals so a report can treat both alike.
 */
public record TrialResult(Optional<Comparison> comparison, Optional<RunMetrics> metrics, Optional<String> error) {

    public TrialResult {
        Objects.requireNonNull(comparison, "comparison");
        Objects.requireNonNull(metrics, "metrics");
        Objects.requireNonNull(error, "error");
        if (comparison.isPresent() != metrics.isPresent() || comparison.isPresent() == error.isPresent()) {
            throw new IllegalArgumentException("a trial has a comparison and metrics, or an error, not both");
        }
    }

    public static TrialResult completed(Comparison comparison, RunMetrics metrics) {
        return new TrialResult(Optional.of(comparison), Optional.of(metrics), Optional.empty());
    }

    public static TrialResult failed(String error) {
        return new TrialResult(Optional.empty(), Optional.empty(), Optional.of(error));
    }

    /** PASS or FAIL from the comparison; ERROR when the run failed. */
    public Verdict verdict() {
        return comparison.map(Comparison::verdict).orElse(Verdict.ERROR);
    }

    /** Mean counted interval error, NaN when the run failed. */
    public double meanErrorPct() {
        return comparison.map(Comparison::meanErrorPct).orElse(Double.NaN);
    }

    /** Largest counted interval error, NaN when the run failed. */
    public double maxErrorPct() {
        return comparison.map(Comparison::maxErrorPct).orElse(Double.NaN);
    }

    /** The run's mean dispatch delay, NaN when the run failed. */
    public double meanDispatchDelayUs() {
        return metrics.map(RunMetrics::meanDispatchDelayUs).orElse(Double.NaN);
    }
}
