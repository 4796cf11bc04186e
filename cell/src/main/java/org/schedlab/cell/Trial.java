package org.schedlab.cell;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.schedlab.comparator.Comparison;
import org.schedlab.comparator.ErrorAccumulator;
import org.schedlab.comparator.ObservedCsv;
import org.schedlab.comparator.ObservedInterval;
import org.schedlab.comparator.Thresholds;
import org.schedlab.core.InputException;
import org.schedlab.core.Numbers;
import org.schedlab.core.Problem;
import org.schedlab.runner.RunConfig;
import org.schedlab.runner.RunException;
import org.schedlab.runner.RunListener;
import org.schedlab.runner.Runner;
import org.schedlab.runner.result.IntervalSample;
import org.schedlab.runner.result.RunSummary;
import org.schedlab.runner.result.VcpuSample;
import org.schedlab.runner.spi.SchedulerPolicy;
import org.schedlab.solver.PhasedSolution;
import org.schedlab.solver.Solution;

/**
 * One problem under one policy, the cell's whole pipeline: solve, run, compare. The comparison is
 * accumulated interval by interval as the runner produces them, so nothing grows with the duration.
 */
public final class Trial {

    /** Sees nothing: for a trial whose intervals no one writes out. */
    public static final RunListener SILENT = new RunListener() {
        @Override
        public void interval(IntervalSample sample) {
        }

        @Override
        public void progress(long simulatedMicros, long totalMicros) {
        }
    };

    private Trial() {
    }

    /**
     * Compares observations made elsewhere (no run of the cell's, so no run metrics) with the solution.
     *
     * @throws CellException when no interval counts: every one starts inside the warm-up, or there are none
     */
    public static Comparison compare(Solution solution, List<ObservedInterval> observed, Thresholds thresholds,
                                     double warmupS) {
        ErrorAccumulator acc = new ErrorAccumulator(solution, thresholds, warmupS);
        observed.forEach(acc::add);
        return finish(acc);
    }

    /**
     * Compares a measurement file (the series CSV) with the solution, streaming it interval by interval:
     * memory stays flat whatever the file's length.
     */
    public static Comparison compare(Solution solution, Path observed, Thresholds thresholds, double warmupS)
            throws IOException, InputException {
        return compare(solution, observed, thresholds, warmupS, i -> { });
    }

    /**
     * As {@link #compare(Solution, Path, Thresholds, double)}, {@code also} seeing every interval in the same pass (to
     * draw them): the file is read once, which is all a pipe allows.
     */
    public static Comparison compare(Solution solution, Path observed, Thresholds thresholds, double warmupS,
                                     Consumer<ObservedInterval> also) throws IOException, InputException {
        ErrorAccumulator acc = new ErrorAccumulator(solution, thresholds, warmupS);
        ObservedCsv.read(observed, solution, i -> {
            acc.add(i);
            also.accept(i);
        });
        return finish(acc);
    }

    /**
     * Compares a measurement file of a problem solved phase by phase, streaming it: each interval against its phase's
     * answer, each phase's settling judged (docs/comparator.md); {@code also} sees every interval in the same pass.
     */
    public static Comparison compare(PhasedSolution solution, Path observed, Thresholds thresholds, double warmupS,
                                     Consumer<ObservedInterval> also) throws IOException, InputException {
        ErrorAccumulator acc = new ErrorAccumulator(solution, thresholds, warmupS);
        ObservedCsv.read(observed, solution, i -> {
            acc.add(i);
            also.accept(i);
        });
        return finish(acc);
    }

    private static Comparison finish(ErrorAccumulator acc) {
        try {
            return acc.finish();
        } catch (IllegalArgumentException e) {
            throw new CellException(e.getMessage());
        }
    }

    /**
     * Runs the solved problem under {@code policy}; {@code also} sees every interval too (to write the series).
     * A failed run (the policy threw, the timeout passed, a {@link GuardedPolicy} with a fault) is a result with
     * an error, not an exception. The run goes on a {@link Watchdog}'s thread: a policy that does not return from
     * a call (or from starting) is ended at its timeout plus {@link Watchdog#MARGIN}, and {@code also} hears
     * nothing more of it.
     */
    public static TrialResult run(Solution solution, SchedulerPolicy policy, RunConfig config, Thresholds thresholds,
                                  RunListener also) {
        return run(solution.problem(), new ErrorAccumulator(solution, thresholds, config.warmupMicros() / 1e6), policy,
                config, also);
    }

    /**
     * Runs a problem solved phase by phase under {@code policy}: for a problem that changes while it runs, every
     * interval is scored against its phase's answer and each phase's settling is judged (docs/comparator.md); a
     * static problem's {@link PhasedSolution} runs exactly as its {@link Solution} does.
     */
    public static TrialResult run(PhasedSolution solution, SchedulerPolicy policy, RunConfig config,
                                  Thresholds thresholds, RunListener also) {
        return run(solution.problem(), new ErrorAccumulator(solution, thresholds, config.warmupMicros() / 1e6), policy,
                config, also);
    }

    private static TrialResult run(Problem runProblem, ErrorAccumulator errors, SchedulerPolicy policy,
                                   RunConfig config, RunListener also) {
        if (policy instanceof GuardedPolicy g && g.fault().isPresent()) {
            return TrialResult.failed(g.fault().get());
        }
        EtrSummary.Accumulator etr = new EtrSummary.Accumulator();
        AtomicBoolean listening = new AtomicBoolean(true);
        RunListener listener = new RunListener() {
            @Override
            public void interval(IntervalSample s) {
                if (!listening.get()) {
                    return;
                }
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
                if (listening.get()) {
                    also.progress(simulatedMicros, totalMicros);
                }
            }
        };
        String problem = runProblem.name();
        Watchdog.Outcome<RunSummary> outcome = Watchdog.call(new Watchdog.Activity(policy.spec(), "running " + problem),
                config.timeout().map(t -> t.plus(Watchdog.MARGIN)),
                () -> Runner.run(runProblem, policy, config, listener));
        if (outcome instanceof Watchdog.Done<RunSummary> done) {
            Comparison c = errors.finish();
            return TrialResult.completed(c, new RunMetrics(done.value(), etr.summary()));
        }
        listening.set(false);
        if (outcome instanceof Watchdog.Threw<RunSummary> threw) {
            if (threw.error() instanceof RunException e) {
                return TrialResult.failed(e.getMessage());
            }
            // Not the policy's: the runner's own defect.
            if (threw.error() instanceof RuntimeException e) {
                throw e;
            }
            if (threw.error() instanceof Error e) {
                throw e;
            }
            throw new IllegalStateException(threw.error());
        }
        Watchdog.Abandoned<RunSummary> a = (Watchdog.Abandoned<RunSummary>) outcome;
        if (a.interrupted()) {
            return TrialResult.failed("run of " + problem + " under policy " + policy.spec() + " interrupted");
        }
        return TrialResult.failed("run of " + problem + " under policy " + policy.spec() + " exceeded its timeout of "
                + Numbers.format(config.timeout().orElseThrow().toNanos() / 1e9) + " s and did not stop"
                + a.where().map(w -> ": the policy did not return from " + w).orElse("")
                + " (ended after " + Numbers.format(Watchdog.MARGIN.toNanos() / 1e9) + " s more)");
    }
}
