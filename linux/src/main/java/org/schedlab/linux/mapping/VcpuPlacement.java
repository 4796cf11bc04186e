package org.schedlab.linux.mapping;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.schedlab.core.EngineType;
import org.schedlab.core.Problem;

/**
 * Where one running virtual CPU's burner thread goes.
 *
 * @param index  its position among the running virtual CPUs ({@code Solution.running()} order)
 * @param vcpu   the virtual CPU with its user and dispatch pool
 * @param groups the group it joins in each hierarchy the plan uses (paths as in {@link GroupSpec})
 * @param cpus   the host CPUs of its dispatch pool, ascending
 */
public record VcpuPlacement(int index, Problem.Placed vcpu, Map<Hierarchy, String> groups, List<Integer> cpus) {

    public VcpuPlacement {
        Objects.requireNonNull(vcpu, "vcpu");
        groups = Map.copyOf(groups);
        cpus = List.copyOf(cpus);
    }

    public EngineType pool() {
        return vcpu.pool();
    }

    /** {@code USER.ADDR}. */
    public String id() {
        return vcpu.id();
    }
}
