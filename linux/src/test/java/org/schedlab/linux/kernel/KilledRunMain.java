package org.schedlab.linux.kernel;

import org.schedlab.core.Problem;
import org.schedlab.linux.LinuxRunConfig;
import org.schedlab.linux.LinuxRunner;
import org.schedlab.linux.cgroup.CgroupBackend;
import org.schedlab.linux.cgroup.CgroupFs;
import org.schedlab.linux.cgroup.CgroupMounts;
import org.schedlab.linux.cgroup.RunGroup;
import org.schedlab.linux.host.HostPaths;
import org.schedlab.linux.mapping.CgroupPlan;

/** A run's groups made on the machine, then nothing: the process waits to be killed (KilledRunKernelTest). */
public final class KilledRunMain {

    private KilledRunMain() {
    }

    public static void main(String[] args) throws Exception {
        Problem p = RealKernel.parse("LPAR CP.1\nPROBLEM K\nUSER A CP.200-R\n VCPU 0 CP 5\nUSER B\n VCPU 0 CP 5\nRUNIT\n");
        CgroupPlan plan = LinuxRunner.plan(p, LinuxRunConfig.forProblem(p));
        CgroupBackend backend = CgroupBackend.of(CgroupMounts.detect(HostPaths.SYSTEM), CgroupFs.KERNEL,
                ProcessHandle.current().pid());
        RunGroup.create(backend, plan);
        System.out.println(plan.runGroup());
        System.out.flush();
        Thread.sleep(60_000);
    }
}
