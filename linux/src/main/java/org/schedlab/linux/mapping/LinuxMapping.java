package org.schedlab.linux.mapping;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.schedlab.core.CpuPool;
import org.schedlab.core.Diagnostic;
import org.schedlab.core.EngineType;
import org.schedlab.core.InputException;
import org.schedlab.core.LimitMode;
import org.schedlab.core.Moment;
import org.schedlab.core.Numbers;
import org.schedlab.core.Partition;
import org.schedlab.core.Problem;
import org.schedlab.core.Share;
import org.schedlab.core.ShareKind;
import org.schedlab.core.Srm;
import org.schedlab.core.User;
import org.schedlab.linux.host.CpuList;
import org.schedlab.linux.host.HostTopology;
import org.schedlab.solver.Bucket;
import org.schedlab.solver.Entitlements;

/**
 * Maps a problem to Linux: the partition's logical CPUs to host CPUs, every share bucket to a cgroup with its
 * weight and cap, CPU pools to parent groups with theirs. Statements Linux has no equivalent for are refused,
 * all of a problem's at once, each at its {@code file:line:col}; nothing is approximated.
 *
 * <p>The layout, under each hierarchy's base (the controller's mount, or a delegated v2 subtree):
 * <pre>
 * schedlab-PID-START-N            the run group: top weight, cpuset = every CPU of the partition
 *   jvm                           v1, cpu hierarchy only: the JVM's threads other than the burners
 *   cp                            a dispatch pool: cpuset = its host CPUs (v1: the cpuset tree ends here)
 *     cpupool.NAME                a CPU pool: weight = its members' shares added up, cap = the pool's
 *       u.USER                    a share bucket: weight from its RELATIVE share, cap from its LIMITHARD
 *     u.USER                      (u.USER.ZIIP, u.USER.CP when one user has two buckets in one pool)
 * </pre>
 * Weights: cgroup v2 {@code cpu.weight} is the RELATIVE share itself (both run 1 to 10000 with 100 the default);
 * cgroup v1 {@code cpu.shares} is what the kernel makes of that weight, {@code round(r x 1024 / 100)}. Caps: the
 * solver's limit in percent of one CPU, as a quota per period ({@link #bandwidth(double)}).
 */
public final class LinuxMapping {

    /** The most {@code cpu.shares} takes (cgroup v1); the run group gets it. */
    public static final long V1_SHARES_MAX = 262_144;
    /** The most {@code cpu.weight} takes (cgroup v2); the run group gets it. */
    public static final long V2_WEIGHT_MAX = 10_000;
    /** The bandwidth period for caps of at least 1% of a CPU: the kernel's default, 100 ms. */
    public static final long PERIOD_US = 100_000;
    /** The longest period the kernel takes, for caps below 1% of a CPU. */
    public static final long MAX_PERIOD_US = 1_000_000;
    /** The smallest quota the kernel takes. */
    public static final long MIN_QUOTA_US = 1_000;
    /** The smallest cap the kernel can enforce, in percent of one CPU: 1 ms per second. */
    public static final double MIN_CAP_PCT = 100.0 * MIN_QUOTA_US / MAX_PERIOD_US;

    /** The v1 group of the JVM's own threads under the run group (no user group can be named so: no dot). */
    public static final String JVM = "jvm";

    /** Written to {@code cgroup.subtree_control} of every cgroup v2 group with children. */
    public static final String V2_CONTROLLERS = "+cpu +cpuset";

    private LinuxMapping() {
    }

    /** A CPU bandwidth cap: at most {@code quotaUs} of CPU time per {@code periodUs}, over all CPUs. */
    public record Bandwidth(long quotaUs, long periodUs) {
        public Bandwidth {
            if (periodUs < MIN_QUOTA_US || periodUs > MAX_PERIOD_US || quotaUs < MIN_QUOTA_US) {
                throw new IllegalArgumentException("bandwidth out of the kernel's range: " + quotaUs + "/" + periodUs);
            }
        }

        /** The cap in percent of one CPU. */
        public double percent() {
            return 100.0 * quotaUs / periodUs;
        }

        /** The v2 {@code cpu.max} line. */
        public String cpuMax() {
            return quotaUs + " " + periodUs;
        }
    }

    /** cgroup v1 {@code cpu.shares} for RELATIVE {@code r}: the kernel's conversion of {@code cpu.weight} r. */
    public static long v1Shares(long relative) {
        return (relative * 1024 + 50) / 100;
    }

