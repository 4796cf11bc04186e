package org.schedlab.runner.example;

import org.schedlab.runner.spi.PolicyContext;
import org.schedlab.runner.spi.PolicyInstance;
import org.schedlab.runner.spi.SchedulerPolicy;
import org.schedlab.runner.spi.WindowView;

/**
 * The smallest possible user policy: first come, first served, no shares, no limits. Registered in
 * src/test/resources/META-INF/services/org.schedlab.runner.spi.SchedulerPolicy, so
 * {@code Policies.create("fifo")} finds it.
 */
public final class FifoPolicy implements SchedulerPolicy {

    @Override
    public String name() {
        return "fifo";
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
