package org.schedlab.cell;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.schedlab.core.Numbers;
import org.schedlab.runner.policy.Policies;
import org.schedlab.runner.spi.DispatchMode;
import org.schedlab.runner.spi.PolicyContext;
import org.schedlab.runner.spi.PolicyInstance;
import org.schedlab.runner.spi.PolicyOption;
import org.schedlab.runner.spi.SchedulerPolicy;

/**
 * A policy as the pipeline runs it: created, and asked once for what the runner needs before a run
 * ({@code name()}, {@code spec()}, {@code dispatchMode()}), under the {@link Watchdog}. A policy's fault there
 * (its constructor throws or never returns, a method throws or returns null) is not the pipeline's: it is
 * kept as this policy's {@link #fault()}, and every check of the policy ends in ERROR with it as one line,
 * while the other policies' checks run. An unknown name or a bad option stays the user's mistake
 * ({@link IllegalArgumentException}).
 */
public final class GuardedPolicy implements SchedulerPolicy {

    private final String spec;
    private final String name;
    private final DispatchMode mode;
    private final SchedulerPolicy policy;
    private final Optional<String> fault;

    private GuardedPolicy(String spec, String name, DispatchMode mode, SchedulerPolicy policy, Optional<String> fault) {
        this.spec = spec;
        this.name = name;
        this.mode = mode;
        this.policy = policy;
        this.fault = fault;
    }

    /** What the runner asks a policy before a run, as it answered; or the fault; or the user's mistake. */
    private record Probe(SchedulerPolicy policy, String name, String spec, DispatchMode mode, String fault,
                         IllegalArgumentException usage) {

        static Probe fault(String fault) {
            return new Probe(null, null, null, null, fault, null);
        }
    }

    /**
     * The policy {@code spec} names ({@link Policies#create(String, ClassLoader)}), created and probed within
     * {@code timeout} (none: as long as it takes).
     *
     * @throws IllegalArgumentException for an unknown name or a bad option (the message lists the known ones)
     */
    public static GuardedPolicy create(String spec, ClassLoader loader, Optional<Duration> timeout) {
        Objects.requireNonNull(spec, "spec");
        Watchdog.Outcome<Probe> o = Watchdog.call(new Watchdog.Activity(spec, "being created"), timeout, () -> {
            SchedulerPolicy p;
            try {
                p = Policies.create(spec, loader);
            } catch (IllegalArgumentException e) {
                return new Probe(null, null, null, null, null, e);
            }
            return probe(spec, p);
        });
        return of(spec, o, timeout, "its creation");
    }

    /** {@code policy}, made elsewhere, probed within {@code timeout}; {@code given} is how the user named it. */
    public static GuardedPolicy of(SchedulerPolicy policy, String given, Optional<Duration> timeout) {
        Objects.requireNonNull(policy, "policy");
        Watchdog.Outcome<Probe> o = Watchdog.call(new Watchdog.Activity(given, "being created"), timeout,
                () -> probe(given, policy));
        return of(given, o, timeout, "its first calls");
    }

    private static GuardedPolicy of(String given, Watchdog.Outcome<Probe> o, Optional<Duration> timeout, String what) {
        if (o instanceof Watchdog.Done<Probe> d) {
            Probe p = d.value();
            if (p.usage() != null) {
                throw new IllegalArgumentException(p.usage().getMessage(), p.usage());
            }
            if (p.fault() != null) {
                return faulty(given, p.fault());
            }
            return new GuardedPolicy(p.spec(), p.name(), p.mode(), p.policy(), Optional.empty());
        }
        if (o instanceof Watchdog.Threw<Probe> t) {
            // Policies.create: a constructor that threw, a class that could not be initialised. Out of memory or
            // stack is the Java machine's trouble, not the policy's: it stays an error of the whole command.
            Throwable e = t.error();
            if (e instanceof VirtualMachineError v) {
                throw v;
            }
            return faulty(given, "policy " + given + " could not be created: " + describe(e));
        }
        Watchdog.Abandoned<Probe> a = (Watchdog.Abandoned<Probe>) o;
        return faulty(given, "policy " + given + ": " + what + (a.interrupted() ? " was interrupted"
                : " did not return within the timeout of " + Numbers.format(timeout.orElseThrow().toNanos() / 1e9) + " s")
                + a.where().map(w -> " (in " + w + ")").orElse(""));
    }

    private static Probe probe(String given, SchedulerPolicy p) {
        if (p == null) {
            return Probe.fault("policy " + given + ": withOptions returned null");
        }
        Object[] answers = new Object[3];
        String[] methods = {"name()", "spec()", "dispatchMode()"};
        List<Supplier<Object>> asks = List.of(p::name, p::spec, p::dispatchMode);
        for (int i = 0; i < 3; i++) {
            try {
                answers[i] = asks.get(i).get();
            } catch (RuntimeException | LinkageError | AssertionError e) {
                return Probe.fault("policy " + given + ": " + methods[i] + " threw " + describe(e));
            }
            if (answers[i] == null) {
                return Probe.fault("policy " + given + ": " + methods[i] + " returned null");
            }
        }
        return new Probe(p, (String) answers[0], (String) answers[1], (DispatchMode) answers[2], null, null);
    }

    /** {@code java.lang.IllegalStateException: boom (at p.Bad.name(Bad.java:8))}: what and where, on one line. */
    static String describe(Throwable e) {
        String what = String.valueOf(e).replace('\n', ' ');
        StackTraceElement[] stack = e.getStackTrace();
        for (StackTraceElement f : stack) {
            if (!Watchdog.own(f.getClassName()) && !f.getClassName().equals(Policies.class.getName())) {
                return what + " (at " + f + ")";
            }
        }
        return what;
    }

    private static GuardedPolicy faulty(String given, String fault) {
        return new GuardedPolicy(given, given, DispatchMode.DISPATCH_VECTORS, null, Optional.of(fault));
    }

    /** Why this policy cannot run, as one line naming it; empty when it can. */
    public Optional<String> fault() {
        return fault;
    }

    @Override
    public String name() {
        return name;
    }

    /** As the policy said, or as the user named it when the policy could not say. */
    @Override
    public String spec() {
        return spec;
    }

    @Override
    public DispatchMode dispatchMode() {
        return mode;
    }

    /** The policy's instance for a run. */
    @Override
    public PolicyInstance start(PolicyContext context) {
        if (fault.isPresent()) {
            throw new IllegalStateException(fault.get());
        }
        return policy.start(context);
    }

    @Override
    public SchedulerPolicy withOptions(Map<String, String> options) {
        if (fault.isPresent()) {
            throw new IllegalStateException(fault.get());
        }
        return policy.withOptions(options);
    }

    @Override
    public List<PolicyOption> options() {
        return fault.isPresent() ? List.of() : policy.options();
    }

    @Override
    public String toString() {
        return spec;
    }
}
