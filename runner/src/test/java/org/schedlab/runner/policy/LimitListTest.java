package org.schedlab.runner.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.schedlab.runner.spi.ModelConstants;
import org.schedlab.runner.spi.PolicyContext;
import org.schedlab.runner.spi.VcpuStatus;
import org.schedlab.runner.testkit.FakeWindow;
import org.schedlab.runner.testkit.PolicyHarness;

/** The limit list fed window by window through the test kit's {@link FakeWindow}. */
class LimitListTest {

    private static final long W = ModelConstants.DEFAULT.windowMicros();

    private static PolicyContext context(String text) {
        return PolicyHarness.start(PolicyHarness.problem(text), new FairPolicy()).context();
    }

    private static double[] correctLimits(PolicyContext ctx) {
        double[] lim = new double[ctx.buckets().size()];
        for (int b = 0; b < lim.length; b++) {
            lim[b] = ctx.buckets().get(b).limit();
        }
        return lim;
    }

    /**
     * Plays {@code windows} windows in which the buckets in {@code greedy} consume the whole window unless on
     * the list; returns each bucket's share of the time consumed, in percent of one logical CPU.
     */
    private static double[] play(PolicyContext ctx, LimitList list, FakeWindow w, int windows, int... greedy) {
        double[] used = new double[ctx.buckets().size()];
        for (int i = 0; i < windows; i++) {
            w.span(i * W, (i + 1) * W);
            for (int b : greedy) {
                long c = list.onLimitList(b) ? 0 : W;
                w.consumed(b, c).limited(b, list.onLimitList(b));
                used[b] += c;
            }
            list.windowEnd(w);
        }
        for (int b = 0; b < used.length; b++) {
            used[b] = used[b] * 100 / (windows * W);
        }
        return used;
    }

    @Test
    void hardLimit_creditOverdrawn_onListUntilAverageIsTheLimit() {
        PolicyContext ctx = context("""
                LPAR CP.2
                PROBLEM P
                USER A CP.10-A,30-AL
                  VCPU 0 CP *
                RUNIT
                """);
        double limit = ctx.buckets().get(0).limit();
        assertEquals(60, limit, 1e-9, "30% of two CPs");
        LimitList list = new LimitList(ctx, correctLimits(ctx), LimitList.SoftRule.OTHERS_FILL_POOL);
        FakeWindow w = new FakeWindow(ctx).bucketStatus(0, VcpuStatus.RUNNING);
        // The burst: a full bucket of credit lasts burst * rate / (1 - rate) windows of full consumption.
        double rate = limit / 100;
        int burstWindows = (int) (ModelConstants.DEFAULT.limitBurstMicros() * rate / ((1 - rate) * W));
        play(ctx, list, w, burstWindows, 0);
        assertFalse(list.onLimitList(0), "still within the burst credit");
        play(ctx, list, w, 1, 0);
        assertTrue(list.onLimitList(0), "credit overdrawn in the first window after the burst");
        play(ctx, list, w, 1, 0);
        assertFalse(list.onLimitList(0), "a window off the CPU earns the credit back");
        double[] used = play(ctx, list, w, 8_000, 0);
        assertEquals(limit, used[0], limit * 0.01, "the long-run average is the limit");
    }

    private static final String SOFT = """
            LPAR CP.1
            PROBLEM P
            USER S CP.100-R,20-AS
              VCPU 0 CP *
            USER O CP.100-R
              VCPU 0 CP *
            RUNIT
            """;

    /**
     * Bucket 0, greedy and soft-limited, runs under the correct rule while bucket 1 has {@code other}'s status;
     * returns bucket 0's share of the time, in percent of one logical CPU.
     */
    private static double softUse(PolicyContext ctx, VcpuStatus other) {
        LimitList list = new LimitList(ctx, correctLimits(ctx), LimitList.SoftRule.OTHERS_FILL_POOL);
        FakeWindow w = new FakeWindow(ctx).bucketStatus(0, VcpuStatus.RUNNING).bucketStatus(1, other);
        return play(ctx, list, w, 8_000, 0)[0];
    }

    @Test
    void softLimit_othersFillPool_heldBack() {
        PolicyContext ctx = context(SOFT);
        assertEquals(ctx.buckets().get(0).limit(), softUse(ctx, VcpuStatus.READY), 0.5,
                "O wants the only CPU: S held to its limit");
    }

    @Test
    void softLimit_nobodyElseWants_lifted() {
        assertEquals(100, softUse(context(SOFT), VcpuStatus.WAITING), 1e-9, "O waits: S scavenges the whole CPU");
    }

