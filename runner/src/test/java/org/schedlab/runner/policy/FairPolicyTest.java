package org.schedlab.runner.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.schedlab.core.Problem;
import org.schedlab.runner.spi.PolicyContext;
import org.schedlab.runner.spi.SchedulerPolicy;
import org.schedlab.runner.spi.VcpuStatus;
import org.schedlab.runner.testkit.PolicyHarness;

/** The fair policy's pricing, fed by hand through the test kit: fluid targets (the default) and share weights. */
class FairPolicyTest {

    /** The policy's key resolution: virtual time units per microsecond/weight. */
    private static final double SCALE = 1024;

    /** The entitlement-weighted variant: virtual time by share, readjusted when infeasible. */
    private static final SchedulerPolicy SHARE = Policies.create("fair:weights=share");

    /** On two CPs A (RELATIVE 300) would be entitled to 120: the allocation gives it a whole CP, B and C 50 each. */
    private static final Problem WHOLE_AND_TWO_HALVES = PolicyHarness.problem("""
            LPAR CP.2
            PROBLEM W
            USER A CP.300-R
              VCPU 0 CP *
            USER B CP.100-R
              VCPU 0 CP *
            USER C CP.100-R
              VCPU 0 CP *
            RUNIT
            """);

    private static PolicyHarness harness() {
        return harness(SHARE);
    }

    private static PolicyHarness harness(SchedulerPolicy policy) {
        return PolicyHarness.start(PolicyHarness.problem("""
                LPAR CP.1
                PROBLEM P
                USER A CP.100-R
                  VCPU 0 CP *
                USER B CP.300-R
                  VCPU 0 CP *
                RUNIT
                """), policy);
    }

    /** Before any demand is seen, the targets are the all-{@code *} allocation: A 25, B 75 of the one CP. */
    @Test
    void charged_fluid_virtualTimeAdvancesByRawOverTarget() {
        PolicyHarness h = harness(new FairPolicy());
        long a0 = h.wake(0);
        long b0 = h.wake(1);
        h.advance(3_000).charge(0, 3_000).charge(1, 3_000);
        assertEquals((long) (3_000 / 25.0 * SCALE), h.sliceEnd(0) - a0);
        assertEquals((long) (3_000 / 75.0 * SCALE), h.sliceEnd(1) - b0);
    }

    /**
     * B runs three seconds while A sleeps: A is seen waiting at three edges in a row, one wait lasting a second, and
     * using nothing (its rate, started at its all-{@code *} 25, has decayed to nothing), so it is a donor, and the
     * allocation, made on what donors use, gives B the whole CP; A keeps a weight of the headroom alone (0.25) to
     * be ordered by. A waking far behind is floored two slices of fluid time (2 slice / 100 in virtual time)
     * behind the clock, whatever its rate; B's virtual time now advances by raw / 100.
     */
    @Test
    void wake_fluidFarBehindPoolClock_flooredTwoSlicesOfFluidTime() {
        PolicyHarness h = harness(new FairPolicy());
        long slice = h.context().dispatchPools().get(0).sliceMicros();
        h.wake(1);
        for (int i = 0; i < 3; i++) {
            h.advance(1_000_000).charge(1, 1_000_000);
            h.window().status(0, VcpuStatus.WAITING).status(1, VcpuStatus.RUNNING);
            h.endWindow();
        }
        double clock = 3_000_000 / 75.0;
        assertEquals((long) ((clock - 2 * slice / 100.0) * SCALE), h.wake(0), "A keeps two slices of fluid time");
        long b0 = h.sliceEnd(1);
        h.advance(10_000).charge(1, 10_000);
        assertEquals(10_000 / 100.0 * SCALE, h.sliceEnd(1) - b0, 2, "B weighted by its new target, the whole CP");
    }

    /**
     * A wait seen at one edge only may be an SIE exit of an always-ready burner: A stays {@code *} and keeps its
     * all-{@code *} target (25), so its virtual time still advances by raw / 25.
     */
    @Test
    void endWindow_fluidWaitingAtOneEdgeOnly_stillAlwaysReady() {
        PolicyHarness h = harness(new FairPolicy());
        long a0 = h.wake(0);
        h.wake(1);
        h.advance(500_000).charge(1, 500_000);
        h.window().status(0, VcpuStatus.WAITING).status(1, VcpuStatus.RUNNING);
        h.endWindow();
        h.advance(500_000).charge(0, 5_000).charge(1, 495_000);
        h.window().status(0, VcpuStatus.RUNNING).status(1, VcpuStatus.RUNNING);
        h.endWindow();
        assertEquals((long) (5_000 / 25.0 * SCALE), h.sliceEnd(0) - a0, "A's target is still 25");
    }

    /**
     * One short wait, seen at two edges, is not enough to make A a donor: a virtual CPU above its share can finish a
     * period in a lucky burst. A stays {@code *}, so the allocation stays 25 / 75 and B's virtual time still advances
     * by raw / 75 (as a donor at its rate, about 24, A would leave B about 76).
     */
    @Test
    void endWindow_fluidOneShortWait_stillAlwaysReady() {
        PolicyHarness h = harness(new FairPolicy());
        h.wake(0);
        h.wake(1);
        for (int i = 0; i < 4; i++) {
            h.advance(2_000).charge(1, 2_000);
            h.window().status(0, i < 2 ? VcpuStatus.WAITING : VcpuStatus.READY).status(1, VcpuStatus.RUNNING);
            h.endWindow();
        }
        long b0 = h.sliceEnd(1);
        h.advance(7_500).charge(1, 7_500);
        assertEquals(7_500 / 75.0 * SCALE, h.sliceEnd(1) - b0, 2, "B's target is still 75");
    }

    /** A, with a whole CP, goes first even with its virtual time far ahead: it has no slack, and what it misses is lost. */
    @Test
    void urgency_fluidWholeCpuTarget_aheadOfFractionalTargetsWhateverTheVirtualTime() {
        PolicyHarness h = PolicyHarness.start(WHOLE_AND_TWO_HALVES, new FairPolicy());
        h.wake(0);
        long b = h.wake(1);
        h.advance(50_000).charge(0, 50_000);
        long a = h.sliceEnd(0);
        assertTrue(a < b, "A, 50 ms ahead in raw time, still before B: " + a + " vs " + b);
        assertEquals(b, h.wake(2), "B and C, both at 50, keep plain virtual-time order");
    }

    /** The same problem: A, owed its whole CP, keeps it over its SIE exits; B and C, time-sliced at 50, hand theirs over. */
    @Test
    void keepsCpuAtSieExit_fluid_onlyWholeCpuTargets() {
        PolicyHarness h = PolicyHarness.start(WHOLE_AND_TWO_HALVES, new FairPolicy());
        assertTrue(h.instance().keepsCpuAtSieExit(0), "A, whole CP");
        assertFalse(h.instance().keepsCpuAtSieExit(1), "B, 50");
        assertFalse(h.instance().keepsCpuAtSieExit(2), "C, 50");
        assertFalse(PolicyHarness.start(h.context().problem(), SHARE).instance().keepsCpuAtSieExit(0),
                "weights=share leaves every exit to the dispatcher");
    }

    @Test
    void wake_notBehind_keepsItsVirtualTime() {
        PolicyHarness h = harness();
        double wa = h.context().vcpus().get(0).weight();
        h.wake(0);
        h.advance(50_000).charge(0, 50_000);
        h.window().status(0, VcpuStatus.WAITING).status(1, VcpuStatus.WAITING);
        h.endWindow();
        assertEquals((long) (50_000 / wa * SCALE), h.wake(0), "ahead of the clock: no floor applies");
    }
}
