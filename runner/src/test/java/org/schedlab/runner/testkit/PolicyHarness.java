package org.schedlab.runner.testkit;

import org.schedlab.core.InputException;
import org.schedlab.core.Problem;
import org.schedlab.grammar.ScenarioParser;
import org.schedlab.runner.RunConfig;
import org.schedlab.runner.engine.Dispatcher;
import org.schedlab.runner.spi.ModelConstants;
import org.schedlab.runner.spi.PolicyContext;
import org.schedlab.runner.spi.PolicyInstance;
import org.schedlab.runner.spi.SchedulerPolicy;
import org.schedlab.solver.Entitlements;

/**
 * Drives one policy instance by hand, without a run: the test feeds the events the dispatcher would (a wake,
 * a charge of raw time, a window edge with given consumption and statuses) and looks at the urgency keys and
 * limit-list answers that come back. The {@link PolicyContext} is the one a real run of the problem gets.
 *
 * <pre>{@code
 * PolicyHarness h = PolicyHarness.start(PolicyHarness.problem("LPAR CP.1\nPROBLEM P\nUSER A CP.100-R\n  VCPU 0 CP *\nRUNIT\n"),
 *         Policies.create("fair"));
 * long before = h.wake(0);
 * h.charge(0, 1_000);
 * assertTrue(h.sliceEnd(0) > before);
 * }</pre>
 *
 * Used from the runner's test-jar ({@code schedlab-runner}, classifier {@code tests}); scenario text needs
 * {@code schedlab-grammar} on the test class path.
 */
public final class PolicyHarness {

    private final PolicyContext context;
    private final PolicyInstance instance;
    private final FakeWindow window;
    private long now;
    private long lastEdge;

    private PolicyHarness(PolicyContext context, PolicyInstance instance) {
        this.context = context;
        this.instance = instance;
        this.window = new FakeWindow(context);
    }

    /** The policy started on {@code problem} as a run with seed 1 and the default model would start it. */
    public static PolicyHarness start(Problem problem, SchedulerPolicy policy) {
        return start(problem, policy, 1);
    }

    public static PolicyHarness start(Problem problem, SchedulerPolicy policy, long seed) {
        RunConfig defaults = RunConfig.defaults();
        PolicyContext ctx = new Dispatcher(problem, Entitlements.of(problem), policy.spec(), seed,
                defaults.burnerPeriodMicros(), defaults.smtCapacityFactor(), ModelConstants.DEFAULT).context();
        return new PolicyHarness(ctx, policy.start(ctx));
    }

    /** The first problem of scenario text, read by the real parser. */
    public static Problem problem(String scenarioText) {
        try {
            return ScenarioParser.parse("harness.scn", scenarioText).problems().get(0);
        } catch (InputException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    public PolicyContext context() {
        return context;
    }

    public PolicyInstance instance() {
        return instance;
    }

    /** The window the next {@link #endWindow()} shows the policy; set consumption and statuses on it. */
    public FakeWindow window() {
        return window;
    }

    public long now() {
        return now;
    }

    /** Moves virtual time on. */
    public PolicyHarness advance(long micros) {
        if (micros < 0) {
            throw new IllegalArgumentException("time runs forward");
        }
        now += micros;
        return this;
    }

    /** The urgency key of a virtual CPU becoming ready now ({@code Reprice.WAKE}). */
    public long wake(int vcpu) {
        return instance.urgency(vcpu, PolicyInstance.Reprice.WAKE, now);
    }

    /** The urgency key of a virtual CPU going back into its dispatch vector now ({@code Reprice.SLICE_END}). */
    public long sliceEnd(int vcpu) {
        return instance.urgency(vcpu, PolicyInstance.Reprice.SLICE_END, now);
    }

    /** The virtual CPU stopped running now after {@code rawMicros}. */
    public PolicyHarness charge(int vcpu, long rawMicros) {
        instance.charged(vcpu, rawMicros, now);
        return this;
    }

    /**
     * A window edge at the current time (one window on if no time passed since the last edge): the policy sees
     * {@link #window()}, then is asked about every bucket. The answers become the window's {@code limited}
     * for the next edge, as in the dispatcher.
     */
    public PolicyHarness endWindow() {
        if (now == lastEdge) {
            now += context.windowMicros();
        }
        window.span(lastEdge, now);
        instance.windowEnd(window);
        for (int b = 0; b < context.buckets().size(); b++) {
            window.limited(b, instance.onLimitList(b, window));
        }
        lastEdge = now;
        return this;
    }

    /** What the last {@link #endWindow()} decided for the bucket. */
    public boolean onLimitList(int bucket) {
        return window.limited(bucket);
    }
}
