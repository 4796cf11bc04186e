package org.schedlab.runner.engine;

import org.schedlab.runner.spi.VcpuStatus;
import org.schedlab.runner.spi.WindowView;

/** The {@link WindowView} a policy gets at a window edge: a read-only face of the model state. */
final class EdgeView implements WindowView {

    private final State s;

    EdgeView(State s) {
        this.s = s;
    }

    @Override
    public long startMicros() {
        return s.windowStart;
    }

    @Override
    public long endMicros() {
        return s.windowEnd;
    }

    @Override
    public long consumedMicros(int bucket) {
        return s.bucketConsumed[bucket];
    }

    @Override
    public int wanting(int bucket) {
        return s.bucketWanting[bucket];
    }

    @Override
    public VcpuStatus status(int vcpu) {
        return s.vStatus[vcpu];
    }

    @Override
    public boolean limited(int bucket) {
        return s.bucketLimited[bucket];
    }
}
