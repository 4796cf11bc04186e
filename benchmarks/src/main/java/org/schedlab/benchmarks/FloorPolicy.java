package org.schedlab.benchmarks;

import org.schedlab.runner.spi.PolicyContext;
import org.schedlab.runner.spi.PolicyInstance;
import org.schedlab.runner.spi.SchedulerPolicy;
import org.schedlab.runner.spi.WindowView;

/**
 * The cheapest policy the runner can be given: first come, first served (a VMDBK's urgency is the time it
 * became ready), no limit list, nothing to do at a window edge. {@code RunnerBenchmark -p policy=floor} runs
 * the engine with it, so its score is the engine's own cost (windows, edges, dispatch vectors, burners,
 * statistics) with no policy work on top: the floor under every real policy's figure. Limits in the problem
 * are not enforced, so the simulated work can differ a little from a real policy's.
 */
final class FloorPolicy implements SchedulerPolicy {

    static final String NAME = "floor";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public PolicyInstance start(PolicyContext context) {
        return new PolicyInstance() {
            @Override
            public long urgency(int vcpu, Reprice why, long nowMicros) {
                return nowMicros;
            }

            @Override
            public void charged(int vcpu, long rawMicros, long nowMicros) {
            }

            @Override
            public void windowEnd(WindowView window) {
            }

            @Override
            public boolean onLimitList(int bucket, WindowView window) {
                return false;
            }
        };
    }
}
