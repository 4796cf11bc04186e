package org.schedlab.cell;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The options a test plan was run with, as given: what the results depend on besides the scenarios and the
 * thresholds, so that shards of one plan can be checked to have been run alike before they are joined. An
 * absent value is the scenarios' own ({@code RUNIT}) or the default.
 *
 * @param policies the policies, as their specs
 * @param seed     {@code --seed}
 * @param seeds    {@code --seeds}, in order; empty when not given
 * @param duration {@code --duration}
 * @param interval {@code --interval}
 * @param warmup   {@code --warmup}
 * @param timeout  {@code --timeout}
 */
public record RunSettings(List<String> policies, OptionalLong seed, List<Long> seeds, Optional<Duration> duration,
                          Optional<Duration> interval, Optional<Duration> warmup, Optional<Duration> timeout) {

    public RunSettings {
        policies = List.copyOf(policies);
        seeds = List.copyOf(seeds);
        Objects.requireNonNull(seed, "seed");
        Objects.requireNonNull(duration, "duration");
        Objects.requireNonNull(interval, "interval");
        Objects.requireNonNull(warmup, "warmup");
        Objects.requireNonNull(timeout, "timeout");
    }
}
