package org.schedlab.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.schedlab.runner.policy.FairPolicy;
import org.schedlab.runner.policy.Policies;
import org.schedlab.runner.spi.PolicyContext;
import org.schedlab.runner.spi.PolicyInstance;
import org.schedlab.runner.spi.SchedulerPolicy;

class FailureTest {

    /** Fair, except that it throws once virtual time passes {@code failAt}, from the dispatch path. */
    private record Exploding(long failAt) implements SchedulerPolicy {
        @Override
        public String name() {
            return "exploding";
        }

        @Override
        public PolicyInstance start(PolicyContext context) {
            return new ForwardingPolicyInstance(new FairPolicy().start(context)) {
                @Override
                public long urgency(int vcpu, Reprice why, long now) {
                    if (now >= failAt) {
                        throw new IllegalStateException("boom at " + now);
                    }
                    return super.urgency(vcpu, why, now);
                }
            };
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void policyThrows_anyThreadCount_runExceptionNamesPolicy(int threads) {
        RunException e = assertThrows(RunException.class, () -> Runner.run(Runs.file("J3"), new Exploding(200_000),
                Runs.seconds(2).toBuilder().threads(threads).build(), RunListener.NONE));
        assertEquals(RunException.Reason.POLICY_FAILED, e.reason());
        assertTrue(e.getMessage().contains("exploding") && e.getMessage().contains("boom"), e.getMessage());
        assertTrue(Thread.getAllStackTraces().keySet().stream()
                .noneMatch(t -> t.getName().startsWith("schedlab-runner-") && t.isAlive()), "workers stopped");
    }

    @Test
    void wallClockTimeout_exceeded_runException() {
        RunConfig cfg = RunConfig.builder().durationMicros(3_600_000_000L).threads(2)
                .timeout(Duration.ofMillis(200)).build();
        RunException e = assertThrows(RunException.class,
                () -> Runner.run(Runs.file("MZ0"), Policies.create("fair"), cfg, RunListener.NONE));
        assertEquals(RunException.Reason.TIMEOUT, e.reason());
        // In the user's units: the limit they gave in seconds, never a Java duration like PT0.2S.
        assertTrue(e.getMessage().contains("exceeded its timeout of 0.2 s at "), e.getMessage());
        assertTrue(e.getMessage().endsWith(" s of virtual time"), e.getMessage());
    }
}
