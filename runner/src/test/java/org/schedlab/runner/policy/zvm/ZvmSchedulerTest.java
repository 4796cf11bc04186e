package org.schedlab.runner.policy.zvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.schedlab.runner.policy.Policies;
import org.schedlab.runner.spi.ModelConstants;
import org.schedlab.runner.spi.VcpuStatus;
import org.schedlab.runner.testkit.PolicyHarness;

/** The z/VM dispatch priorities (6.3's deadline, 6.4's stale ratio, UPDPRIO2), fed by hand through the test kit. */
class ZvmSchedulerTest {

    private static final ModelConstants K = ModelConstants.DEFAULT;
    /** CP's default minor time slice on a single-threaded core. */
    private static final double SLICE = 5_000;

    private static final String TWO = """
            LPAR CP.1
            PROBLEM P
            USER A CP.%d-R
              VCPU 0 CP *
            USER B CP.%d-R
              VCPU 0 CP *
            RUNIT
            """;

    private static PolicyHarness harness(String spec, int shareA, int shareB) {
        return PolicyHarness.start(PolicyHarness.problem(TWO.formatted(shareA, shareB)), Policies.create(spec));
    }

    /** zvm63 with only the deadline itself: no history, no clamp, entitlements over every user. */
    private static final String DEADLINE_ONLY = "zvm63:since-logon-memory=off,dispatch-list-entitlement=off,"
            + "heuristics=off,relative-limit=off,normalizer=off,limitsoft-leak=off";

    @Test
    void deadline_largerShare_earlierByTheOffsetDifference() {
        // Entitled to 25% and 75% of the CP and nothing consumed: the feedback is the same for both, and the
        // deadlines differ by deadlineScale slices over each entitlement in CPUs.
        PolicyHarness h = harness(DEADLINE_ONLY, 100, 300).advance(1_000_000);
        long a = h.sliceEnd(0);
        long b = h.sliceEnd(1);
        assertEquals(K.deadlineScale() * SLICE * (1 / 0.25 - 1 / 0.75), a - b, 2);
    }

    @Test
    void deadline_unclamped_feedbackChargesWhatWasRun() {
        // Without the clamp the feedback turns the deadline into a virtual time: 10 ms more consumption at an
        // entitlement of half the CP pushes the deadline back 20 ms (minus what the forgetting window decays).
        PolicyHarness h = harness(DEADLINE_ONLY, 100, 100).advance(1_000_000);
        long before = h.sliceEnd(0) - h.sliceEnd(1);
        h.charge(0, 10_000);
        long after = h.sliceEnd(0) - h.sliceEnd(1);
        assertEquals(0, before);
        assertEquals(20_000, after, 20_000 * 0.01);
    }

    @Test
    void clamp_bothFarOverEntitlement_lookAlike() {
        // Since logon (60 s of history at the default share, then these charges) both are tens of seconds ahead
        // of their entitlement: clamped, the feedback is the same bound for both and only the offsets differ.
        PolicyHarness on = harness("zvm63:dispatch-list-entitlement=off,normalizer=off", 100, 100);
        PolicyHarness off = harness("zvm63:dispatch-list-entitlement=off,normalizer=off,heuristics=off", 100, 100);
        for (PolicyHarness h : new PolicyHarness[] {on, off}) {
            h.advance(100_000).charge(0, 40_000_000).charge(1, 10_000_000);
        }
        assertEquals(on.sliceEnd(0), on.sliceEnd(1), "clamped to the same bound: the offset alone decides");
        assertTrue(off.sliceEnd(0) - off.sliceEnd(1) > 1_000_000, "without the clamp the heavier user waits longer");
    }

    @Test
    void clamp_largestShareTakesTheExcess() {
        // Both far over their entitlements (the excess of MZ0's recipients): clamped alike, the larger share keeps
        // the earlier deadline however much more it has run.
        PolicyHarness h = harness("zvm63:dispatch-list-entitlement=off,normalizer=off", 100, 300);
        h.advance(100_000).charge(0, 1_000_000).charge(1, 50_000_000);
        assertTrue(h.sliceEnd(1) < h.sliceEnd(0));
    }

    @Test
    void stale_waitingKey_losesToAFreshOne_updprio2KeepsThemEqual() {
        // Two VMDBKs with the same consumption and entitlement, priced 100 ms apart. Shipped 6.4: the key priced
        // earlier still carries the rate as it stood then, higher than now (stale: it looks less urgent).
        // UPDPRIO2: keys that never go stale, so the two stay tied.
        for (String spec : new String[] {"zvm64", "zvm64:updprio2=on"}) {
            PolicyHarness h = harness(spec, 100, 100).advance(500_000).charge(0, 100_000).charge(1, 100_000);
            long early = h.sliceEnd(0);
            h.advance(100_000);
            long late = h.sliceEnd(1);
            if (spec.equals("zvm64")) {
                assertTrue(early > late, "stale: the waiting key looks worse, " + early + " vs " + late);
                assertEquals(100_000 / K.forgetTauMicros(), (early - late) / 1e12, 1e-6);
            } else {
                assertEquals(early, late, "exact ordering");
            }
        }
    }

