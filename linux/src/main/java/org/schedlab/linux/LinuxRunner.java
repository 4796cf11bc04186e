package org.schedlab.linux;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Stream;
import org.schedlab.core.EngineType;
import org.schedlab.core.InputException;
import org.schedlab.core.Numbers;
import org.schedlab.core.Problem;
import org.schedlab.linux.burner.BurnerSpec;
import org.schedlab.linux.burner.Burners;
import org.schedlab.linux.cgroup.CgroupBackend;
import org.schedlab.linux.cgroup.CgroupMounts;
import org.schedlab.linux.cgroup.RunGroup;
import org.schedlab.linux.cgroup.RunGroupName;
import org.schedlab.linux.host.HostAccessException;
import org.schedlab.linux.host.HostTopology;
import org.schedlab.linux.host.KernelInfo;
import org.schedlab.linux.host.Processes;
import org.schedlab.linux.mapping.BucketGroup;
import org.schedlab.linux.mapping.CgroupPlan;
import org.schedlab.linux.mapping.LinuxMapping;
import org.schedlab.linux.mapping.LogicalCpu;
import org.schedlab.linux.mapping.VcpuPlacement;
import org.schedlab.linux.measure.IntervalMeter;
import org.schedlab.linux.measure.IntervalNoise;
import org.schedlab.linux.measure.PoolShape;
import org.schedlab.linux.measure.ProcReader;
import org.schedlab.linux.measure.RunTotals;
import org.schedlab.linux.measure.Snapshot;
import org.schedlab.runner.RunConfig;
import org.schedlab.runner.RunException;
import org.schedlab.runner.RunListener;
import org.schedlab.runner.result.IntervalSample;
import org.schedlab.runner.result.RunSummary;
import org.schedlab.solver.PoolAllocation;
import org.schedlab.solver.Solution;
import org.schedlab.solver.Solver;

/**
 * Runs a problem on the kernel of this machine: its partition as a cpuset per dispatch pool, its share buckets
 * and CPU pools as cgroups with weights and caps, one real burner thread per running virtual CPU in its group,
 * measured every interval. The mirror of {@code Runner.run} for the model: the same listener gets the same
 * {@link IntervalSample}s (raw busy percent per virtual CPU, in {@code Solution.running()} order, plus whether
 * the machine disturbed the interval), and the run ends with the model's {@link RunSummary}.
 *
 * <pre>{@code
 * LinuxRun r = LinuxRunner.run(problem, LinuxRunConfig.forProblem(problem), sample -> ...);
 * }</pre>
 *
 * <p>One run at a time per JVM (a second waits): two runs would measure each other. Every group the run makes
 * is removed when it ends, however it ends (docs/linux.md).
 */
public final class LinuxRunner {

    /** Runs measure the same CPUs: one at a time. */
    private static final ReentrantLock ONE_AT_A_TIME = new ReentrantLock();

    /** How long the burners' threads have between release and the run's start, to be parked at their marks. */
    private static final long LEAD_NANOS = 50_000_000L;

    private LinuxRunner() {
    }

    /**
     * Runs {@code problem}. Intervals go to {@code listener} as they complete, on this thread.
     *
     * @throws InputException      statements with no Linux equivalent, or a partition this machine cannot hold,
     *                             each at its {@code file:line:col}
     * @throws HostAccessException the machine cannot run it: cgroups not writable, controllers missing, a kernel
     *                             file unreadable (one line saying what and how to get it)
     * @throws RunException        the timeout passed ({@code TIMEOUT}) or this thread was interrupted
     *                             ({@code INTERRUPTED}); the groups are removed all the same
     */
    public static LinuxRun run(Problem problem, LinuxRunConfig config, RunListener listener)
            throws InputException, HostAccessException, RunException {
        ONE_AT_A_TIME.lock();
        try {
            return new Execution(problem, config, listener).run();
        } finally {
            ONE_AT_A_TIME.unlock();
        }
    }

    /**
     * The plan a run of {@code problem} would carry out on this machine (or {@code config.host()}), without
     * making anything: for checking a scenario against the machine and for showing the groups.
     */
    public static CgroupPlan plan(Problem problem, LinuxRunConfig config) throws InputException, HostAccessException {
        LinuxHost host = config.host();
        HostTopology topology = topology(host);
        CgroupBackend backend = backend(host);
        long pid = ProcessHandle.current().pid();
        try {
            RunGroupName name = new RunGroupName(pid, Processes.ownStartTime(host.paths()), 1);
            return LinuxMapping.plan(problem, topology, backend.version(), name.toString(), backend.mems());
        } catch (IOException e) {
            throw new HostAccessException("cannot read this process's start or the cpuset's memory nodes: " + e.getMessage(), e);
        }
    }

