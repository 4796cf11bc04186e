package org.schedlab.linux.mapping;

import java.util.Objects;
import org.schedlab.core.EngineType;

/**
 * One logical CPU of the partition and the host CPU standing for it.
 *
 * @param index   in partition order: types in LPAR order, core by core, thread by thread (as the model's
 *                {@code RunSummary.LogicalCpuStats})
 * @param hostCpu the machine's CPU number
 */
public record LogicalCpu(int index, EngineType type, int core, int thread, int hostCpu) {

    public LogicalCpu {
        Objects.requireNonNull(type, "type");
        if (index < 0 || core < 0 || thread < 0 || hostCpu < 0) {
            throw new IllegalArgumentException("negative CPU numbers");
        }
    }
}
