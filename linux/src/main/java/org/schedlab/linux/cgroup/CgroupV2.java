package org.schedlab.linux.cgroup;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.schedlab.linux.mapping.CgroupPlan;
import org.schedlab.linux.mapping.CgroupVersion;
import org.schedlab.linux.mapping.GroupSpec;
import org.schedlab.linux.mapping.Hierarchy;
import org.schedlab.linux.mapping.LinuxMapping;
import org.schedlab.linux.mapping.VcpuPlacement;

/**
 * cgroup v2: one process's threads may sit in different groups only inside a threaded subtree, so the run
 * group is made the subtree's threaded domain: the whole JVM moves into it, every group below it is
 * {@code threaded}, and each burner thread is written into its group's {@code cgroup.threads}. At the end the
 * JVM moves back to the group it came from.
 *
 * <p>Under a delegated subtree (a user's {@code systemd-run --user --scope -p Delegate=yes}), the base is the
 * process's own group, which holds the process: it moves into the run group first, so that the base may enable
 * {@code cpu} and {@code cpuset} for its children (a v2 group with processes cannot), and the base gets those
 * controllers back off before the process returns. On the root group schedlab never changes which controllers
 * are enabled: they must be already.
 */
public final class CgroupV2 implements CgroupBackend {

    private final CgroupMounts mounts;
    private final CgroupFs fs;
    private final long pid;
    private final Path base;
    /** Whether this backend turned the controllers on in the base (delegated case), to turn them off again. */
    private boolean enabledInBase;

    CgroupV2(CgroupMounts mounts, CgroupFs fs, long pid) {
        if (mounts.version() != CgroupVersion.V2) {
            throw new IllegalArgumentException("not cgroup v2: " + mounts);
        }
        this.mounts = mounts;
        this.fs = fs;
        this.pid = pid;
        this.base = mounts.base(Hierarchy.UNIFIED);
    }

    @Override
    public CgroupVersion version() {
        return CgroupVersion.V2;
    }

    @Override
    public CgroupMounts mounts() {
        return mounts;
    }

    @Override
    public String mems() {
        return "";
    }

    @Override
    public void create(CgroupPlan plan) throws IOException {
        Path run = base.resolve(plan.runGroup());
        String enabled = fs.read(base.resolve("cgroup.subtree_control"));
        boolean ready = CgroupMounts.hasCpuControllers(enabled);
        if (!ready && base.equals(mounts.v2Root())) {
            throw new IOException("the cpu and cpuset controllers are not enabled in " + base.resolve(
                    "cgroup.subtree_control") + " (it has: " + (enabled.isBlank() ? "none" : enabled.strip())
                    + "); enable them: echo '" + LinuxMapping.V2_CONTROLLERS + "' > " + base.resolve("cgroup.subtree_control"));
        }
        boolean moved = false;
        try {
            for (GroupSpec g : plan.groups()) {
                boolean isRun = g.path().equals(plan.runGroup());
                if (isRun) {
                    fs.mkdir(run);
                    if (!ready) {
                        GroupTree.write(fs, run.resolve("cgroup.procs"), Long.toString(pid));
                        moved = true;
                        GroupTree.write(fs, base.resolve("cgroup.subtree_control"), LinuxMapping.V2_CONTROLLERS);
                        enabledInBase = true;
                    }
                }
                GroupTree.make(fs, base, g, isRun);
            }
            if (!moved) {
                GroupTree.write(fs, run.resolve("cgroup.procs"), Long.toString(pid));
            }
        } catch (IOException e) {
            try {
                remove(plan.runGroup());
            } catch (IOException again) {
                e.addSuppressed(again);
            }
            throw e;
        }
    }

    @Override
    public void adopt(CgroupPlan plan, List<Long> tids) {
        // create() moved the whole process into the run group.
    }

    @Override
    public void attach(VcpuPlacement placement, long tid) throws IOException {
        GroupTree.write(fs, base.resolve(placement.groups().get(Hierarchy.UNIFIED)).resolve("cgroup.threads"),
                Long.toString(tid));
    }

    @Override
    public void remove(String runGroup) throws IOException {
        Path run = base.resolve(runGroup);
        if (!Files.isDirectory(run)) {
            return;
        }
        List<Path> groups = GroupTree.bottomUp(fs, run);
        boolean ours = GroupTree.ids(fs, run.resolve("cgroup.procs")).contains(pid);
        for (Path g : groups) {
            if (g.equals(run)) {
                continue;
            }
            // A thread still running in a group (a burner stopping late) waits in the threaded domain.
            for (long tid : GroupTree.ids(fs, g.resolve("cgroup.threads"))) {
                try {
                    fs.write(run.resolve("cgroup.threads"), Long.toString(tid));
                } catch (IOException gone) {
                    // exited meanwhile
                }
            }
            GroupTree.rmdir(fs, g);
        }
        if (ours) {
            // Controllers off before any process may sit in a group with children again.
            GroupTree.write(fs, run.resolve("cgroup.subtree_control"), "-cpu -cpuset");
            if (enabledInBase) {
                GroupTree.write(fs, base.resolve("cgroup.subtree_control"), "-cpu -cpuset");
                enabledInBase = false;
            }
            GroupTree.write(fs, mounts.origin(Hierarchy.UNIFIED).resolve("cgroup.procs"), Long.toString(pid));
        } else {
            for (long other : GroupTree.ids(fs, run.resolve("cgroup.procs"))) {
                try {
                    fs.write(base.resolve("cgroup.procs"), Long.toString(other));
                } catch (IOException gone) {
                    // exited meanwhile
                }
            }
        }
        GroupTree.rmdir(fs, run);
    }

    @Override
    public List<String> runGroups() throws IOException {
        List<String> names = new ArrayList<>();
        for (Path child : fs.children(base)) {
            String name = child.getFileName().toString();
            if (RunGroupName.parse(name).isPresent()) {
                names.add(name);
            }
        }
        return names;
    }

    @Override
    public String cpuStat(String path) throws IOException {
        return fs.read(base.resolve(path).resolve("cpu.stat"));
    }
}
