package org.schedlab.core;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The scenario language's limits, in one place: the parser rejects anything beyond them, the docs'
 * "Limits" table lists them, and code that runs a parsed problem may rely on them.
 *
 * <p>Two kinds. <b>Value ranges</b> (shares, demand, DSPSLICE, LIMITHARD, threads per core) are what
 * the values mean, so the records' constructors enforce them too. <b>Size limits</b> (logical CPUs,
 * users, virtual CPUs, run length) bound what a run may cost; they are the language's, not the
 * model's, so that generators and benchmarks may build larger problems in code. {@link #exceeded}
 * says whether a problem built that way stays within them.
 *
 * <p>Sizes are grounded in z/VM: 6.4 uses at most 64 cores of an LPAR without SMT, 32 cores (64
 * threads) with SMT-2, so 64 logical CPUs; the limit here is four times that, for simulation
 * studies, which also want up to 100,000 virtual CPUs in a problem. With these sizes every sum the solver and the runner form fits
 * its type: logical CPUs in an {@code int}, capacity sums (at most 25,600%) and share sums (at
 * most 100,000 x 10,000 RELATIVE) in a {@code double} exactly, a day in microseconds in a {@code long}.
 */
public final class Limits {

    /** Logical CPUs in a partition, all engine types together, each core counted once per thread. */
    public static final int MAX_LOGICAL_CPUS = 256;
    /** SMT-2 at most, as on z13 and later. */
    public static final int MAX_THREADS_PER_CORE = 2;
    /** Users logged on in one problem. */
    public static final int MAX_USERS = 100_000;
    /** Virtual CPUs in one problem, over all its users. */
    public static final int MAX_VCPUS = 100_000;
    /**
     * {@code AT} blocks in one problem. Each is a phase the solver answers and a report shows, and a
     * phase's problem is a copy of the user list: a thousand phases of the largest problem is what this
     * allows. Users and virtual CPUs that log on with {@code LOGON} count towards {@link #MAX_USERS} and
     * {@link #MAX_VCPUS} like those of {@code USER} statements.
     */
    public static final int MAX_MOMENTS = 1000;
    /** Virtual CPU addresses are 0 to 3F: at most 64 virtual CPUs per user, as in z/VM. */
    public static final int MAX_VCPU_ADDRESS = 0x3F;

    /** Bytes in a scenario file: some 20 times the largest problem written out; the parser reads a file whole. */
    public static final long MAX_SCENARIO_BYTES = 32L << 20;

    /** The shortest DURATION or INTERVAL: a millisecond, the order of the shortest time slice. */
    public static final Duration MIN_TIME = Duration.ofMillis(1);
    /** The longest DURATION or INTERVAL: a day of virtual time. */
    public static final Duration MAX_TIME = Duration.ofHours(24);
    /** Times are kept to the microsecond, the runner's clock tick. */
    public static final Duration TIME_RESOLUTION = Duration.ofNanos(1000);

    /** {@code LPAR type.n}: cores of one type. */
    public static final Range CORES = Range.whole(1, MAX_LOGICAL_CPUS);
    /** {@code MULTITHREAD type.t}. */
    public static final Range THREADS = Range.whole(1, MAX_THREADS_PER_CORE);
    /** {@code TOPOLOGY CHIP.c}: cores per chip. */
    public static final Range CORES_PER_CHIP = Range.whole(1, MAX_LOGICAL_CPUS);
    /** {@code TOPOLOGY NODE.k}: chips per node. */
    public static final Range CHIPS_PER_NODE = Range.whole(1, MAX_LOGICAL_CPUS);
    /** {@code SRM DSPSLICE ms}: z/VM's SET SRM DSPSLICE range. */
    public static final Range DSPSLICE_MS = Range.closed(1, 100);
    /** {@code CPUPOOL ... LIMITHARD p%}. */
    public static final Range POOL_LIMITHARD_PERCENT = Range.aboveZero(100);
    /** {@code CPUPOOL ... CAPACITY n}: logical CPUs' worth; more than a partition can have caps nothing. */
    public static final Range POOL_CAPACITY = Range.aboveZero(MAX_LOGICAL_CPUS);
    /** RELATIVE shares, as in z/VM's SET SHARE. */
    public static final Range RELATIVE_SHARE = Range.whole(1, 10_000);
    /** ABSOLUTE shares in percent. */
    public static final Range ABSOLUTE_SHARE = Range.aboveZero(100);
    /** A virtual CPU's demand in percent of one logical CPU. */
    public static final Range DEMAND_PERCENT = Range.closed(0, 100);
    /** {@code RUNIT SEED n}: what a {@code long} holds. */
    public static final Range SEED = new Range(BigDecimal.valueOf(Long.MIN_VALUE), false, BigDecimal.valueOf(Long.MAX_VALUE), true);

    private Limits() {
    }

