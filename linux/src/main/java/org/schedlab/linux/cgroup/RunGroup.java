package org.schedlab.linux.cgroup;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import org.schedlab.linux.host.HostPaths;
import org.schedlab.linux.host.Processes;
import org.schedlab.linux.mapping.CgroupPlan;
import org.schedlab.linux.mapping.VcpuPlacement;

/**
 * One run's groups on the machine, from creation to removal. They are removed by {@link #close()} (the end of
 * the run, or an error), and by a shutdown hook if the JVM stops first (Ctrl-C, SIGTERM); what a SIGKILL leaves,
 * the next run's {@link #sweep} removes.
 */
public final class RunGroup implements AutoCloseable {

    private final CgroupBackend backend;
    private final CgroupPlan plan;
    private final Thread hook;
    private boolean removed;

    private RunGroup(CgroupBackend backend, CgroupPlan plan) {
        this.backend = backend;
        this.plan = plan;
        this.hook = new Thread(this::removeQuietly, "schedlab-cgroup-cleanup");
    }

    /**
     * Makes the plan's groups. The shutdown hook is in place before the first group exists, so no moment of the
     * run leaves them behind on Ctrl-C.
     */
    public static RunGroup create(CgroupBackend backend, CgroupPlan plan) throws IOException {
        Objects.requireNonNull(plan, "plan");
        if (backend.version() != plan.version()) {
            throw new IllegalArgumentException("a cgroup v" + plan.version().number() + " plan on a v"
                    + backend.version().number() + " machine");
        }
        RunGroup g = new RunGroup(backend, plan);
        Runtime.getRuntime().addShutdownHook(g.hook);
        try {
            backend.create(plan);
        } catch (IOException | RuntimeException e) {
            g.unhook();
            throw e;
        }
        return g;
    }

    public String name() {
        return plan.runGroup();
    }

    public CgroupBackend backend() {
        return backend;
    }

    /** Moves this process's threads {@code tids} (all but the burners) into the run's group for the JVM. */
    public void adopt(List<Long> tids) throws IOException {
        backend.adopt(plan, tids);
    }

    /** Puts thread {@code tid} of this process into its virtual CPU's groups. */
    public void attach(VcpuPlacement placement, long tid) throws IOException {
        backend.attach(placement, tid);
    }

    /** Removes the groups (once) and the shutdown hook. */
    @Override
    public synchronized void close() throws IOException {
        unhook();
        if (!removed) {
            removed = true;
            backend.remove(plan.runGroup());
        }
    }

    private synchronized void removeQuietly() {
        if (!removed) {
            removed = true;
            try {
                backend.remove(plan.runGroup());
            } catch (IOException | RuntimeException e) {
                System.err.println("schedlab: could not remove the cgroup " + plan.runGroup() + ": " + e.getMessage());
            }
        }
    }

    private void unhook() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or about to: it removes the groups
        }
    }

    /**
     * Removes the run groups of processes that are gone (killed before they could clean up): a group named
     * {@code schedlab-PID-START-N} whose process PID is not running, or is another process that got the same
     * pid (its start time differs). Groups of live runs, and every group not named so, are left alone.
     *
     * @return the names removed
     */
    public static List<String> sweep(CgroupBackend backend, HostPaths paths) throws IOException {
        List<String> swept = new ArrayList<>();
        for (String name : backend.runGroups()) {
            RunGroupName n = RunGroupName.parse(name).orElseThrow();
            OptionalLong start = Processes.startTime(paths, n.pid());
            if (start.isPresent() && start.getAsLong() == n.startTime()) {
                continue;
            }
            backend.remove(name);
            swept.add(name);
        }
        return swept;
    }
}
