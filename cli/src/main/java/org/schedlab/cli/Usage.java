package org.schedlab.cli;

import java.util.OptionalDouble;
import org.schedlab.comparator.Thresholds;
import org.schedlab.runner.spi.SchedulerPolicy;

/** Command-line values checked by the layers below, with their complaints turned into usage errors (exit 2). */
final class Usage {

    private Usage() {
    }

    /** The runner's policy registry; an unknown name is the user's mistake. */
    static SchedulerPolicy policy(String spec) {
        try {
            return org.schedlab.runner.policy.Policies.create(spec);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** As {@link #policy(String)}, finding policies that are not shipped in {@code loader} ({@link PolicyPath}). */
    static SchedulerPolicy policy(String spec, ClassLoader loader) {
        try {
            return org.schedlab.runner.policy.Policies.create(spec, loader);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** {@code --max-error} and {@code --mean-error} as the comparator's thresholds. */
    static Thresholds thresholds(double maxError, Double meanError) {
        if (!(maxError >= 0) || (meanError != null && !(meanError >= 0))) {
            throw new UsageException("error thresholds must be percentages of 0 or more");
        }
        Thresholds t = new Thresholds(maxError, OptionalDouble.empty());
        return meanError == null ? t : t.withMeanErrorPct(meanError);
    }
}
