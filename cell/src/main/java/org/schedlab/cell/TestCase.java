package org.schedlab.cell;

import java.nio.file.Path;
import java.util.Objects;
import java.util.OptionalLong;
import org.schedlab.comparator.Thresholds;
import org.schedlab.core.Problem;
import org.schedlab.core.Scenario;
import org.schedlab.runner.RunConfig;
import org.schedlab.runner.RunListener;
import org.schedlab.runner.spi.SchedulerPolicy;
import org.schedlab.solver.Solver;

/**
 * One check of a {@link TestPlan}: a problem of a scenario file under a policy, and the seed to run it
 * with.
 *
 * @param file     the path the scenario was loaded from; expectations match on its name
 * @param seed     empty: the run configuration's seed (the scenario's {@code RUNIT SEED}, or a flag's)
 */
public record TestCase(Path file, Scenario scenario, Problem problem, SchedulerPolicy policy,
                       OptionalLong seed) {

    public TestCase {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(scenario, "scenario");
        Objects.requireNonNull(problem, "problem");
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(seed, "seed");
    }

    /** The policy as the user named it, options included: what reports and expectations show. */
    public String policySpec() {
        return policy.spec();
    }

    /** {@code config} with this case's seed, when it has one. */
    public RunConfig configure(RunConfig config) {
        return seed.isPresent() ? config.toBuilder().seed(seed.getAsLong()).build() : config;
    }

    /**
     * Solves, runs and compares this case and judges it against {@code expected}. {@code listener} sees
     * the run's intervals and progress. Wall time is measured for reports that show it (JUnit XML).
     */
    public TestResult run(RunConfig config, Thresholds thresholds, Expectations expected, RunListener listener) {
        long started = System.nanoTime();
        RunConfig seeded = configure(config);
        TrialResult trial = problem.dynamic()
                ? Trial.run(Solver.solvePhases(problem), policy, seeded, thresholds, listener)
                : Trial.run(Solver.solve(problem), policy, seeded, thresholds, listener);
        double wall = (System.nanoTime() - started) / 1e9;
        return new TestResult(this, seeded.seed(), trial, expected.lookup(file, problem.name(), policySpec()), wall);
    }
}
