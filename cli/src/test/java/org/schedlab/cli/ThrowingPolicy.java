package org.schedlab.cli;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.schedlab.runner.spi.PolicyContext;
import org.schedlab.runner.spi.PolicyInstance;
import org.schedlab.runner.spi.SchedulerPolicy;
import org.schedlab.runner.spi.WindowView;

/**
 * A policy that fails on purpose, loaded by class name ({@code --policy org.schedlab.cli.ThrowingPolicy}).
 * It behaves like {@code fair} until it throws. Options: {@code problem=NAME} throws only for that problem
 * (others run normally), {@code after=MICROS} throws at the first window edge at or after that virtual time
 * (default: in {@link #start}, before anything runs), {@code seed=N} throws only in runs with that seed (a verdict
 * that depends on the seed, whatever the figures).
 */
public final class ThrowingPolicy implements SchedulerPolicy {

    static final String CLASS = ThrowingPolicy.class.getName();
    static final String MESSAGE = "boom from the test policy";

    /** How many runs have started with this policy: proves whether anything ran. */
    static final AtomicInteger STARTS = new AtomicInteger();

    private final String problem;
    private final long afterMicros;
    private final Long seed;

    public ThrowingPolicy() {
        this(null, -1, null);
    }

    private ThrowingPolicy(String problem, long afterMicros, Long seed) {
        this.problem = problem;
        this.afterMicros = afterMicros;
        this.seed = seed;
    }

    @Override
    public String name() {
        return "throwing";
    }

    @Override
    public SchedulerPolicy withOptions(Map<String, String> options) {
        String p = problem;
        long after = afterMicros;
        Long s = seed;
        for (Map.Entry<String, String> e : options.entrySet()) {
            switch (e.getKey()) {
                case "problem" -> p = e.getValue();
                case "after" -> after = Long.parseLong(e.getValue());
                case "seed" -> s = Long.parseLong(e.getValue());
                default -> throw new IllegalArgumentException("unknown option " + e.getKey());
            }
        }
        return new ThrowingPolicy(p, after, s);
    }

    @Override
    public PolicyInstance start(PolicyContext context) {
        STARTS.incrementAndGet();
        boolean target = (problem == null || problem.equalsIgnoreCase(context.problem().name()))
                && (seed == null || seed == context.seed());
        if (target && afterMicros < 0) {
            throw new IllegalStateException(MESSAGE);
        }
        PolicyInstance fair = org.schedlab.runner.policy.Policies.create("fair").start(context);
        if (!target) {
            return fair;
        }
        return new PolicyInstance() {
            @Override
            public long urgency(int vcpu, Reprice why, long nowMicros) {
                return fair.urgency(vcpu, why, nowMicros);
            }

            @Override
            public void charged(int vcpu, long rawMicros, long nowMicros) {
                fair.charged(vcpu, rawMicros, nowMicros);
            }

            @Override
            public void windowEnd(WindowView window) {
                if (window.endMicros() >= afterMicros) {
                    throw new IllegalStateException(MESSAGE);
                }
                fair.windowEnd(window);
            }

            @Override
            public boolean onLimitList(int bucket, WindowView window) {
                return fair.onLimitList(bucket, window);
            }
        };
    }
}