    /** cgroup v2 {@code cpu.weight} for RELATIVE {@code r}: r itself. */
    public static long v2Weight(long relative) {
        return relative;
    }

    /**
     * The quota and period for a cap of {@code capPct} percent of one CPU (any size: 250 is two and a half
     * CPUs): a period of 100 ms from 1% up, 1 s below, the quota rounded to the microsecond; empty below
     * {@link #MIN_CAP_PCT}, which the kernel cannot enforce.
     */
    public static Optional<Bandwidth> bandwidth(double capPct) {
        if (!(capPct >= MIN_CAP_PCT) || Double.isInfinite(capPct)) {
            return Optional.empty();
        }
        long period = capPct * PERIOD_US / 100 >= MIN_QUOTA_US ? PERIOD_US : MAX_PERIOD_US;
        long quota = Math.max(MIN_QUOTA_US, Math.round(capPct * period / 100));
        return Optional.of(new Bandwidth(quota, period));
    }

    /**
     * The plan for {@code problem} on {@code host}.
     *
     * @param runGroup the run group's name (see {@code org.schedlab.linux.cgroup.RunGroupName})
     * @param mems     the memory nodes for cgroup v1 {@code cpuset.mems} (the base's own); unused for v2
     * @throws InputException every statement Linux has no equivalent for, and a partition the host cannot hold
     */
    public static CgroupPlan plan(Problem problem, HostTopology host, CgroupVersion version, String runGroup,
                                  String mems) throws InputException {
        List<Diagnostic> refused = new ArrayList<>(Refusals.of(problem));
        Partition partition = problem.partition();
        List<LogicalCpu> cpus = assignCpus(partition, host, refused);
        List<Bucket> buckets = Entitlements.of(problem);
        Map<String, Bandwidth> caps = new HashMap<>();
        Map<String, Bandwidth> poolCaps = new HashMap<>();
        Map<String, Long> poolShares = new LinkedHashMap<>();
        for (Bucket b : buckets) {
            b.cpuPool().ifPresent(p -> poolShares.merge(p.key(), (long) b.share().min().value(), Long::sum));
            if (b.hasLimit() && b.limitMode().orElseThrow() == LimitMode.HARD) {
                Optional<Bandwidth> bw = bandwidth(b.limit());
                if (bw.isEmpty()) {
                    refused.add(new Diagnostic(b.share().location(), Refusals.capTooSmall("LIMITHARD", b.limit())));
                } else {
                    caps.put(b.id(), bw.get());
                }
            }
        }
        long weightMax = version == CgroupVersion.V1 ? (V1_SHARES_MAX * 100 - 50) / 1024 : V2_WEIGHT_MAX;
        for (CpuPool p : partition.cpuPools()) {
            if (!poolShares.containsKey(p.key())) {
                continue;
            }
            double cap = p.cap(partition.capacity(p.type()));
            Optional<Bandwidth> bw = bandwidth(cap);
            if (bw.isEmpty()) {
                refused.add(new Diagnostic(p.location(), Refusals.capTooSmall("CPU pool " + p.name(), cap)));
            } else {
                poolCaps.put(p.key(), bw.get());
            }
            long sum = poolShares.get(p.key());
            if (sum > weightMax) {
                refused.add(new Diagnostic(p.location(), "the members of CPU pool " + p.name()
                        + " have RELATIVE shares adding up to " + sum + ", more than a cgroup v" + version.number()
                        + " weight holds (" + weightMax + " as a RELATIVE share)"));
            }
        }
        if (!refused.isEmpty()) {
            throw new InputException(refused);
        }
        return new Builder(problem, version, runGroup, mems, cpus, buckets, caps, poolCaps, poolShares).build();
    }

