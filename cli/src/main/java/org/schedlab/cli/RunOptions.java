package org.schedlab.cli;

import java.time.Duration;
import org.schedlab.core.Numbers;
import org.schedlab.core.Problem;
import org.schedlab.runner.RunConfig;
import picocli.CommandLine.Option;

/**
 * Run-control flags shared by {@code run} and {@code test}. A flag given on the command line
 * overrides the problem's own {@code RUNIT DURATION/INTERVAL/SEED}; unset flags keep them.
 */
final class RunOptions {

    @Option(names = "--seed", paramLabel = "N", converter = NumberConverters.Seed.class, description = "Seed for every random choice (default: the scenario's, else 1).")
    Long seed;

    @Option(names = "--duration", paramLabel = "TIME", converter = DurationConverter.RunLength.class,
            description = "Virtual time to run, e.g. 60s, 2m (default: the scenario's, else 60s).")
    Duration duration;

    @Option(names = "--interval", paramLabel = "TIME", converter = DurationConverter.RunLength.class,
            description = "Measurement interval (default: the scenario's, else 1s).")
    Duration interval;

    @Option(names = "--warmup", paramLabel = "TIME", converter = DurationConverter.Warmup.class,
            description = "Start of the run left out of the verdict and the statistics "
                    + "(default: 5s, or half the duration when that is shorter than 10s).")
    Duration warmup;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "0", converter = NumberConverters.Threads.class,
            description = "Worker threads per run; results are identical for any value (default: 0 = automatic).")
    int threads;

    @Option(names = "--timeout", paramLabel = "TIME", converter = DurationConverter.Timeout.class,
            description = "Wall-clock limit per run; a run over it ends with an ERROR verdict, one whose policy does not "
                    + "return within 1 s more. It also bounds creating each policy and reading an input that is a "
                    + "pipe (default: none).")
    Duration timeout;

    /**
     * The problem's run control with these flags applied on top. Each flag's own range is its
     * converter's; here are the checks between flags, and between a flag and the scenario's values,
     * said in seconds as the user wrote them.
     */
    RunConfig configFor(Problem problem) {
        RunConfig base = RunConfig.forProblem(problem);
        long durationMicros = duration != null ? micros(duration) : base.durationMicros();
        String durationSaid = duration != null ? "--duration " + DurationConverter.seconds(duration)
                : "the duration of " + seconds(durationMicros) + (problem.runControl().duration().isPresent()
                ? " (the scenario's RUNIT DURATION)" : " (the default)");
        if (interval != null && micros(interval) > durationMicros) {
            throw new UsageException(problem.name() + ": --interval " + DurationConverter.seconds(interval)
                    + " is longer than " + durationSaid);
        }
        if (warmup != null && micros(warmup) >= durationMicros) {
            throw new UsageException(problem.name() + ": --warmup " + DurationConverter.seconds(warmup)
                    + " is not shorter than " + durationSaid + ", so nothing would be judged");
        }
        RunConfig c;
        try {
            RunConfig.Builder b = base.toBuilder();
            if (duration != null) {
                // As for RUNIT DURATION: without --warmup, 5 s or half the run when that is shorter.
                b.duration(duration).warmupMicros(RunConfig.defaultWarmupMicros(micros(duration)));
            }
            if (interval != null) {
                b.intervalMicros(micros(interval));
            }
            if (warmup != null) {
                b.warmupMicros(micros(warmup));
            }
            if (seed != null) {
                b.seed(seed);
            }
            if (timeout != null) {
                b.timeout(timeout);
            }
            c = b.threads(threads).build();
        } catch (IllegalArgumentException e) {
            // The converters and the checks above leave nothing for RunConfig to reject; if it does, it is a bug.
            throw new IllegalStateException(problem.name() + ": " + e.getMessage(), e);
        }
        // The comparator judges only intervals starting at or after the warm-up: at least one must.
        long firstCounted = (c.warmupMicros() + c.intervalMicros() - 1) / c.intervalMicros() * c.intervalMicros();
        if (firstCounted >= c.durationMicros()) {
            throw new UsageException(problem.name() + ": no measurement interval starts after the warm-up of "
                    + Numbers.format(c.warmupMicros() / 1e6) + " s (" + Numbers.format(c.intervalMicros() / 1e6)
                    + " s intervals over " + Numbers.format(c.durationMicros() / 1e6)
                    + " s), so there is nothing to judge; use a shorter --warmup or --interval");
        }
        return c;
    }

    private static String seconds(long micros) {
        return Numbers.format(micros / 1e6) + " s";
    }

    private static long micros(Duration d) {
        return d.toNanos() / 1000;
    }
}
