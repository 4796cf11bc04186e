package org.schedlab.linux;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.schedlab.linux.measure.IntervalNoise;
import org.schedlab.runner.result.RunSummary;

/**
 * A finished run on the kernel: the model's summary type (delays, logical CPUs, buckets, over the undisturbed
 * intervals after the warm-up; over all intervals after the warm-up when the run ends in error), the run's metadata,
 * each interval's noise, and, when the machine disturbed too many intervals, the error the run ends in instead of a
 * verdict.
 *
 * @param error present when fewer intervals than {@link org.schedlab.linux.measure.Disturbance#minUndisturbed}
 *              were undisturbed: one line, "the machine did not give the partition its CPUs: ..." with the
 *              figures; the run's verdict is then ERROR, not PASS or FAIL
 */
public record LinuxRun(RunSummary summary, RunMetadata metadata, List<IntervalNoise> noise, Optional<String> error) {

    public LinuxRun {
        Objects.requireNonNull(summary, "summary");
        Objects.requireNonNull(metadata, "metadata");
        Objects.requireNonNull(error, "error");
        noise = List.copyOf(noise);
    }
}
