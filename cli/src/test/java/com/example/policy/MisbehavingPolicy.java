package com.example.policy;

import java.util.Map;
import org.schedlab.runner.policy.Policies;
import org.schedlab.runner.spi.DispatchMode;
import org.schedlab.runner.spi.PolicyContext;
import org.schedlab.runner.spi.PolicyInstance;
import org.schedlab.runner.spi.SchedulerPolicy;
import org.schedlab.runner.spi.WindowView;

/**
 * A user's policy gone wrong (in a package of its own, as a user's is), loaded by class name
 * ({@code --policy com.example.policy.MisbehavingPolicy:do=loop,at=urgency}).
 * It runs as {@code fair} except at {@code at} (constructor, start, urgency, windowEnd, name, spec, dispatchMode),
 * where it does {@code do}: {@code loop} forever, {@code exit} (System.exit(0)), {@code throw}, or return
 * {@code null}.
 */
public final class MisbehavingPolicy implements SchedulerPolicy {

    public static final String CLASS = MisbehavingPolicy.class.getName();

    private final String what;
    private final String at;

    public MisbehavingPolicy() {
        this("", "");
    }

    private MisbehavingPolicy(String what, String at) {
        this.what = what;
        this.at = at;
        misbehave("constructor");
    }

    /** {@code CLASS:do=WHAT,at=AT}. */
    public static String spec(String what, String at) {
        return CLASS + ":do=" + what + ",at=" + at;
    }

    private Object misbehave(String where) {
        if (!where.equals(at)) {
            return "fine";
        }
        switch (what) {
            case "loop" -> {
                long n = 0;
                while (n >= 0) {
                    n++;
                    Thread.onSpinWait();
                }
                return null;
            }
            case "exit" -> {
                System.exit(0);
                return null;
            }
            case "throw" -> throw new IllegalStateException("misbehaving in " + where);
            default -> {
                return null;
            }
        }
    }

    @Override
    public String name() {
        return misbehave("name") == null ? null : "misbehaving";
    }

    @Override
    public String spec() {
        return misbehave("spec") == null ? null : spec(what, at);
    }

    @Override
    public DispatchMode dispatchMode() {
        return misbehave("dispatchMode") == null ? null : DispatchMode.DISPATCH_VECTORS;
    }

    @Override
    public SchedulerPolicy withOptions(Map<String, String> options) {
        return options.isEmpty() ? this : new MisbehavingPolicy(options.getOrDefault("do", ""), options.getOrDefault("at", ""));
    }

    @Override
    public PolicyInstance start(PolicyContext context) {
        misbehave("start");
        PolicyInstance fair = Policies.create("fair").start(context);
        return new PolicyInstance() {
            @Override
            public long urgency(int vcpu, Reprice why, long nowMicros) {
                misbehave("urgency");
                return fair.urgency(vcpu, why, nowMicros);
            }

            @Override
            public void charged(int vcpu, long rawMicros, long nowMicros) {
                fair.charged(vcpu, rawMicros, nowMicros);
            }

            @Override
            public void windowEnd(WindowView window) {
                misbehave("windowEnd");
                fair.windowEnd(window);
            }

            @Override
            public boolean onLimitList(int bucket, WindowView window) {
                return fair.onLimitList(bucket, window);
            }
        };
    }

    /** A policy whose public no-argument constructor throws: found by class name, it never gets to run. */
    public static final class ConstructorThrows implements SchedulerPolicy {

        public ConstructorThrows() {
            throw new IllegalStateException("no licence for this policy");
        }

        @Override
        public String name() {
            return "constructor-throws";
        }

        @Override
        public PolicyInstance start(PolicyContext context) {
            throw new UnsupportedOperationException();
        }
    }
}
