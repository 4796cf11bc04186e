package org.schedlab.cell;

import java.util.Optional;

/**
 * The report's ETR figure {@code n/m/sd}: number of intervals sampled, mean transaction rate, and its
 * sample standard deviation (divisor n − 1; 0 for a single sample).
 */
public record EtrSummary(long n, double mean, double sd) {

    public EtrSummary {
        if (n < 1) {
            throw new IllegalArgumentException("an ETR summary needs at least one sample, got " + n);
        }
        if (!Double.isFinite(mean) || !(sd >= 0) || !Double.isFinite(sd)) {
            throw new IllegalArgumentException("ETR mean and sd must be finite, sd non-negative: " + mean + ", " + sd);
        }
    }

    /**
     * Streams per-interval rates into a summary without keeping them (Welford's update, which stays
     * accurate where the naive sum of squares cancels for large, nearly equal rates).
     */
    public static final class Accumulator {

        private long n;
        private double mean;
        private double m2;

        public Accumulator add(double rate) {
            if (!Double.isFinite(rate)) {
                throw new IllegalArgumentException("an ETR sample must be finite, got " + rate);
            }
            n++;
            double delta = rate - mean;
            mean += delta / n;
            m2 += delta * (rate - mean);
            return this;
        }

        public long count() {
            return n;
        }

        /** Empty until a sample was added. */
        public Optional<EtrSummary> summary() {
            if (n == 0) {
                return Optional.empty();
            }
            double sd = n == 1 ? 0 : Math.sqrt(Math.max(0, m2) / (n - 1));
            return Optional.of(new EtrSummary(n, mean, sd));
        }
    }
}