    /**
     * The host CPUs standing for the partition's logical CPUs: whole cores, highest-numbered first (CPU 0
     * usually takes more of the machine's housekeeping), engine types in LPAR order, each type's cores then
     * ascending. A type without SMT takes the first thread of a core; the core's other threads stay unused.
     */
    static List<LogicalCpu> assignCpus(Partition partition, HostTopology host, List<Diagnostic> refused) {
        int hostThreads = host.maxThreadsPerCore();
        boolean fits = true;
        for (EngineType t : partition.types()) {
            if (partition.threads(t) > hostThreads) {
                refused.add(new Diagnostic(partition.location(), "MULTITHREAD " + t + "." + partition.threads(t)
                        + " needs cores with " + partition.threads(t) + " threads, and this machine's cores have "
                        + hostThreads));
                fits = false;
            }
        }
        List<List<Integer>> free = new ArrayList<>(host.cores());
        free.sort(Comparator.comparing((List<Integer> c) -> c.get(0)).reversed());
        Map<EngineType, List<List<Integer>>> taken = new EnumMap<>(EngineType.class);
        int needed = 0;
        for (EngineType t : partition.types()) {
            needed += partition.cores(t);
        }
        if (fits) {
            for (EngineType t : partition.types()) {
                List<List<Integer>> mine = new ArrayList<>();
                for (int c = 0; c < partition.cores(t); c++) {
                    int threads = partition.threads(t);
                    Optional<List<Integer>> core = free.stream().filter(k -> k.size() >= threads).findFirst();
                    if (core.isEmpty()) {
                        fits = false;
                        break;
                    }
                    free.remove(core.get());
                    mine.add(core.get());
                }
                if (!fits) {
                    break;
                }
                mine.sort(Comparator.comparing(k -> k.get(0)));
                taken.put(t, mine);
            }
            if (!fits) {
                refused.add(new Diagnostic(partition.location(), tooLarge(partition, host, needed)));
            }
        }
        if (!fits) {
            return List.of();
        }
        List<LogicalCpu> out = new ArrayList<>();
        for (EngineType t : partition.types()) {
            List<List<Integer>> cores = taken.get(t);
            for (int c = 0; c < cores.size(); c++) {
                for (int th = 0; th < partition.threads(t); th++) {
                    out.add(new LogicalCpu(out.size(), t, c, th, cores.get(c).get(th)));
                }
            }
        }
        return out;
    }

    private static String tooLarge(Partition partition, HostTopology host, int cores) {
        StringBuilder lpar = new StringBuilder();
        int logical = 0;
        for (EngineType t : partition.types()) {
            lpar.append(lpar.length() == 0 ? "" : " ").append(t).append('.').append(partition.cores(t));
            logical += partition.logicalCpus(t);
        }
        String list = CpuList.format(host.cpus());
        if (host.maxThreadsPerCore() == 1) {
            return "the LPAR has " + logical + " logical CPUs (" + lpar + "), and this machine has "
                    + host.cpus().size() + " CPUs schedlab may use (" + list + ")";
        }
        return "the LPAR needs " + cores + " cores (" + lpar + "), and this machine has " + host.cores().size()
                + " cores schedlab may use (CPUs " + list + ")";
    }

    /** Turns the checked problem into groups; separate so that {@link #plan} reads as the checks it makes. */
    private static final class Builder {
        private final Problem problem;
        private final CgroupVersion version;
        private final String run;
        private final String mems;
        private final List<LogicalCpu> cpus;
        private final List<Bucket> buckets;
        private final Map<String, Bandwidth> caps;
        private final Map<String, Bandwidth> poolCaps;
        private final Map<String, Long> poolShares;
        private final List<GroupSpec> groups = new ArrayList<>();

        Builder(Problem problem, CgroupVersion version, String run, String mems, List<LogicalCpu> cpus,
                List<Bucket> buckets, Map<String, Bandwidth> caps, Map<String, Bandwidth> poolCaps,
                Map<String, Long> poolShares) {
            this.problem = problem;
            this.version = version;
            this.run = run;
            this.mems = mems;
            this.cpus = cpus;
            this.buckets = buckets;
            this.caps = caps;
            this.poolCaps = poolCaps;
            this.poolShares = poolShares;
        }

        private List<Integer> hostCpus(EngineType type) {
            return cpus.stream().filter(c -> c.type() == type).map(LogicalCpu::hostCpu).sorted().toList();
        }

