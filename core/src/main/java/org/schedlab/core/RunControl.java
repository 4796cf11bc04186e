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
        duration.ifPresent(d -> requireValid("DURATION", d));
        interval.ifPresent(d -> requireValid("INTERVAL", d));
    }

    private static void requireValid(String what, Duration d) {
        if (!Limits.validTime(d)) {
            throw new IllegalArgumentException(what + " must be whole microseconds from 1 ms to 24 hours, got "
                    + Numbers.format(d.toNanos() / 1e6) + " ms");
        }
    }
}
