package org.schedlab.runner.spi;

/** What a policy sees at a window edge. Valid only during the call it is passed to. */
public interface WindowView {

    long startMicros();

    long endMicros();

    default long lengthMicros() {
        return endMicros() - startMicros();
    }

    /** Raw microseconds the bucket's virtual CPUs ran during this window. */
    long consumedMicros(int bucket);

    /** The bucket's virtual CPUs that want a CPU now (ready, running or held on the limit list). */
    int wanting(int bucket);

    VcpuStatus status(int vcpu);

    /** Whether the bucket was on the limit list during this window. */
    boolean limited(int bucket);
}
