package org.schedlab.runner.policy.zvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.schedlab.runner.policy.Policies;
import org.schedlab.runner.spi.ModelConstants;
import org.schedlab.runner.spi.VcpuStatus;
import org.schedlab.runner.testkit.PolicyHarness;

/** The z/VM heuristic clamp and normalizer, fed by hand through the test kit. */
class ZvmSchedulerTest {

    /** The scheduler's log-domain key resolution. */
    private static final double LOG_KEY_SCALE = 1e12;

    private static final String TWO = """
            LPAR CP.1
            PROBLEM P
            USER A CP.100-R
              VCPU 0 CP *
            USER B CP.100-R
              VCPU 0 CP *
            RUNIT
            """;

    private static PolicyHarness harness(String spec) {
        return PolicyHarness.start(PolicyHarness.problem(TWO), Policies.create(spec));
    }

    private static final String HEURISTICS_ONLY =
            "zvm63:since-logon-memory=off,dispatch-list-entitlement=off,relative-limit=off,normalizer=off,limitsoft-leak=off";

    @Test
    void clamp_bothFarOverEntitlement_lookAlike() {
        PolicyHarness on = harness(HEURISTICS_ONLY);
        PolicyHarness off = harness("zvm64");
        for (PolicyHarness h : new PolicyHarness[] {on, off}) {
            // Entitled to half the CPU each, A has used 40 s and B 10 s worth over a 2 s forgetting window:
            // both far above twice their entitlement.
            h.advance(100_000).charge(0, 40_000_000).charge(1, 10_000_000);
        }
        assertEquals(on.sliceEnd(0), on.sliceEnd(1), "clamped to the same upper bound: first come, first served");
        assertTrue(off.sliceEnd(0) > off.sliceEnd(1), "without the clamp the heavier user is less urgent");
    }

    @Test
    void clamp_bothFarUnderEntitlement_lookAlike() {
        PolicyHarness on = harness(HEURISTICS_ONLY);
        PolicyHarness off = harness("zvm64");
        for (PolicyHarness h : new PolicyHarness[] {on, off}) {
            h.advance(10_000_000).charge(1, 10);
        }
        assertEquals(on.sliceEnd(0), on.sliceEnd(1), "clamped to the same lower bound");
        assertTrue(off.sliceEnd(0) < off.sliceEnd(1));
    }

    /** Entitlement ratio e(A) / e(B) read off the keys: with no consumption, key = (log 0 - log e) * scale. */
    private static double entitlementRatio(PolicyHarness h) {
        return Math.exp((h.sliceEnd(1) - h.sliceEnd(0)) / LOG_KEY_SCALE);
    }

    private static final String LIST_ENTITLEMENT =
            "zvm63:since-logon-memory=off,heuristics=off,relative-limit=off,limitsoft-leak=off";

    @Test
    void normalizer_defective_keepsTheLogonOrderError() {
        // A logged on alone (entitled 100), B over A and B (50): twice the right ratio of 1.
        PolicyHarness h = harness(LIST_ENTITLEMENT);
        assertEquals(2, entitlementRatio(h), 1e-3);
        h.window().status(0, VcpuStatus.RUNNING).status(1, VcpuStatus.READY);
        h.advance(ModelConstants.DEFAULT.normalizeMicros()).endWindow();
        double g = ModelConstants.DEFAULT.normalizerGain();
        // One pass: rescaled to the capacity (200/3 : 100/3), then pulled the gain toward 50 : 50.
        double a = 200.0 / 3 + g * (50 - 200.0 / 3);
        double b = 100.0 / 3 + g * (50 - 100.0 / 3);
        assertEquals(a / b, entitlementRatio(h), 1e-3);
        assertTrue(entitlementRatio(h) > 1.9, "the error is worked off over seconds, not at once");
    }

    @Test
    void normalizer_repaired_recomputesOverTheList() {
        PolicyHarness h = harness(LIST_ENTITLEMENT + ",normalizer=off");
        assertEquals(2, entitlementRatio(h), 1e-3);
        h.window().status(0, VcpuStatus.RUNNING).status(1, VcpuStatus.READY);
        h.advance(ModelConstants.DEFAULT.normalizeMicros()).endWindow();
        assertEquals(1, entitlementRatio(h), 1e-3);
    }
}