        CgroupPlan build() {
            Partition partition = problem.partition();
            List<EngineType> pools = new ArrayList<>();
            for (EngineType t : partition.types()) {
                if (buckets.stream().anyMatch(b -> b.pool() == t)) {
                    pools.add(t);
                }
            }
            String all = CpuList.format(pools.stream().flatMap(t -> hostCpus(t).stream()).toList());
            // The run group: the top weight, so that ordinary work on the partition's CPUs yields to the burners.
            if (version == CgroupVersion.V1) {
                add(Hierarchy.CPU, run, List.of(new FileWrite("cpu.shares", Long.toString(V1_SHARES_MAX))));
                add(Hierarchy.CPU, run + "/" + JVM, List.of(new FileWrite("cpu.shares", Long.toString(v1Shares(100)))));
                add(Hierarchy.CPUSET, run, cpuset(all));
            } else {
                add(Hierarchy.UNIFIED, run, List.of(new FileWrite("cpu.weight", Long.toString(V2_WEIGHT_MAX)),
                        new FileWrite("cpuset.cpus", all),
                        new FileWrite("cgroup.subtree_control", V2_CONTROLLERS)));
            }
            Map<String, String> bucketPath = new HashMap<>();
            List<BucketGroup> bucketGroups = new ArrayList<>();
            for (EngineType t : pools) {
                String pool = run + "/" + t.name().toLowerCase(Locale.ROOT);
                String list = CpuList.format(hostCpus(t));
                if (version == CgroupVersion.V1) {
                    add(Hierarchy.CPU, pool, List.of());
                    add(Hierarchy.CPUSET, pool, cpuset(list));
                } else {
                    add(Hierarchy.UNIFIED, pool, List.of(threaded(), new FileWrite("cpuset.cpus", list),
                            new FileWrite("cgroup.subtree_control", V2_CONTROLLERS)));
                }
                for (CpuPool p : problem.partition().cpuPools()) {
                    if (p.type() == t && poolShares.containsKey(p.key())) {
                        String path = pool + "/cpupool." + p.name();
                        group(path, poolShares.get(p.key()), Optional.of(poolCaps.get(p.key())), true);
                        for (Bucket b : buckets) {
                            if (b.cpuPool().map(CpuPool::key).orElse("").equals(p.key())) {
                                bucket(b, path, Optional.of(path), bucketPath, bucketGroups);
                            }
                        }
                    }
                }
                for (Bucket b : buckets) {
                    if (b.pool() == t && b.cpuPool().isEmpty()) {
                        bucket(b, pool, Optional.empty(), bucketPath, bucketGroups);
                    }
                }
            }
            // Bucket groups in the solver's order, whatever order the tree was built in.
            List<BucketGroup> ordered = new ArrayList<>();
            for (Bucket b : buckets) {
                ordered.add(bucketGroups.stream().filter(g -> g.id().equals(b.id())).findFirst().orElseThrow());
            }
            List<VcpuPlacement> placements = new ArrayList<>();
            for (Problem.Placed v : problem.vcpus()) {
                if (v.vcpu().stopped()) {
                    continue;
                }
                String path = bucketPath.get(bucketKey(v.user(), v.vcpu().type()));
                String pool = run + "/" + v.pool().name().toLowerCase(Locale.ROOT);
                Map<Hierarchy, String> where = version == CgroupVersion.V1
                        ? Map.of(Hierarchy.CPU, path, Hierarchy.CPUSET, pool)
                        : Map.of(Hierarchy.UNIFIED, path);
                placements.add(new VcpuPlacement(placements.size(), v, where, hostCpus(v.pool())));
            }
            List<GroupSpec> ordered2 = new ArrayList<>();
            for (Hierarchy h : version.hierarchies()) {
                groups.stream().filter(g -> g.hierarchy() == h).forEach(ordered2::add);
            }
            return new CgroupPlan(version, run, ordered2, placements, ordered, cpus,
                    version == CgroupVersion.V1 ? Optional.of(run + "/" + JVM) : Optional.empty());
        }

        private void bucket(Bucket b, String parent, Optional<String> poolPath, Map<String, String> bucketPath,
                            List<BucketGroup> out) {
            boolean several = buckets.stream().filter(o -> o.pool() == b.pool() && o.user().key().equals(b.user().key()))
                    .count() > 1;
            String path = parent + "/u." + b.user().name() + (several ? "." + b.virtualType() : "");
            Optional<Bandwidth> own = Optional.ofNullable(caps.get(b.id()));
            // cgroup v1 refuses a child's quota above its parent's (v2 takes the lower of the two by itself);
            // the CPU pool holds its members to its cap anyway, so its cap is the same limit.
            if (version == CgroupVersion.V1 && own.isPresent() && poolPath.isPresent()) {
                Bandwidth pool = poolCaps.get(b.cpuPool().orElseThrow().key());
                if (own.get().percent() > pool.percent()) {
                    own = Optional.of(pool);
                }
            }
            group(path, (long) b.share().min().value(), own, false);
            bucketPath.put(bucketKey(b.user(), b.virtualType()), path);
            out.add(new BucketGroup(b.id(), path, own.isPresent() ? Optional.of(path) : poolPath));
        }

