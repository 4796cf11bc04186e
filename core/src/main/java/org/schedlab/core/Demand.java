package org.schedlab.core;

import java.util.Optional;

/**
 * What a virtual CPU's burner tries to consume, in percent of one logical CPU (0..100),
 * or {@code *}: as much as it can get.
 */
public record Demand(double percent, boolean unbounded) {

    /** The rule a written demand breaks, for messages; declared first, as UNBOUNDED's check reads it. */
    public static final String RULE = "demand must be " + Limits.DEMAND_PERCENT.rule() + " percent or *";

    /** {@code *}: always ready, capped only by the 100% one virtual CPU can use. */
    public static final Demand UNBOUNDED = new Demand(100, true);

    public Demand {
        problem(percent).ifPresent(m -> {
            throw new IllegalArgumentException(m);
        });
        if (unbounded && percent != 100) {
            throw new IllegalArgumentException("an unbounded demand is capped at 100");
        }
    }

    public static Demand of(double percent) {
        return new Demand(percent, false);
    }

    /** What is wrong with a written demand, or empty if it is valid. */
    public static Optional<String> problem(double percent) {
        return Limits.DEMAND_PERCENT.contains(percent)
                ? Optional.empty()
                : Optional.of(RULE + ", got " + Numbers.format(percent));
    }

    /** The most this virtual CPU can use: its demand, 100 for {@code *}. */
    public double cap() {
        return percent;
    }

    @Override
    public String toString() {
        return unbounded ? "*" : Numbers.format(percent);
    }
}
