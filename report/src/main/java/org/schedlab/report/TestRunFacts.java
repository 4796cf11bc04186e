package org.schedlab.report;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.schedlab.cell.RunSettings;

/**
 * What only the caller of a test plan's run knows, for the formats that show it: how long the run took
 * from start to end, which is less than the sum of its checks' times when they ran in parallel, and the
 * seeds its runs used (a check's own, else its run configuration's), for JUnit XML; the options it was run
 * with, for JSON (which {@code schedlab merge} checks shards by).
 *
 * @param seeds    distinct, in ascending order
 * @param settings empty when the caller does not say
 */
public record TestRunFacts(double wallSeconds, List<Long> seeds, Optional<RunSettings> settings) {

    public TestRunFacts {
        if (!(wallSeconds >= 0) || Double.isInfinite(wallSeconds)) {
            throw new IllegalArgumentException("wall time must be a non-negative number of seconds, got " + wallSeconds);
        }
        seeds = seeds.stream().distinct().sorted().toList();
        Objects.requireNonNull(settings, "settings");
    }

    /** Without the run's settings. */
    public TestRunFacts(double wallSeconds, List<Long> seeds) {
        this(wallSeconds, seeds, Optional.empty());
    }
}
