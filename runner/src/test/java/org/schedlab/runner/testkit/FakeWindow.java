package org.schedlab.runner.testkit;

import java.util.Arrays;
import org.schedlab.runner.spi.PolicyContext;
import org.schedlab.runner.spi.VcpuStatus;
import org.schedlab.runner.spi.WindowView;

/**
 * A {@link WindowView} a test fills in: each bucket's consumption, each virtual CPU's status, which buckets
 * were on the limit list. {@link #wanting} counts the bucket's non-waiting virtual CPUs, as the dispatcher
 * does, unless a test overrides it. Everything starts at zero, WAITING and not limited.
 */
public final class FakeWindow implements WindowView {

    private final PolicyContext ctx;
    private final long[] consumed;
    private final VcpuStatus[] status;
    private final boolean[] limited;
    private final int[] wantingOverride;
    private long start;
    private long end;

    public FakeWindow(PolicyContext ctx) {
        this.ctx = ctx;
        consumed = new long[ctx.buckets().size()];
        status = new VcpuStatus[ctx.vcpus().size()];
        Arrays.fill(status, VcpuStatus.WAITING);
        limited = new boolean[ctx.buckets().size()];
        wantingOverride = new int[ctx.buckets().size()];
        Arrays.fill(wantingOverride, -1);
    }

    /** Sets the window's bounds. */
    public FakeWindow span(long startMicros, long endMicros) {
        if (endMicros <= startMicros) {
            throw new IllegalArgumentException("empty window [" + startMicros + ", " + endMicros + ")");
        }
        start = startMicros;
        end = endMicros;
        return this;
    }

    public FakeWindow consumed(int bucket, long micros) {
        consumed[bucket] = micros;
        return this;
    }

    public FakeWindow status(int vcpu, VcpuStatus s) {
        status[vcpu] = s;
        return this;
    }

    /** Every virtual CPU of the bucket in this status. */
    public FakeWindow bucketStatus(int bucket, VcpuStatus s) {
        for (PolicyContext.Vcpu v : ctx.vcpus()) {
            if (v.bucket() == bucket) {
                status[v.index()] = s;
            }
        }
        return this;
    }

    public FakeWindow limited(int bucket, boolean on) {
        limited[bucket] = on;
        return this;
    }

    /** Overrides the counted wanting VCPUs of a bucket; -1 goes back to counting statuses. */
    public FakeWindow wanting(int bucket, int count) {
        wantingOverride[bucket] = count;
        return this;
    }

    @Override
    public long startMicros() {
        return start;
    }

    @Override
    public long endMicros() {
        return end;
    }

    @Override
    public long consumedMicros(int bucket) {
        return consumed[bucket];
    }

    @Override
    public int wanting(int bucket) {
        if (wantingOverride[bucket] >= 0) {
            return wantingOverride[bucket];
        }
        int k = 0;
        for (PolicyContext.Vcpu v : ctx.vcpus()) {
            if (v.bucket() == bucket && status[v.index()].wanting()) {
                k++;
            }
        }
        return k;
    }

    @Override
    public VcpuStatus status(int vcpu) {
        return status[vcpu];
    }

    @Override
    public boolean limited(int bucket) {
        return limited[bucket];
    }
}
