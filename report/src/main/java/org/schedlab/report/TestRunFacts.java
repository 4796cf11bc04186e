package org.schedlab.report;

import java.util.List;

/**
 * What only the caller of a test plan's run knows, for the formats that show it (JUnit XML): how long
 * the run took from start to end, which is less than the sum of its checks' times when they ran in
 * parallel, and the seeds its runs used (a check's own, else its run configuration's).
 *
 * @param seeds distinct, in ascending order
 */
public record TestRunFacts(double wallSeconds, List<Long> seeds) {

    public TestRunFacts {
        if (!(wallSeconds >= 0) || Double.isInfinite(wallSeconds)) {
            throw new IllegalArgumentException("wall time must be a non-negative number of seconds, got " + wallSeconds);
        }
        seeds = seeds.stream().distinct().sorted().toList();
    }
}