    private static HostTopology topology(LinuxHost host) throws HostAccessException {
        if (host.topology().isPresent()) {
            return host.topology().get();
        }
        try {
            return HostTopology.read(host.paths());
        } catch (IOException | IllegalArgumentException e) {
            throw new HostAccessException("cannot read this machine's CPUs from " + host.paths().cpuDir() + ": "
                    + e.getMessage(), e);
        }
    }

    private static CgroupBackend backend(LinuxHost host) throws HostAccessException {
        CgroupMounts mounts = host.cgroups().isPresent() ? host.cgroups().get() : CgroupMounts.detect(host.paths());
        return CgroupBackend.of(mounts, host.fs(), ProcessHandle.current().pid());
    }

    /** One run's state, from the plan to the summary. */
    private static final class Execution {
        private final Problem problem;
        private final LinuxRunConfig config;
        private final RunConfig run;
        private final RunListener listener;
        private final long pid = ProcessHandle.current().pid();

        Execution(Problem problem, LinuxRunConfig config, RunListener listener) {
            this.problem = problem;
            this.config = config;
            this.run = config.run();
            this.listener = listener;
        }

        LinuxRun run() throws InputException, HostAccessException, RunException {
            long deadline = run.timeout().map(t -> System.nanoTime() + t.toNanos()).orElse(Long.MAX_VALUE);
            LinuxHost host = config.host();
            Solution solution = Solver.solve(problem);
            HostTopology topology = topology(host);
            CgroupBackend backend = backend(host);
            KernelInfo kernel;
            CgroupPlan plan;
            List<String> swept;
            try {
                kernel = KernelInfo.read(host.paths());
                RunGroupName name = RunGroupName.next(pid, Processes.ownStartTime(host.paths()));
                plan = LinuxMapping.plan(problem, topology, backend.version(), name.toString(), backend.mems());
                swept = RunGroup.sweep(backend, host.paths());
            } catch (IOException e) {
                throw new HostAccessException("cannot prepare the run: " + e.getMessage(), e);
            }
            List<BurnerSpec> specs = new ArrayList<>();
            double drift = run.constants().burnerPeriodDrift();
            for (VcpuPlacement p : plan.placements()) {
                specs.add(new BurnerSpec(p.index(), p.id(), p.vcpu().vcpu().demand(), run.burnerPeriodMicros(), drift,
                        run.seed()));
            }
            RunGroup group;
            try {
                group = RunGroup.create(backend, plan);
            } catch (IOException e) {
                throw new HostAccessException(e.getMessage(), e);
            }
            Measured measured;
            try (RunGroup g = group) {
                try (Burners burners = Burners.start(specs)) {
                    g.adopt(otherThreads(burners));
                    for (VcpuPlacement p : plan.placements()) {
                        g.attach(p, burners.tid(p.index()));
                    }
                    measured = measure(plan, solution, burners, backend, deadline);
                }
            } catch (IOException e) {
                throw new HostAccessException("the run on the kernel failed: " + e.getMessage(), e);
            }
            return finish(plan, kernel, measured, swept);
        }

        /** This process's threads other than the burners. */
        private List<Long> otherThreads(Burners burners) throws IOException {
            Set<Long> mine = new HashSet<>();
            for (int i = 0; i < burners.size(); i++) {
                mine.add(burners.tid(i));
            }
            List<Long> out = new ArrayList<>();
            try (Stream<Path> tasks = Files.list(config.host().paths().proc().resolve("self/task"))) {
                for (Path t : tasks.toList()) {
                    long tid = Long.parseLong(t.getFileName().toString());
                    if (!mine.contains(tid)) {
                        out.add(tid);
                    }
                }
            }
            return out;
        }

        private record Measured(RunTotals totals, RunTotals all, List<IntervalNoise> noise, int intervals, Map<String, Double> throttled,
                                String idleSource) {
        }

