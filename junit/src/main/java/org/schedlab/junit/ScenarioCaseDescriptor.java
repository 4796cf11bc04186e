package org.schedlab.junit;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.platform.commons.util.ClassLoaderUtils;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.engine.support.hierarchical.Node;
import org.opentest4j.AssertionFailedError;
import org.schedlab.cell.GuardedPolicy;
import org.schedlab.cell.TestCase;
import org.schedlab.cell.TestResult;
import org.schedlab.cell.Trial;
import org.schedlab.comparator.Verdict;
import org.schedlab.core.Numbers;
import org.schedlab.core.Problem;
import org.schedlab.core.Scenario;
import org.schedlab.report.VerdictDetails;

/**
 * One check: a problem of a scenario under a policy (and a seed). It solves, runs and compares, and
 * passes when the verdict is the expected one (PASS unless {@code schedlab.expect} says otherwise), so
 * a reproduction of a known failure is a passing test.
 */
final class ScenarioCaseDescriptor extends AbstractTestDescriptor implements Node<SchedlabExecutionContext> {

    static final String PROBLEM = "problem";
    static final String POLICY = "policy";
    static final String SEED = "seed";

    private final ScenarioSource source;
    private final Scenario scenario;
    private final Problem problem;
    private final String policy;
    private final Optional<Long> seed;

    private ScenarioCaseDescriptor(UniqueId id, String displayName, ScenarioSource source, Scenario scenario,
                                   Problem problem, String policy, Optional<Long> seed) {
        super(id, displayName, source.testSource(problem.location()));
        this.source = source;
        this.scenario = scenario;
        this.problem = problem;
        this.policy = Objects.requireNonNull(policy, "policy");
        this.seed = Objects.requireNonNull(seed, "seed");
    }

    /**
     * {@code J1 under fair}, or {@code J1 under fair, seed 2} when {@code showSeed}; its unique ID is the
     * file's with {@code [problem:J1]/[policy:fair]} and the seed's segment when it has one.
     */
    static ScenarioCaseDescriptor of(UniqueId fileId, ScenarioSource source, Scenario scenario, Problem problem,
                                     String policy, Optional<Long> seed, boolean showSeed) {
        UniqueId id = fileId.append(PROBLEM, problem.name()).append(POLICY, policy);
        if (seed.isPresent()) {
            id = id.append(SEED, Long.toString(seed.get()));
        }
        String name = problem.name() + " under " + policy + (showSeed && seed.isPresent() ? ", seed " + seed.get() : "");
        return new ScenarioCaseDescriptor(id, name, source, scenario, problem, policy, seed);
    }

    @Override
    public Type getType() {
        return Type.TEST;
    }

    @Override
    public SchedlabExecutionContext execute(SchedlabExecutionContext context, DynamicTestExecutor dynamicTestExecutor) {
        TestResult r = run(context.settings());
        context.listener().reportingEntryPublished(this, entry(r));
        if (!r.asExpected()) {
            fail(r);
        }
        return context;
    }

    /** Runs the check; a verdict not as expected is an {@link AssertionFailedError}, a failed run an error. */
    TestResult run(EngineSettings settings) {
        TestCase c = new TestCase(source.path(), scenario, problem,
                GuardedPolicy.create(policy, ClassLoaderUtils.getDefaultClassLoader(), settings.timeout()),
                seed.map(OptionalLong::of).orElse(OptionalLong.empty()));
        return c.run(settings.configFor(problem, Optional.empty()), settings.thresholds(), settings.expectations(),
                Trial.SILENT);
    }

    /** The figures every check publishes, whatever its outcome: verdict, expectation, mean and max error. */
    static ReportEntry entry(TestResult r) {
        return ReportEntry.from(Map.of(
                "schedlab.verdict", r.verdict().name(),
                "schedlab.expected", r.expectation().name(),
                "schedlab.mean-error-pct", figure(r.trial().meanErrorPct()),
                "schedlab.max-error-pct", figure(r.trial().maxErrorPct())));
    }

    private static String figure(double v) {
        return Double.isNaN(v) ? "-" : Numbers.fixed(v, 3);
    }

    /**
     * Why a check failed, as a person reads it: the check's name and verdict line, the thresholds and the
     * per-virtual-CPU table. Its stack trace is one frame at the problem's {@code PROBLEM} line, the only
     * place a user can act on.
     */
    private void fail(TestResult r) {
        String message = getDisplayName() + ": " + VerdictDetails.describe(r).stripTrailing();
        StackTraceElement[] here = {new StackTraceElement(source.className(), problem.name(), fileName(),
                problem.location().line())};
        if (r.verdict() == Verdict.ERROR) {
            ScenarioRunException e = new ScenarioRunException(message);
            e.setStackTrace(here);
            throw e;
        }
        AssertionFailedError e = new AssertionFailedError(message, r.expectation().name(), r.verdict().name());
        e.setStackTrace(here);
        throw e;
    }

    private String fileName() {
        String name = source.displayName().replace('\\', '/');
        return name.substring(name.lastIndexOf('/') + 1);
    }

    /** A run that did not finish (the policy threw, the timeout passed): the check errs rather than fails. */
    static final class ScenarioRunException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ScenarioRunException(String message) {
            super(message);
        }
    }
}
