package org.schedlab.core;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A problem's own run settings from {@code RUNIT DURATION t INTERVAL t SEED n}; empty where not given.
 * Command-line flags override these.
 */
public record RunControl(Optional<Duration> duration, Optional<Duration> interval, OptionalLong seed) {

    public static final RunControl NONE = new RunControl(Optional.empty(), Optional.empty(), OptionalLong.empty());

    public RunControl {
        Objects.requireNonNull(duration, "duration");
        Objects.requireNonNull(interval, "interval");
        Objects.requireNonNull(seed, "seed");
        duration.ifPresent(d -> requirePositive("DURATION", d));
        interval.ifPresent(d -> requirePositive("INTERVAL", d));
    }

    private static void requirePositive(String what, Duration d) {
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(what + " must be positive: " + d);
        }
    }
}
