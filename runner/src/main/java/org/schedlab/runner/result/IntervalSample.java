package org.schedlab.runner.result;

import java.util.List;

/**
 * One measurement interval: every running virtual CPU (in {@code Solution.running()} order,
 * i.e. {@code Problem.vcpus()} order without STOPPED ones).
 *
 * @param disturbed true when the machine running the burners took more of the partition's CPUs than its rule
 *                  allows in this interval (a run on a real kernel, docs/linux.md): the interval is reported but
 *                  left out of the verdict. Never true for the model, whose CPUs are its own.
 */
public record IntervalSample(int index, long startMicros, long endMicros, List<VcpuSample> vcpus, boolean disturbed) {

    /** An undisturbed interval, as every interval of the model is. */
    public IntervalSample(int index, long startMicros, long endMicros, List<VcpuSample> vcpus) {
        this(index, startMicros, endMicros, vcpus, false);
    }

    public IntervalSample {
        if (index < 0 || startMicros < 0 || endMicros <= startMicros) {
            throw new IllegalArgumentException("bad interval " + index + " [" + startMicros + ", " + endMicros + ")");
        }
        vcpus = List.copyOf(vcpus);
    }

    /** Raw busy percent per virtual CPU: the observed vector the comparator uses. */
    public double[] busy() {
        double[] b = new double[vcpus.size()];
        for (int i = 0; i < b.length; i++) {
            b[i] = vcpus.get(i).busyPct();
        }
        return b;
    }

    public long lengthMicros() {
        return endMicros - startMicros;
    }
}