        private void group(String path, long relative, Optional<Bandwidth> cap, boolean parent) {
            List<FileWrite> w = new ArrayList<>();
            if (version == CgroupVersion.V1) {
                w.add(new FileWrite("cpu.shares", Long.toString(v1Shares(relative))));
                cap.ifPresent(c -> {
                    w.add(new FileWrite("cpu.cfs_period_us", Long.toString(c.periodUs())));
                    w.add(new FileWrite("cpu.cfs_quota_us", Long.toString(c.quotaUs())));
                });
                add(Hierarchy.CPU, path, w);
            } else {
                w.add(threaded());
                w.add(new FileWrite("cpu.weight", Long.toString(v2Weight(relative))));
                cap.ifPresent(c -> w.add(new FileWrite("cpu.max", c.cpuMax())));
                if (parent) {
                    w.add(new FileWrite("cgroup.subtree_control", V2_CONTROLLERS));
                }
                add(Hierarchy.UNIFIED, path, w);
            }
        }

        private List<FileWrite> cpuset(String list) {
            return List.of(new FileWrite("cpuset.cpus", list), new FileWrite("cpuset.mems", mems));
        }

        private static FileWrite threaded() {
            return new FileWrite("cgroup.type", "threaded");
        }

        private void add(Hierarchy h, String path, List<FileWrite> writes) {
            groups.add(new GroupSpec(h, path, writes));
        }
    }

    private static String bucketKey(User user, EngineType virtualType) {
        return user.key() + "/" + virtualType;
    }

    /** The statements refused, with their messages; one home for every message the mapping gives. */
    static final class Refusals {
        private Refusals() {
        }

        static List<Diagnostic> of(Problem problem) {
            List<Diagnostic> out = new ArrayList<>();
            Partition partition = problem.partition();
            if (partition.topology().coresPerChip() != 0 || partition.topology().chipsPerNode() != 0) {
                out.add(new Diagnostic(partition.topology().location(), "TOPOLOGY has no Linux equivalent: the "
                        + "kernel takes chips and nodes from the machine it runs on; leave TOPOLOGY out"));
            }
            Srm srm = partition.srm();
            if (srm.dispatchSliceMs().isPresent()) {
                out.add(new Diagnostic(partition.location(), "SRM DSPSLICE "
                        + Numbers.format(srm.dispatchSliceMs().getAsDouble()) + " has no Linux equivalent: the fair "
                        + "class sets its own slice for every task, not per partition; leave SRM DSPSLICE out"));
            }
            if (srm.workDistribution() != Srm.DEFAULT.workDistribution()) {
                out.add(new Diagnostic(partition.location(), "SRM DSPWDMETHOD " + srm.workDistribution()
                        + " has no Linux equivalent: the kernel balances load between CPUs its own way; leave it out"));
            }
            if (srm.polarization() != Srm.DEFAULT.polarization()) {
                out.add(new Diagnostic(partition.location(), "SRM POLARIZATION " + srm.polarization()
                        + " has no Linux equivalent: every CPU of a cpuset is alike to the kernel; leave it out"));
            }
            for (Moment m : problem.timeline()) {
                out.add(new Diagnostic(m.location(), "changes while the problem runs (AT) are not carried out on the "
                        + "Linux kernel: its groups and burners are set once, at the start; leave the AT blocks out"));
            }
            for (User u : problem.users()) {
                for (Share s : u.shares()) {
                    if (s.min().kind() == ShareKind.ABSOLUTE) {
                        out.add(new Diagnostic(s.location(), "ABSOLUTE share " + s.type() + "." + Numbers.format(
                                s.min().value()) + "% has no Linux equivalent: a cgroup's weight is relative to the "
                                + "groups present and nothing reserves a percentage of the CPUs; use a RELATIVE share"));
                    }
                    if (s.limit().isPresent() && s.limit().get().mode() == LimitMode.SOFT) {
                        out.add(new Diagnostic(s.location(), "LIMITSOFT has no Linux equivalent: a CPU bandwidth cap "
                                + "(cpu.max, cpu.cfs_quota_us) holds even when the CPUs are idle; use LIMITHARD"));
                    }
                }
            }
            return out;
        }

        static String capTooSmall(String what, double capPct) {
            return what + " caps at " + Numbers.format(capPct, 4) + "% of a CPU, below the smallest cap the kernel "
                    + "enforces (" + Numbers.format(MIN_CAP_PCT) + "%: a quota of 1 ms per period of 1 s)";
        }
    }
}
