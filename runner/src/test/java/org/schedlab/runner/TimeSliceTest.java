package org.schedlab.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.schedlab.core.Problem;
import org.schedlab.runner.policy.Policies;
import org.schedlab.runner.spi.ModelConstants;
import org.schedlab.runner.spi.PolicyContext;
import org.schedlab.runner.spi.PolicyInstance;
import org.schedlab.runner.spi.SchedulerPolicy;

/** The minor time slice (SRM DSPSLICE) and SMT-2's "time slice early". */
class TimeSliceTest {

    private static final String TWO_HOGS = """
            LPAR CP.1
            %s
            PROBLEM T
            USER A CP.100-R
              VCPU 0 CP *
            USER B CP.100-R
              VCPU 0 CP *
            RUNIT
            """;

    @Test
    void sieExits_twoUnboundedOnOneCpu_delayIsARunNotASlice() throws Exception {
        // Two always-ready VMDBKs on one CPU: the burners leave SIE every sieRunMicros on average, so CP switches
        // between them far more often than every minor time slice, and the slice hardly matters.
        double defaultSlice = Runs.run(Runs.one(TWO_HOGS.formatted("")), "fair", Runs.seconds(3))
                .summary().meanDispatchDelayUs();
        double eightMs = Runs.run(Runs.one(TWO_HOGS.formatted("SRM DSPSLICE 8")), "fair", Runs.seconds(3))
                .summary().meanDispatchDelayUs();
        double run = ModelConstants.DEFAULT.sieRunMicros();
        assertTrue(defaultSlice > run / 4 && defaultSlice < run * 1.5, "a 5 ms slice: " + defaultSlice);
        assertEquals(defaultSlice, eightMs, defaultSlice * 0.15, "SRM DSPSLICE 8 changes little");
    }

    private static final String ONE_BURNER = """
            LPAR IFL.1
            %s
            PROBLEM T
            USER A IFL.100-R
              VCPU 0 IFL 60
            RUNIT
            """;

    @Test
    void timeSliceEarly_smt2_waitAfterHalfSliceClosesIt() throws Exception {
        // A 60% burner works 6 ms of each 10 ms period. Under SMT-2 (10 ms slice) it waits after using
        // more than half its slice, so the slice ends and every wake is priced afresh. With the same 10 ms
        // slice and no SMT the slice stays open across the short waits and the old priority is kept.
        long smt = wakes(Runs.one(ONE_BURNER.formatted("MULTITHREAD IFL.2")));
        long noSmt = wakes(Runs.one(ONE_BURNER.formatted("SRM DSPSLICE 10")));
        long periods = 3_000_000 / RunConfig.DEFAULT_BURNER_PERIOD_MICROS;
        assertTrue(smt >= periods * 9 / 10, "SMT-2: a fresh price at (nearly) every wake, got " + smt);
        assertTrue(noSmt * 3 < smt, "no SMT: the open slice keeps its price, got " + noSmt + " vs " + smt);
    }

    /** How often the policy was asked to price a wake-up, over a 3 s run. */
    private static long wakes(Problem p) throws RunException {
        long[] count = new long[1];
        SchedulerPolicy fair = Policies.create("fair");
        SchedulerPolicy counting = new SchedulerPolicy() {
            @Override
            public String name() {
                return "counting";
            }

            @Override
            public PolicyInstance start(PolicyContext context) {
                return new ForwardingPolicyInstance(fair.start(context)) {
                    @Override
                    public boolean keepsPriorityOverShortWait() {
                        return true;
                    }

                    @Override
                    public long urgency(int vcpu, Reprice why, long now) {
                        if (why == Reprice.WAKE) {
                            count[0]++;
                        }
                        return super.urgency(vcpu, why, now);
                    }
                };
            }
        };
        Runner.run(p, counting, Runs.seconds(3), RunListener.NONE);
        return count[0];
    }
}
