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

    @Option(names = "--seed", paramLabel = "N", description = "Seed for every random choice (default: the scenario's, else 1).")
    Long seed;

    @Option(names = "--duration", paramLabel = "TIME", converter = DurationConverter.class,
            description = "Virtual time to run, e.g. 60s, 2m (default: the scenario's, else 60s).")
    Duration duration;

    @Option(names = "--interval", paramLabel = "TIME", converter = DurationConverter.class,
            description = "Measurement interval (default: the scenario's, else 1s).")
    Duration interval;

    @Option(names = "--warmup", paramLabel = "TIME", converter = DurationConverter.class,
            description = "Start of the run left out of the verdict and the statistics (default: 5s).")
    Duration warmup;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "0",
            description = "Worker threads per run; results are identical for any value (default: 0 = automatic).")
    int threads;

    @Option(names = "--timeout", paramLabel = "TIME", converter = DurationConverter.class,
            description = "Wall-clock limit per run; a run over it ends with an ERROR verdict (default: none).")
    Duration timeout;

    /** The problem's run control with these flags applied on top. */
    RunConfig configFor(Problem problem) {
        RunConfig c;
        try {
            RunConfig.Builder b = RunConfig.forProblem(problem).toBuilder();
            if (duration != null) {
                b.duration(duration);
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
            throw new UsageException(problem.name() + ": " + e.getMessage());
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

    private static long micros(Duration d) {
        return d.toNanos() / 1000;
    }
}
