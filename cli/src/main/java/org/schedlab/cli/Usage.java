package org.schedlab.cli;

import java.util.OptionalDouble;
import org.schedlab.comparator.Thresholds;

/** Command-line values checked by the layers below, with their complaints turned into usage errors (exit 2). */
final class Usage {

    private Usage() {
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
