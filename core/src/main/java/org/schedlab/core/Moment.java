package org.schedlab.core;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * An {@code AT t} block of a problem: the changes that take effect {@code at} into the run, in the order
 * written. {@code at} is a time the language accepts (1 ms to 24 hours, whole microseconds).
 */
public record Moment(Duration at, List<Change> changes, SourceLocation location) {

    public Moment {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(location, "location");
        changes = List.copyOf(changes);
        if (!Limits.validTime(at)) {
            throw new IllegalArgumentException("AT must be whole microseconds from 1 ms to 24 hours, got "
                    + Numbers.format(at.toNanos() / 1e6) + " ms");
        }
        if (changes.isEmpty()) {
            throw new IllegalArgumentException("AT " + Numbers.format(at.toNanos() / 1e9) + " s has no changes");
        }
    }

    /** {@link #at} in seconds, as the comparator and reports count time. */
    public double atS() {
        return at.toNanos() / 1e9;
    }
}
