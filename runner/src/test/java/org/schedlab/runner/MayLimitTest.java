package org.schedlab.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.schedlab.core.Problem;
import org.schedlab.runner.policy.Policies;
import org.schedlab.runner.result.IntervalSample;
import org.schedlab.runner.result.RunSummary;
import org.schedlab.runner.spi.DispatchMode;
import org.schedlab.runner.spi.PolicyContext;
import org.schedlab.runner.spi.PolicyInstance;
import org.schedlab.runner.spi.SchedulerPolicy;
import org.schedlab.runner.spi.WindowView;

/** The dispatcher asks a policy about limits only for the buckets its {@code mayLimit} allows, and nothing else changes. */
class MayLimitTest {

    /** Hard and soft limits, a capped CPU pool, and buckets with no limit at all, on CPs and IFLs. */
    private static final Problem MIXED = Runs.one("""
            LPAR CP.3 IFL.2
            CPUPOOL P CP CAPACITY 1
            PROBLEM MIXED
            USER A CP.100-R
              VCPU 0 CP *
              VCPU 1 CP 40
            USER B CP.200-R,30-AL
              VCPU 0 CP *
            USER C CP.100-R,20-AS
              VCPU 0 CP *
            USER D CP.800-R POOL P
              VCPU 0 CP *
              VCPU 1 CP *
            USER E CP.300-R IFL.100-R,50-RS
              VCPU 0 CP 70
              VCPU 1 IFL *
              VCPU 2 IFL *
            USER F IFL.100-R
              VCPU 0 IFL *
            RUNIT
            """);

    /**
     * The named policy, counting the dispatcher's {@code onLimitList} asks; with {@code askedAboutAll} its
     * {@code mayLimit} allows every bucket, so the dispatcher asks about all of them, as before {@code mayLimit}.
     */
    private record Counted(String spec, boolean askedAboutAll, AtomicLong asks) implements SchedulerPolicy {
        @Override
        public String name() {
            return "counted";
        }

        @Override
        public PolicyInstance start(PolicyContext context) {
            return new ForwardingPolicyInstance(Policies.create(spec).start(context)) {
                @Override
                public boolean mayLimit(int bucket) {
                    return askedAboutAll || super.mayLimit(bucket);
                }

                @Override
                public boolean onLimitList(int bucket, WindowView window) {
                    asks.incrementAndGet();
                    return super.onLimitList(bucket, window);
                }
            };
        }

        @Override
        public DispatchMode dispatchMode() {
            return Policies.create(spec).dispatchMode();
        }
    }

    private static List<Object> run(SchedulerPolicy policy) throws RunException {
        List<IntervalSample> out = new ArrayList<>();
        RunSummary summary = Runner.run(MIXED, policy, Runs.seconds(4), out::add);
        return List.of(out, summary);
    }

    @ParameterizedTest
    @ValueSource(strings = {"fair", "zvm63", "zvm64"})
    void mayLimit_unlimitedBucketsNotAsked_sameResults(String spec) throws RunException {
        AtomicLong all = new AtomicLong();
        AtomicLong some = new AtomicLong();
        List<Object> askedAboutAll = run(new Counted(spec, true, all));
        List<Object> asked = run(new Counted(spec, false, some));
        assertEquals(askedAboutAll, asked, "the same intervals and summary, bit for bit");
        assertTrue(some.get() > 0, "the limited buckets are still asked");
        assertTrue(some.get() < all.get(), "fewer asks: " + some + " against " + all);
    }
}
