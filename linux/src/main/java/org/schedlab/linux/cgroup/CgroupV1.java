package org.schedlab.linux.cgroup;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.schedlab.linux.mapping.CgroupPlan;
import org.schedlab.linux.mapping.CgroupVersion;
import org.schedlab.linux.mapping.GroupSpec;
import org.schedlab.linux.mapping.Hierarchy;
import org.schedlab.linux.mapping.VcpuPlacement;

/**
 * cgroup v1: the same run group in the {@code cpu} and the {@code cpuset} hierarchy, each thread written into
 * one group of each by its id ({@code tasks}). Threads of one process may sit in different groups freely, so
 * the rest of the JVM stays where it was.
 */
public final class CgroupV1 implements CgroupBackend {

    private final CgroupMounts mounts;
    private final CgroupFs fs;

    CgroupV1(CgroupMounts mounts, CgroupFs fs) {
        if (mounts.version() != CgroupVersion.V1) {
            throw new IllegalArgumentException("not cgroup v1: " + mounts);
        }
        this.mounts = mounts;
        this.fs = fs;
    }

    @Override
    public CgroupVersion version() {
        return CgroupVersion.V1;
    }

    @Override
    public CgroupMounts mounts() {
        return mounts;
    }

    @Override
    public String mems() throws IOException {
        return fs.read(mounts.base(Hierarchy.CPUSET).resolve("cpuset.mems")).strip();
    }

    @Override
    public void create(CgroupPlan plan) throws IOException {
        try {
            for (GroupSpec g : plan.groups()) {
                GroupTree.make(fs, mounts.base(g.hierarchy()), g, false);
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
    public void adopt(CgroupPlan plan, List<Long> tids) throws IOException {
        Path tasks = mounts.base(Hierarchy.CPU).resolve(plan.jvmGroup().orElseThrow()).resolve("tasks");
        for (long tid : tids) {
            try {
                fs.write(tasks, Long.toString(tid));
            } catch (FileSystemException e) {
                // ESRCH: the thread ended between listing and moving.
                if (!"No such process".equals(e.getReason())) {
                    throw new IOException("cannot write '" + tid + "' to " + tasks + ": " + GroupTree.reason(e), e);
                }
            }
        }
    }

    @Override
    public void attach(VcpuPlacement placement, long tid) throws IOException {
        for (Map.Entry<Hierarchy, String> e : placement.groups().entrySet()) {
            GroupTree.write(fs, mounts.base(e.getKey()).resolve(e.getValue()).resolve("tasks"), Long.toString(tid));
        }
    }

    @Override
    public void remove(String runGroup) throws IOException {
        IOException failed = null;
        boolean ours = RunGroupName.parse(runGroup).map(n -> n.pid() == ProcessHandle.current().pid()).orElse(false);
        for (Hierarchy h : CgroupVersion.V1.hierarchies()) {
            Path base = mounts.base(h);
            Path home = ours ? mounts.origin(h) : base;
            for (Path group : GroupTree.bottomUp(fs, base.resolve(runGroup))) {
                try {
                    // Whatever is still inside goes back where this process was (the base for another's run).
                    for (long tid : GroupTree.ids(fs, group.resolve("tasks"))) {
                        try {
                            fs.write(home.resolve("tasks"), Long.toString(tid));
                        } catch (IOException gone) {
                            // the task exited meanwhile: nothing to move
                        }
                    }
                    GroupTree.rmdir(fs, group);
                } catch (IOException e) {
                    if (failed == null) {
                        failed = e;
                    } else {
                        failed.addSuppressed(e);
                    }
                }
            }
        }
        if (failed != null) {
            throw failed;
        }
    }

    @Override
    public List<String> runGroups() throws IOException {
        TreeSet<String> names = new TreeSet<>();
        for (Hierarchy h : CgroupVersion.V1.hierarchies()) {
            for (Path child : fs.children(mounts.base(h))) {
                String name = child.getFileName().toString();
                if (RunGroupName.parse(name).isPresent()) {
                    names.add(name);
                }
            }
        }
        return new ArrayList<>(names);
    }

    @Override
    public String cpuStat(String path) throws IOException {
        return fs.read(mounts.base(Hierarchy.CPU).resolve(path).resolve("cpu.stat"));
    }
}
