package org.schedlab.linux;

import java.util.Objects;
import java.util.Optional;
import org.schedlab.linux.cgroup.CgroupFs;
import org.schedlab.linux.cgroup.CgroupMounts;
import org.schedlab.linux.host.HostPaths;
import org.schedlab.linux.host.HostTopology;

/**
 * The machine a run reads and writes. {@link #SYSTEM} is this machine as it is; tests replace parts of it: the
 * cgroup hierarchies (a temporary directory laid out like a cgroup mount, with a {@link CgroupFs} that behaves
 * like the kernel's), {@code /proc} and {@code /sys}, or the CPUs.
 *
 * @param paths    where {@code /proc} and {@code /sys} are (burners' {@code schedstat}, CPU times, topology)
 * @param cgroups  the hierarchies to make groups in; empty: found from {@code /proc/self/mountinfo}
 * @param fs       how groups are made and written
 * @param topology the CPUs to use; empty: read from {@code /sys}
 */
public record LinuxHost(HostPaths paths, Optional<CgroupMounts> cgroups, CgroupFs fs, Optional<HostTopology> topology) {

    public static final LinuxHost SYSTEM = new LinuxHost(HostPaths.SYSTEM, Optional.empty(), CgroupFs.KERNEL,
            Optional.empty());

    public LinuxHost {
        Objects.requireNonNull(paths, "paths");
        Objects.requireNonNull(cgroups, "cgroups");
        Objects.requireNonNull(fs, "fs");
        Objects.requireNonNull(topology, "topology");
    }

    public LinuxHost withCgroups(CgroupMounts mounts, CgroupFs f) {
        return new LinuxHost(paths, Optional.of(mounts), f, topology);
    }

    public LinuxHost withTopology(HostTopology t) {
        return new LinuxHost(paths, cgroups, fs, Optional.of(t));
    }
}