    private static final String LIST_ENTITLEMENT =
            "zvm63:since-logon-memory=off,heuristics=off,relative-limit=off,limitsoft-leak=off";

    /** 100/e(B) - 100/e(A) read off the deadline offsets (no consumption: the feedback is the same for both). */
    private static double inverseGap(PolicyHarness h) {
        return (h.sliceEnd(1) - h.sliceEnd(0)) / (K.deadlineScale() * SLICE) * 100;
    }

    @Test
    void normalizer_defective_keepsTheLogonOrderError() {
        // A logged on alone (entitled to the whole CP), B over A and B (50): the right entitlements are 50 and 50.
        PolicyHarness h = harness(LIST_ENTITLEMENT, 100, 100);
        assertEquals(100 / 50.0 - 100 / 100.0, inverseGap(h) / 100, 1e-3);
        h.window().status(0, VcpuStatus.RUNNING).status(1, VcpuStatus.READY);
        h.advance(K.normalizeMicros()).endWindow();
        double g = K.normalizerGain();
        // One pass: rescaled to the capacity (200/3 : 100/3), then pulled the gain toward 50 : 50.
        double a = 200.0 / 3 + g * (50 - 200.0 / 3);
        double b = 100.0 / 3 + g * (50 - 100.0 / 3);
        assertEquals(100 / b - 100 / a, inverseGap(h) / 100, 1e-3);
        assertTrue(inverseGap(h) > 100, "the error is worked off over seconds, not at once");
    }

    @Test
    void normalizer_repaired_recomputesOverTheList() {
        PolicyHarness h = harness(LIST_ENTITLEMENT + ",normalizer=off", 100, 100);
        assertTrue(inverseGap(h) > 99);
        h.window().status(0, VcpuStatus.RUNNING).status(1, VcpuStatus.READY);
        h.advance(K.normalizeMicros()).endWindow();
        assertEquals(0, inverseGap(h), 1e-3);
    }
    /**
     * Defect (4) in a pool with two RELATIVE limit-shares. Resolved as the solver does (min-shares, the user's own
     * replaced by its limit-share), A's 100 is 133 of the 4 CPs and B's 300 is 240; resolved against the RELATIVE
     * limit-shares alone, A's is 100 and B's 300, and the defect keeps the larger of the two. So A is held at 133
     * either way and B at 240 only when repaired. Each bucket wants more than that; the long-run average of
     * what the limit list lets it run is its limit.
     */
    @Test
    void relativeLimit_twoInOnePool_eachResolvedAgainstTheLimitSharesAlone() {
        double[] defective = playLimits("zvm63");
        assertEquals(133.3, defective[0], 2, "A: the solver's 133 is the larger");
        assertEquals(280, defective[1], 2, "B: capped at 300, so it runs the 280 it wants");
        double[] repaired = playLimits("zvm63:relative-limit=off");
        assertEquals(133.3, repaired[0], 2);
        assertEquals(240, repaired[1], 2, "B: the solver's limit holds");
    }

    /** A wants 200 and B 280 (percent of one CP); returns what each ran on average over 20 s of windows. */
    private static double[] playLimits(String spec) {
        PolicyHarness h = PolicyHarness.start(PolicyHarness.problem("""
                LPAR CP.4
                PROBLEM P
                USER A CP.100-R,100-RL
                  VCPU 0 CP *
                  VCPU 1 CP *
                USER B CP.100-R,300-RL
                  VCPU 0 CP *
                  VCPU 1 CP *
                  VCPU 2 CP *
                USER C CP.100-R
                  VCPU 0 CP *
                RUNIT
                """), Policies.create(spec));
        long[] want = {200, 280};
        double[] ran = new double[2];
        long window = h.context().windowMicros();
        int windows = 80_000;
        for (int i = 0; i < windows; i++) {
            for (int b = 0; b < 2; b++) {
                long c = h.onLimitList(b) ? 0 : want[b] * window / 100;
                h.window().bucketStatus(b, h.onLimitList(b) ? VcpuStatus.LIMITED : VcpuStatus.RUNNING).consumed(b, c);
                ran[b] += c;
            }
            h.endWindow();
        }
        for (int b = 0; b < 2; b++) {
            ran[b] = ran[b] * 100 / ((double) windows * window);
        }
        return ran;
    }
}
