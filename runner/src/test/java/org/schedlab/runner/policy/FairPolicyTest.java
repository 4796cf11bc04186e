package org.schedlab.runner.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
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
     * B runs a second while A sleeps: A is seen waiting and using nothing, so the allocation gives it 1 (its
     * observed demand) and B 99. A waking far behind is floored one slice of fluid time (slice / 100 in virtual
     * time) behind the clock, whatever its rate; B's virtual time now advances by raw / 99.
     */
    @Test
    void wake_fluidFarBehindPoolClock_flooredOneSliceOfFluidTime() {
        PolicyHarness h = harness(new FairPolicy());
        long slice = h.context().dispatchPools().get(0).sliceMicros();
        h.wake(1);
        h.advance(1_000_000).charge(1, 1_000_000);
        h.window().status(0, VcpuStatus.WAITING).status(1, VcpuStatus.RUNNING);
        h.endWindow();
        double clock = 1_000_000 / 75.0;
        assertEquals((long) ((clock - slice / 100.0) * SCALE), h.wake(0), "A keeps one slice of fluid time");
        long b0 = h.sliceEnd(1);
        h.advance(9_900).charge(1, 9_900);
        assertEquals((long) (9_900 / 99.0 * SCALE), h.sliceEnd(1) - b0, "B weighted by its new target");
    }

    @Test
    void charged_virtualTimeAdvancesByRawOverWeight() {
        PolicyHarness h = harness();
        PolicyContext ctx = h.context();
        double wa = ctx.vcpus().get(0).weight();
        double wb = ctx.vcpus().get(1).weight();
        assertEquals(3, wb / wa, 1e-9, "B has three times A's weight");
        long a0 = h.wake(0);
        long b0 = h.wake(1);
        h.advance(3_000).charge(0, 3_000).charge(1, 3_000);
        assertEquals((long) (3_000 / wa * SCALE), h.sliceEnd(0) - a0);
        assertEquals((long) (3_000 / wb * SCALE), h.sliceEnd(1) - b0);
    }

    @Test
    void wake_farBehindPoolClock_flooredOneSliceOfLagBehind() {
        PolicyHarness h = harness();
        PolicyContext ctx = h.context();
        double wa = ctx.vcpus().get(0).weight();
        double wb = ctx.vcpus().get(1).weight();
        long slice = ctx.dispatchPools().get(0).sliceMicros();
        // B runs a long time while A sleeps: the pool clock follows B.
        h.wake(1);
        h.advance(1_000_000).charge(1, 1_000_000);
        h.window().status(0, VcpuStatus.WAITING).status(1, VcpuStatus.RUNNING);
        h.endWindow();
        double clock = 1_000_000 / wb;
        assertEquals((long) ((clock - slice / wa) * SCALE), h.wake(0), "A banks no more than one slice of lag");
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
