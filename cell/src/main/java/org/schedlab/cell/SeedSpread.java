package org.schedlab.cell;

import java.util.Arrays;
import java.util.Optional;

/**
 * How a figure spreads over the seeds a check ran under: its smallest, median and largest value.
 * A verdict judged by the worst seed rests on {@link #max()}; the spread says how much of that is luck
 * of the burners' phases rather than the policy.
 *
 * @param median the middle value, or the mean of the two middle ones for an even count
 */
public record SeedSpread(double min, double median, double max) {

    public SeedSpread {
        if (Double.isNaN(min) || Double.isNaN(median) || Double.isNaN(max) || !(min <= median && median <= max)) {
            throw new IllegalArgumentException("a spread needs min <= median <= max, got " + min + ", " + median
                    + ", " + max);
        }
    }

    /** The spread of {@code values}, NaNs (figures of failed runs) left out; empty when nothing is left. */
    public static Optional<SeedSpread> of(double... values) {
        double[] v = Arrays.stream(values).filter(x -> !Double.isNaN(x)).sorted().toArray();
        if (v.length == 0) {
            return Optional.empty();
        }
        int n = v.length;
        double median = n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
        return Optional.of(new SeedSpread(v[0], median, v[n - 1]));
    }
}
