package org.schedlab.cli;

import java.util.Optional;
import java.util.OptionalDouble;
import org.schedlab.comparator.Comparison;
import org.schedlab.comparator.ErrorAccumulator;
import org.schedlab.comparator.EtrSummary;
import org.schedlab.comparator.ObservedInterval;
import org.schedlab.comparator.Thresholds;
import org.schedlab.runner.RunConfig;
import org.schedlab.runner.RunException;
import org.schedlab.runner.RunListener;
import org.schedlab.runner.Runner;
import org.schedlab.runner.result.IntervalSample;
import org.schedlab.runner.result.RunSummary;
import org.schedlab.runner.result.VcpuSample;
import org.schedlab.runner.spi.SchedulerPolicy;
import org.schedlab.solver.Solution;

/**
 * One problem under one policy, the cell's whole pipeline: solve, run, compare. The comparison is
 * accumulated interval by interval as the runner produces them, so nothing grows with the duration.
 */
final class Trial {

    private Trial() {
    }

    /** What a trial produced: the comparison, the run's summary, or why the run failed. */
    record Outcome(Optional<Comparison> comparison, Optional<RunSummary> summary, Optional<String> error) {
    }

    /**
     * Runs the solved problem under {@code policy}; {@code also} sees every interval too (to write the series).
     * A failed run (policy threw, timeout) is an outcome with an error, not an exception.
     */
    static Outcome run(Solution solution, SchedulerPolicy policy, RunConfig config, Thresholds thresholds,
                       RunListener also) {
        ErrorAccumulator errors = new ErrorAccumulator(solution, thresholds, config.warmupMicros() / 1e6);
        EtrSummary.Accumulator etr = new EtrSummary.Accumulator();
        RunListener listener = new RunListener() {
            @Override
            public void interval(IntervalSample s) {
                double start = s.startMicros() / 1e6;
                errors.add(new ObservedInterval(start, s.endMicros() / 1e6, s.busy()));
                if (errors.counts(start)) {
                    // The report's ETR is the system's transaction rate: the sum over users, per second.
                    double total = 0;
                    for (VcpuSample v : s.vcpus()) {
                        total += v.etr();
                    }
                    etr.add(total / (s.lengthMicros() / 1e6));
                }
                also.interval(s);
            }

            @Override
            public void progress(long simulatedMicros, long totalMicros) {
                also.progress(simulatedMicros, totalMicros);
            }
        };
        try {
            RunSummary summary = Runner.run(solution.problem(), policy, config, listener);
            Comparison c = errors.finish().withEtr(etr.summary())
                    .withMeanDispatchDelayUs(OptionalDouble.of(summary.meanDispatchDelayUs()));
            return new Outcome(Optional.of(c), Optional.of(summary), Optional.empty());
        } catch (RunException e) {
            return new Outcome(Optional.empty(), Optional.empty(), Optional.of(e.getMessage()));
        }
    }
}
