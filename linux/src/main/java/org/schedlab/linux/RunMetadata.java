package org.schedlab.linux;

import java.util.List;
import java.util.Objects;
import org.schedlab.linux.mapping.LogicalCpu;
import org.schedlab.linux.measure.Disturbance;

/**
 * What a run on the kernel says about where it ran, beside its results.
 *
 * @param kernel              the kernel release ({@code uname -r})
 * @param cgroupVersion       1 or 2
 * @param schedExt            the {@code sched_ext} scheduler in charge, or {@code none} (the fair class)
 * @param runGroup            the run group's name (removed by now)
 * @param cpus                which host CPU stood for each logical CPU
 * @param idleSource          where idle time was read from, with its resolution
 * @param disturbance         the rule applied
 * @param intervals           every interval of the run
 * @param countedIntervals    intervals after the warm-up
 * @param disturbedIntervals  of those, the disturbed ones
 * @param meanForeignPct      foreign time over the intervals after the warm-up, percent of the partition's capacity
 * @param maxForeignPct       the largest interval's foreign time
 * @param meanStealPct        steal, as foreign time
 * @param maxExcessPct        the largest interval's excess (the disturbance figure)
 * @param swept               run groups of killed runs this run removed before it started
 */
public record RunMetadata(String kernel, int cgroupVersion, String schedExt, String runGroup, List<LogicalCpu> cpus,
                          String idleSource, Disturbance disturbance, int intervals, int countedIntervals,
                          int disturbedIntervals, double meanForeignPct, double maxForeignPct, double meanStealPct,
                          double maxExcessPct, List<String> swept) {

    public RunMetadata {
        Objects.requireNonNull(kernel, "kernel");
        Objects.requireNonNull(schedExt, "schedExt");
        Objects.requireNonNull(runGroup, "runGroup");
        Objects.requireNonNull(idleSource, "idleSource");
        Objects.requireNonNull(disturbance, "disturbance");
        cpus = List.copyOf(cpus);
        swept = List.copyOf(swept);
    }

    /** Intervals after the warm-up that count for the verdict. */
    public int undisturbedIntervals() {
        return countedIntervals - disturbedIntervals;
    }
}