        private Measured measure(CgroupPlan plan, Solution solution, Burners burners, CgroupBackend backend,
                                 long deadline) throws IOException, RunException {
            List<LogicalCpu> cpus = plan.logicalCpus();
            ProcReader reader = new ProcReader(config.host().paths(), pid, plan.hostCpus());
            IntervalMeter meter = new IntervalMeter(pools(plan, solution), burners.size(), cpus.size(), config.disturbance());
            RunTotals totals = new RunTotals(burners.size(), cpus);
            RunTotals all = new RunTotals(burners.size(), cpus, true);
            List<IntervalNoise> noise = new ArrayList<>();
            long durationNs = run.durationMicros() * 1000;
            long intervalNs = run.intervalMicros() * 1000;
            long warmupNs = run.warmupMicros() * 1000;
            long t0 = System.nanoTime() + LEAD_NANOS;
            burners.release(t0);
            parkUntil(t0);
            Snapshot previous = reader.snapshot(burners);
            Map<String, long[]> throttleStart = null;
            int index = 0;
            long start = 0;
            while (start < durationNs) {
                long end = Math.min(start + intervalNs, durationNs);
                if (start < warmupNs) {
                    end = Math.min(end, Math.max(warmupNs, start + 1));
                }
                parkUntil(t0 + end);
                Snapshot now = reader.snapshot(burners);
                IntervalMeter.Figures f = meter.interval(index, start / 1000, previous, now);
                boolean counts = start >= warmupNs;
                if (counts) {
                    totals.add(f);
                    all.add(f);
                }
                noise.add(f.noise());
                listener.interval(new IntervalSample(index, start / 1000, end / 1000, f.samples(), f.noise().disturbed()));
                listener.progress(end / 1000, run.durationMicros());
                if (end >= warmupNs && throttleStart == null) {
                    throttleStart = throttling(plan, backend);
                }
                previous = now;
                start = end;
                index++;
                if (System.nanoTime() > deadline) {
                    throw new RunException(RunException.Reason.TIMEOUT, "run of " + problem.name()
                            + " on the Linux kernel exceeded its timeout of "
                            + Numbers.format(run.timeout().orElseThrow().toNanos() / 1e9) + " s at "
                            + Numbers.format(end / 1e9) + " s", null);
                }
                if (Thread.currentThread().isInterrupted()) {
                    throw new RunException(RunException.Reason.INTERRUPTED, "run interrupted", null);
                }
            }
            Map<String, long[]> throttleEnd = throttling(plan, backend);
            Map<String, Double> throttled = new HashMap<>();
            for (BucketGroup b : plan.buckets()) {
                long[] a = throttleStart == null ? null : throttleStart.get(b.id());
                long[] z = throttleEnd.get(b.id());
                if (a != null && z != null && z[0] > a[0]) {
                    throttled.put(b.id(), 100.0 * (z[1] - a[1]) / (z[0] - a[0]));
                }
            }
            return new Measured(totals, all, noise, index, throttled, reader.idleSource());
        }

        /** Per capped bucket, its cap group's bandwidth periods so far and how many of them it was throttled in. */
        private static Map<String, long[]> throttling(CgroupPlan plan, CgroupBackend backend) throws IOException {
            Map<String, long[]> out = new HashMap<>();
            for (BucketGroup b : plan.buckets()) {
                if (b.cap().isPresent()) {
                    long periods = 0;
                    long throttled = 0;
                    for (String line : backend.cpuStat(b.cap().get()).split("\n")) {
                        String[] kv = line.strip().split(" ");
                        if (kv.length == 2 && kv[0].equals("nr_periods")) {
                            periods = Long.parseLong(kv[1]);
                        } else if (kv.length == 2 && kv[0].equals("nr_throttled")) {
                            throttled = Long.parseLong(kv[1]);
                        }
                    }
                    out.put(b.id(), new long[] {periods, throttled});
                }
            }
            return out;
        }

        private static List<PoolShape> pools(CgroupPlan plan, Solution solution) {
            List<PoolShape> out = new ArrayList<>();
            List<LogicalCpu> cpus = plan.logicalCpus();
            for (PoolAllocation a : solution.pools()) {
                EngineType type = a.type();
                int[] vcpus = plan.placements().stream().filter(p -> p.pool() == type).mapToInt(VcpuPlacement::index)
                        .toArray();
                if (vcpus.length == 0) {
                    continue;
                }
                int[] cpuIdx = cpus.stream().filter(c -> c.type() == type).mapToInt(LogicalCpu::index).toArray();
                out.add(new PoolShape(type, cpuIdx, vcpus, Math.min(a.allocated(), 100.0 * cpuIdx.length)));
            }
            return out;
        }

        private LinuxRun finish(CgroupPlan plan, KernelInfo kernel, Measured m, List<String> swept) {
            RunTotals t = m.totals();
            int counted = t.afterWarmup();
            RunMetadata meta = new RunMetadata(kernel.release(), plan.version().number(), kernel.schedExt(),
                    plan.runGroup(), plan.logicalCpus(), m.idleSource(), config.disturbance(), m.intervals(), counted,
                    t.disturbed(), t.meanForeignPct(), t.maxForeignPct(), t.meanStealPct(), t.maxExcessPct(), swept);
            Optional<String> error = config.disturbance().runError(counted, t.disturbed(), t.maxForeignPct(),
                    t.meanForeignPct(), t.meanStealPct(), t.maxExcessPct());
            // A run in error has too few undisturbed intervals to sum up: its summary is over all of them.
            List<String> bucketIds = plan.buckets().stream().map(BucketGroup::id).toList();
            RunSummary summary = (error.isPresent() ? m.all() : t).summary(bucketIds, m.throttled());
            return new LinuxRun(summary, meta, m.noise(), error);
        }
    }

    private static void parkUntil(long deadline) {
        long left;
        while ((left = deadline - System.nanoTime()) > 0) {
            LockSupport.parkNanos(left);
            if (Thread.currentThread().isInterrupted()) {
                return;
            }
        }
    }
}