    @Test
    void softLimit_leakRule_othersAboveEntitlement_notHeld() {
        PolicyContext ctx = context(SOFT);
        LimitList leak = new LimitList(ctx, correctLimits(ctx), LimitList.SoftRule.OTHERS_BELOW_ENTITLEMENT);
        LimitList correct = new LimitList(ctx, correctLimits(ctx), LimitList.SoftRule.OTHERS_FILL_POOL);
        // O is ready and keeps consuming well above its entitlement: 6.4 judges it has enough.
        FakeWindow w = new FakeWindow(ctx).bucketStatus(0, VcpuStatus.RUNNING).bucketStatus(1, VcpuStatus.READY);
        w.consumed(1, W);
        double[] leaked = play(ctx, leak, w, 4_000, 0);
        w.consumed(1, W);
        double[] held = play(ctx, correct, w, 4_000, 0);
        assertTrue(leaked[0] > 90, "the leak lets S run: " + leaked[0]);
        assertEquals(ctx.buckets().get(0).limit(), held[0], 0.5);
    }

    @Test
    void cpuPoolCap_membersTogether_heldToTheCap() {
        PolicyContext ctx = context("""
                LPAR CP.4
                CPUPOOL LINUX CP CAPACITY 1
                PROBLEM P
                USER A CP.100-R POOL LINUX
                  VCPU 0 CP *
                USER B CP.100-R POOL LINUX
                  VCPU 0 CP *
                RUNIT
                """);
        assertEquals(1, ctx.cpuPools().size());
        double cap = ctx.cpuPools().get(0).cap();
        LimitList list = new LimitList(ctx, correctLimits(ctx), LimitList.SoftRule.OTHERS_FILL_POOL);
        FakeWindow w = new FakeWindow(ctx).bucketStatus(0, VcpuStatus.RUNNING).bucketStatus(1, VcpuStatus.RUNNING);
        double[] used = play(ctx, list, w, 8_000, 0, 1);
        assertEquals(cap, used[0] + used[1], cap * 0.01, "the members together use the cap");
        assertEquals(used[0], used[1], 1e-9, "the cap lists members together");
    }

    private static final String SOFT_BESIDE_CAPPED_POOL = """
            LPAR CP.2
            CPUPOOL P CP CAPACITY %s
            PROBLEM P
            USER S CP.100-R,20-AS
              VCPU 0 CP *
            USER A CP.100-R POOL P
              VCPU 0 CP *
              VCPU 1 CP *
            RUNIT
            """;

    @Test
    void softLimit_cpuPoolCapLeavesCapacity_lifted() {
        // A's two virtual CPUs want 2 CPs, but its CPU pool caps them at 1: with S's limit (20% of the partition,
        // 0.4 CP) the pool's 2 CPs are not filled, so S scavenges.
        assertEquals(100, softUse(context(SOFT_BESIDE_CAPPED_POOL.formatted("1")), VcpuStatus.READY), 1e-9,
                "S scavenges the whole CPU");
    }

    @Test
    void softLimit_cpuPoolCapFillsWithTheOthers_held() {
        PolicyContext ctx = context(SOFT_BESIDE_CAPPED_POOL.formatted("2"));
        assertEquals(ctx.buckets().get(0).limit(), softUse(ctx, VcpuStatus.READY), 0.5,
                "A fills its 2 CPs: S is held to its limit");
    }

    @Test
    void ratePct_ruleThatDoesNotReadIt_refused() {
        PolicyContext ctx = context(SOFT);
        LimitList list = new LimitList(ctx, correctLimits(ctx), LimitList.SoftRule.OTHERS_FILL_POOL);
        assertThrows(IllegalStateException.class, () -> list.ratePct(0));
    }

    @Test
    void ratePct_leakRule_followsConsumption() {
        PolicyContext ctx = context(SOFT);
        LimitList leak = new LimitList(ctx, correctLimits(ctx), LimitList.SoftRule.OTHERS_BELOW_ENTITLEMENT);
        FakeWindow w = new FakeWindow(ctx).bucketStatus(0, VcpuStatus.WAITING).bucketStatus(1, VcpuStatus.RUNNING);
        play(ctx, leak, w, 40_000, 1);
        assertEquals(100, leak.ratePct(1), 0.5, "O ran every window");
        assertEquals(0, leak.ratePct(0), 1e-9, "S never ran");
    }
}
