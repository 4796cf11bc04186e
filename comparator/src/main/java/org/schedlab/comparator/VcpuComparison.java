package org.schedlab.comparator;

import java.util.Objects;

/** One running virtual CPU: what it should have consumed and what it did on average over the counted intervals. */
public record VcpuComparison(String user, String vcpu, double correct, double meanObserved) {

    public VcpuComparison {
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(vcpu, "vcpu");
        if (!Double.isFinite(correct) || !Double.isFinite(meanObserved)) {
            throw new IllegalArgumentException("correct and observed must be finite for " + user + "." + vcpu);
        }
    }

    /** {@code USER.ADDR}, as reports and measurement files name it. */
    public String id() {
        return user + "." + vcpu;
    }
}
