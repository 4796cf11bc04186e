package org.schedlab.solver;

import java.util.Objects;
import java.util.OptionalDouble;
import org.schedlab.core.EngineType;
import org.schedlab.core.Problem;

/**
 * The correct consumption of one virtual CPU, with what it was computed from.
 *
 * @param demand      empty for {@code *}
 * @param entitlement this virtual CPU's part of its bucket's entitlement (0 when stopped)
 * @param limit       its bucket's limit (shared by the bucket's virtual CPUs), empty when none
 * @param correct     what it runs if the dispatcher is exactly right (0 when stopped)
 */
public record VcpuAnswer(Problem.Placed placed, OptionalDouble demand, double entitlement, OptionalDouble limit,
                         double correct) {

    public VcpuAnswer {
        Objects.requireNonNull(placed, "placed");
        Objects.requireNonNull(demand, "demand");
        Objects.requireNonNull(limit, "limit");
    }

    public String user() {
        return placed.user().name();
    }

    /** The address as written, upper case. */
    public String vcpu() {
        return placed.vcpu().address();
    }

    public EngineType type() {
        return placed.vcpu().type();
    }

    public EngineType pool() {
        return placed.pool();
    }

    public boolean stopped() {
        return placed.vcpu().stopped();
    }

    /** {@code USER.ADDR}. */
    public String id() {
        return placed.id();
    }
}
