package org.schedlab.runner;

import org.schedlab.runner.spi.PolicyInstance;
import org.schedlab.runner.spi.WindowView;

/** A policy instance that passes every call to another; tests override the one call they watch or break. */
class ForwardingPolicyInstance implements PolicyInstance {

    private final PolicyInstance inner;

    ForwardingPolicyInstance(PolicyInstance inner) {
        this.inner = inner;
    }

    @Override
    public long urgency(int vcpu, Reprice why, long now) {
        return inner.urgency(vcpu, why, now);
    }

    @Override
    public void charged(int vcpu, long rawMicros, long now) {
        inner.charged(vcpu, rawMicros, now);
    }

    @Override
    public void windowEnd(WindowView window) {
        inner.windowEnd(window);
    }

    @Override
    public boolean onLimitList(int bucket, WindowView window) {
        return inner.onLimitList(bucket, window);
    }

    @Override
    public boolean mayLimit(int bucket) {
        return inner.mayLimit(bucket);
    }

    @Override
    public int runningLimit(int bucket, WindowView window) {
        return inner.runningLimit(bucket, window);
    }

    @Override
    public boolean repriceAtEdge(int bucket, WindowView window) {
        return inner.repriceAtEdge(bucket, window);
    }

    @Override
    public boolean keepsCpuAtSieExit(int vcpu) {
        return inner.keepsCpuAtSieExit(vcpu);
    }

    @Override
    public boolean keepsPriorityOverShortWait() {
        return inner.keepsPriorityOverShortWait();
    }

    @Override
    public boolean keepsPriorityWhenPreempted() {
        return inner.keepsPriorityWhenPreempted();
    }
}
