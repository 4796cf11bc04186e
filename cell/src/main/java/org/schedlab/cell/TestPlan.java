package org.schedlab.cell;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.schedlab.core.Diagnostic;
import org.schedlab.core.InputException;
import org.schedlab.core.Problem;
import org.schedlab.core.Scenario;
import org.schedlab.runner.SchedulerPolicy;

/**
 * The checks of a test run: every problem of every file under every policy (and every seed, when
 * seeds are given), in that nesting order. The order is the order results are listed in, whatever
 * runs them in parallel.
 */
public record TestPlan(List<TestCase> cases) {

    public TestPlan {
        cases = List.copyOf(cases);
    }

    /** A scenario with the path it was loaded from. */
    public record ScenarioFile(Path path, Scenario scenario) {
    }

    /**
     * Expands {@code paths} (directories walked for {@code *.scn}) and parses every file before anything
     * runs: a bad file stops the plan with every error of every file.
     *
     * @throws CellException when the paths hold no scenario file
     */
    public static TestPlan load(List<Path> paths, List<SchedulerPolicy> policies, List<Long> seeds)
            throws IOException, InputException {
        List<Path> files = Scenarios.expand(paths);
        if (files.isEmpty()) {
            throw new CellException("no .scn files under " + paths);
        }
        List<Diagnostic> errors = new ArrayList<>();
        List<ScenarioFile> loaded = new ArrayList<>();
        for (Path f : files) {
            try {
                loaded.add(new ScenarioFile(f, Scenarios.load(f)));
            } catch (InputException e) {
                errors.addAll(e.diagnostics());
            }
        }
        if (!errors.isEmpty()) {
            throw new InputException(errors);
        }
        return of(loaded, policies, seeds);
    }

    /** Files x problems x policies x seeds; no seeds means one case per policy with the configured seed. */
    public static TestPlan of(List<ScenarioFile> files, List<SchedulerPolicy> policies, List<Long> seeds) {
        List<OptionalLong> seedChoices = seeds.isEmpty() ? List.of(OptionalLong.empty())
                : seeds.stream().map(OptionalLong::of).toList();
        List<TestCase> cases = new ArrayList<>();
        for (ScenarioFile f : files) {
            for (Problem p : f.scenario().problems()) {
                for (SchedulerPolicy pol : policies) {
                    for (OptionalLong seed : seedChoices) {
                        cases.add(new TestCase(f.path(), f.scenario(), p, pol, seed));
                    }
                }
            }
        }
        return new TestPlan(cases);
    }

    public int size() {
        return cases.size();
    }
}
