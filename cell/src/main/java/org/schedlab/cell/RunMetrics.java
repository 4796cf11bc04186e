package org.schedlab.cell;

import java.util.Objects;
import java.util.Optional;
import org.schedlab.runner.result.RunSummary;

/**
 * What a run measured about itself, apart from what it consumed: the runner's summary (dispatch
 * delays, logical CPUs, limit-list time) and the ETR sampled over the counted intervals. Kept beside
 * the {@link org.schedlab.comparator.Comparison}, so a new runner metric never touches the comparator.
 *
 * @param etr empty when no interval counted (cannot happen for a comparable run, but the type says so)
 */
public record RunMetrics(RunSummary summary, Optional<EtrSummary> etr) {

    public RunMetrics {
        Objects.requireNonNull(summary, "summary");
        Objects.requireNonNull(etr, "etr");
    }

    /** Mean dispatch delay over every virtual CPU's dispatches after the warm-up. */
    public double meanDispatchDelayUs() {
        return summary.meanDispatchDelayUs();
    }
}