    /** Whether {@code t} is a DURATION or INTERVAL the language accepts (range and resolution). */
    public static boolean validTime(Duration t) {
        return t.compareTo(MIN_TIME) >= 0 && t.compareTo(MAX_TIME) <= 0 && t.toNanos() % TIME_RESOLUTION.toNanos() == 0;
    }

    /** Logical CPUs of {@code partition}, all types; a {@code long} so that it holds for any partition built in code. */
    public static long logicalCpus(Map<EngineType, Integer> cores, Map<EngineType, Integer> threads) {
        long total = 0;
        for (Map.Entry<EngineType, Integer> e : cores.entrySet()) {
            total += (long) e.getValue() * threads.getOrDefault(e.getKey(), 1);
        }
        return total;
    }

    /**
     * The size limits {@code problem} breaks, one phrase each ({@code 300 logical CPUs, at most 256});
     * empty for every problem the parser accepts. For problems built in code. Users and virtual CPUs count
     * every {@code USER} and every {@code LOGON}, so a user logged on twice counts twice.
     */
    public static List<String> exceeded(Problem problem) {
        List<String> out = new ArrayList<>();
        Partition p = problem.partition();
        Map<EngineType, Integer> threads = new EnumMap<>(EngineType.class);
        p.types().forEach(t -> threads.put(t, p.threads(t)));
        long logical = logicalCpus(p.cores(), threads);
        if (logical > MAX_LOGICAL_CPUS) {
            out.add(logical + " logical CPUs, at most " + MAX_LOGICAL_CPUS);
        }
        List<User> users = new ArrayList<>(problem.users());
        for (Moment m : problem.timeline()) {
            for (Change c : m.changes()) {
                if (c instanceof Change.Logon logon) {
                    users.add(logon.user());
                }
            }
        }
        if (users.size() > MAX_USERS) {
            out.add(users.size() + " users, at most " + MAX_USERS);
        }
        long vcpus = users.stream().mapToLong(u -> u.vcpus().size()).sum();
        if (problem.timeline().size() > MAX_MOMENTS) {
            out.add(problem.timeline().size() + " AT blocks, at most " + MAX_MOMENTS);
        }
        if (vcpus > MAX_VCPUS) {
            out.add(vcpus + " virtual CPUs, at most " + MAX_VCPUS);
        }
        for (CpuPool pool : p.cpuPools()) {
            if (pool.kind() == CpuPool.Kind.CAPACITY && !POOL_CAPACITY.contains(pool.value())) {
                out.add("CPU pool " + pool.name() + " CAPACITY " + Numbers.format(pool.value()) + ", at most " + MAX_LOGICAL_CPUS);
            }
        }
        problem.runControl().duration().filter(d -> !validTime(d)).ifPresent(d -> out.add("DURATION " + d.toMillis() + " ms"));
        problem.runControl().interval().filter(d -> !validTime(d)).ifPresent(d -> out.add("INTERVAL " + d.toMillis() + " ms"));
        for (Moment m : problem.timeline()) {
            for (Change c : m.changes()) {
                if (c instanceof Change.SetCpuPool pool && pool.kind() == CpuPool.Kind.CAPACITY && !POOL_CAPACITY.contains(pool.value())) {
                    out.add("SET CPUPOOL " + pool.pool() + " CAPACITY " + Numbers.format(pool.value()) + ", at most " + MAX_LOGICAL_CPUS);
                }
            }
        }
        return List.copyOf(out);
    }

    /**
     * A range of written numbers: from {@code min} (inclusive, or exclusive when {@code aboveMin}) to
     * {@code max} inclusive, whole numbers only when {@code whole}. Checked on the exact decimal the
     * user wrote, so that no value passes by rounding and no huge one overflows.
     */
    public record Range(BigDecimal min, boolean aboveMin, BigDecimal max, boolean whole) {

        static Range whole(long min, long max) {
            return new Range(BigDecimal.valueOf(min), false, BigDecimal.valueOf(max), true);
        }

        static Range closed(long min, long max) {
            return new Range(BigDecimal.valueOf(min), false, BigDecimal.valueOf(max), false);
        }

        static Range aboveZero(long max) {
            return new Range(BigDecimal.ZERO, true, BigDecimal.valueOf(max), false);
        }

        public boolean contains(BigDecimal v) {
            int low = v.compareTo(min);
            return (aboveMin ? low > 0 : low >= 0) && v.compareTo(max) <= 0 && (!whole || isWhole(v));
        }

        public boolean contains(double v) {
            return Double.isFinite(v) && contains(new BigDecimal(v));
        }

        /** {@code a whole number from 1 to 256}, {@code above 0 and at most 100}, {@code from 0 to 100}. */
        public String rule() {
            String to = max.toPlainString();
            if (aboveMin) {
                return "above " + min.toPlainString() + " and at most " + to;
            }
            return (whole ? "a whole number from " : "from ") + min.toPlainString() + " to " + to;
        }

        public int maxInt() {
            return max.intValueExact();
        }

        public static boolean isWhole(BigDecimal v) {
            return v.signum() == 0 || v.stripTrailingZeros().scale() <= 0;
        }
    }
}
