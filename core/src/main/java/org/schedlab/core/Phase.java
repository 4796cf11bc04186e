package org.schedlab.core;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A span of a run between two changes, and the problem as it stands then: what {@link Problem#phases()}
 * gives. The first phase starts at 0 and has no changes; phase {@code i > 0} starts at the instant of the
 * problem's {@code i}-th {@code AT} block, after its {@code changes}. A phase ends where the next one
 * starts; the last one at the problem's {@code DURATION}, or, when the problem gives none, at the end of
 * whatever run it is given ({@code end} empty).
 *
 * @param index   0 for the first phase
 * @param problem the problem as it stands in this phase: its partition, users and virtual CPUs after every
 *                change before {@code end}, with no changes of its own (a static problem), the same name,
 *                run control and location as the problem it comes from
 */
public record Phase(int index, Duration start, Optional<Duration> end, List<Change> changes, Problem problem) {

    public Phase {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(end, "end");
        Objects.requireNonNull(problem, "problem");
        changes = List.copyOf(changes);
        if (index < 0) {
            throw new IllegalArgumentException("a phase index is 0 or more, got " + index);
        }
        if (start.isNegative()) {
            throw new IllegalArgumentException("a phase starts at 0 or later, got " + start);
        }
        if (end.isPresent() && end.get().compareTo(start) <= 0) {
            throw new IllegalArgumentException("phase " + index + " ends at " + end.get() + ", not after its start " + start);
        }
        if ((index == 0) != start.isZero() || (index == 0) != changes.isEmpty()) {
            throw new IllegalArgumentException("the first phase, and only it, starts at 0 with no changes: phase " + index
                    + " starts at " + start + " after " + changes.size() + " changes");
        }
        if (problem.dynamic()) {
            throw new IllegalArgumentException("a phase's problem has no changes of its own");
        }
    }

    /** {@link #start} in seconds. */
    public double startS() {
        return start.toNanos() / 1e9;
    }

    /** {@link #end} in seconds; empty when the phase lasts to the end of the run. */
    public OptionalDouble endS() {
        return end.isPresent() ? OptionalDouble.of(end.get().toNanos() / 1e9) : OptionalDouble.empty();
    }
}
