package org.schedlab.runner;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.schedlab.core.Problem;
import org.schedlab.runner.spi.ModelConstants;

/**
 * How to run a problem: virtual durations in microseconds, the seed every random choice derives from,
 * and the number of worker threads (0 = choose from the problem size and the machine).
 *
 * @param seed               all randomness (burner phases, policy priors) derives from this
 * @param durationMicros     virtual run length
 * @param intervalMicros     measurement interval; the listener gets one sample per interval
 * @param warmupMicros       excluded from the summary statistics (the interval series covers the whole run)
 * @param threads            worker threads; results are byte-identical whatever the value; 0 = automatic
 * @param timeout            wall-clock limit; exceeded means {@link RunException}
 * @param smtCapacityFactor  work a SMT-2 core does with both threads busy, relative to one thread alone
 * @param burnerPeriodMicros the burner's cycle: ready, burn its demand's worth of work, wait for the next period
 * @param constants          the model's constants ({@link ModelConstants#DEFAULT}, the documented model, unless a
 *                           calibration tries others)
 */
public record RunConfig(long seed, long durationMicros, long intervalMicros, long warmupMicros, int threads,
                        Optional<Duration> timeout, double smtCapacityFactor, long burnerPeriodMicros,
                        ModelConstants constants) {

    public static final long DEFAULT_SEED = 1;
    public static final long DEFAULT_DURATION_MICROS = 60_000_000;
    public static final long DEFAULT_INTERVAL_MICROS = 1_000_000;
    public static final long DEFAULT_WARMUP_MICROS = 5_000_000;
    public static final double DEFAULT_SMT_CAPACITY_FACTOR = 1.3;
    public static final long DEFAULT_BURNER_PERIOD_MICROS = 10_000;

    public RunConfig {
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(constants, "constants");
        if (durationMicros <= 0) {
            throw new IllegalArgumentException("duration must be positive: " + durationMicros + " us");
        }
        if (intervalMicros <= 0 || intervalMicros > durationMicros) {
            throw new IllegalArgumentException("interval must be positive and at most the duration: " + intervalMicros + " us");
        }
        if (warmupMicros < 0 || warmupMicros >= durationMicros) {
            throw new IllegalArgumentException("warm-up must be at least 0 and shorter than the duration: " + warmupMicros + " us");
        }
        if (threads < 0 || threads > 1024) {
            throw new IllegalArgumentException("threads must be 0 (automatic) to 1024: " + threads);
        }
        timeout.ifPresent(t -> {
            if (t.isNegative() || t.isZero()) {
                throw new IllegalArgumentException("timeout must be positive: " + t);
            }
        });
        // Above 2 a thread would outrun a whole core; at or below 1 SMT would lose capacity.
        if (!(smtCapacityFactor >= 1 && smtCapacityFactor <= 2)) {
            throw new IllegalArgumentException("SMT capacity factor must be from 1 to 2: " + smtCapacityFactor);
        }
        if (burnerPeriodMicros < 100 || burnerPeriodMicros > 10_000_000) {
            throw new IllegalArgumentException("burner period must be 100 us to 10 s: " + burnerPeriodMicros + " us");
        }
    }

    /** Seed 1, 60 s, 1 s intervals, 5 s warm-up, automatic threads, no timeout, SMT factor 1.3, 10 ms burner. */
    public static RunConfig defaults() {
        return new RunConfig(DEFAULT_SEED, DEFAULT_DURATION_MICROS, DEFAULT_INTERVAL_MICROS, DEFAULT_WARMUP_MICROS, 0,
                Optional.empty(), DEFAULT_SMT_CAPACITY_FACTOR, DEFAULT_BURNER_PERIOD_MICROS, ModelConstants.DEFAULT);
    }

    /**
     * The warm-up a run of {@code durationMicros} gets when none is given: {@link #DEFAULT_WARMUP_MICROS}, or half the
     * duration when that is shorter, so that a short run still has its second half judged. The one rule for a
     * duration from the scenario ({@code RUNIT DURATION}) and from a front end's option alike.
     */
    public static long defaultWarmupMicros(long durationMicros) {
        return Math.min(DEFAULT_WARMUP_MICROS, durationMicros / 2);
    }

    /** The defaults overridden by the problem's own {@code RUNIT DURATION/INTERVAL/SEED}. */
    public static RunConfig forProblem(Problem problem) {
        Builder b = defaults().toBuilder();
        var rc = problem.runControl();
        if (rc.duration().isPresent()) {
            long d = rc.duration().get().toNanos() / 1000;
            b.durationMicros(d).warmupMicros(defaultWarmupMicros(d));
        }
        if (rc.interval().isPresent()) {
            b.intervalMicros(Math.min(rc.interval().get().toNanos() / 1000, b.durationMicros));
        }
        if (rc.seed().isPresent()) {
            b.seed(rc.seed().getAsLong());
        }
        return b.build();
    }

    /** A builder starting from {@link #defaults()}. */
    public static Builder builder() {
        return defaults().toBuilder();
    }

    /** A builder starting from this configuration. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /**
     * Changes some settings of a configuration; {@link #build()} validates. Setting the duration also shortens
     * the interval and the warm-up to fit it, so a shorter run needs no other change.
     */
    public static final class Builder {
        private long seed;
        private long durationMicros;
        private long intervalMicros;
        private long warmupMicros;
        private int threads;
        private Optional<Duration> timeout;
        private double smtCapacityFactor;
        private long burnerPeriodMicros;
        private ModelConstants constants;

        private Builder(RunConfig c) {
            seed = c.seed;
            durationMicros = c.durationMicros;
            intervalMicros = c.intervalMicros;
            warmupMicros = c.warmupMicros;
            threads = c.threads;
            timeout = c.timeout;
            smtCapacityFactor = c.smtCapacityFactor;
            burnerPeriodMicros = c.burnerPeriodMicros;
            constants = c.constants;
        }

        public Builder seed(long s) {
            seed = s;
            return this;
        }

        /** The run length; the interval and the warm-up shrink to fit it if they are longer. */
        public Builder durationMicros(long d) {
            durationMicros = d;
            intervalMicros = Math.min(intervalMicros, d);
            warmupMicros = Math.min(warmupMicros, d - 1);
            return this;
        }

        public Builder duration(Duration d) {
            return durationMicros(d.toNanos() / 1000);
        }

        public Builder intervalMicros(long i) {
            intervalMicros = i;
            return this;
        }

        public Builder warmupMicros(long w) {
            warmupMicros = w;
            return this;
        }

        public Builder threads(int t) {
            threads = t;
            return this;
        }

        /** A wall-clock limit; {@code null} or absent: none. */
        public Builder timeout(Duration t) {
            timeout = Optional.ofNullable(t);
            return this;
        }

        public Builder smtCapacityFactor(double f) {
            smtCapacityFactor = f;
            return this;
        }

        public Builder burnerPeriodMicros(long p) {
            burnerPeriodMicros = p;
            return this;
        }

        /** Model constants other than the documented ones: for calibrating the model, not for everyday runs. */
        public Builder constants(ModelConstants k) {
            constants = Objects.requireNonNull(k, "constants");
            return this;
        }

        /** @throws IllegalArgumentException for a setting out of range (one line, naming it) */
        public RunConfig build() {
            return new RunConfig(seed, durationMicros, intervalMicros, warmupMicros, threads, timeout,
                    smtCapacityFactor, burnerPeriodMicros, constants);
        }
    }

    /** Number of whole or partial intervals the run produces. */
    public int intervalCount() {
        return (int) ((durationMicros + intervalMicros - 1) / intervalMicros);
    }
}
