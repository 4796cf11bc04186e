package org.schedlab.linux.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.schedlab.linux.burner.Burners;
import org.schedlab.linux.host.HostPaths;

/**
 * Reads the kernel's counters for one run: a burner thread's {@code schedstat}, and the idle and steal time of
 * the partition's CPUs.
 *
 * <p>Idle time is the scheduler tick's own idle account. {@code /proc/stat} gives it cut to 10 ms units,
 * which leaves an interval's idle time uncertain by up to 10 ms per CPU; {@code /proc/timer_list} (readable by
 * root) gives it in nanoseconds but only up to the CPU's last wake-up, without an idle period still going on.
 * When both can be read the later of the two is taken: exact for a busy CPU, within 10 ms for one idle at the
 * read ({@link #idleResolutionNs()} is the bound without timer_list). Steal time always comes from
 * {@code /proc/stat}: only the hypervisor knows it more closely.
 */
public final class ProcReader {

    /** {@code /proc/stat} counts in USER_HZ units, 100 per second on Linux. */
    static final long NS_PER_TICK = 10_000_000L;

    private final HostPaths paths;
    private final long pid;
    private final List<Integer> cpus;
    private final boolean timerList;

    /**
     * @param pid  this process (burners are its threads)
     * @param cpus the host CPUs to read, in the order the figures are wanted
     */
    public ProcReader(HostPaths paths, long pid, List<Integer> cpus) {
        this.paths = paths;
        this.pid = pid;
        this.cpus = List.copyOf(cpus);
        this.timerList = readableTimerList(paths.proc().resolve("timer_list"));
    }

    private static boolean readableTimerList(Path file) {
        try {
            return Files.isReadable(file) && Files.readString(file).contains(".idle_sleeptime");
        } catch (IOException | SecurityException e) {
            return false;
        }
    }

    /** How many CPUs {@link #cpuTimes} reads. */
    public int cpuCount() {
        return cpus.size();
    }

    /** How far an interval's idle time per CPU may be off by the counters' units: 0 with timer_list. */
    public long idleResolutionNs() {
        return timerList ? 0 : NS_PER_TICK;
    }

    /** Where idle time is read from, for the run's metadata. */
    public String idleSource() {
        return timerList ? "/proc/timer_list (ns) and /proc/stat (10 ms)" : "/proc/stat (10 ms)";
    }

    /**
     * Every counter at this instant: each burner's CPU clock and {@code schedstat}, the CPUs' idle and steal time.
     * The snapshot's time is the middle of the burners' reads (the CPUs' are read right after: the same moment to
     * well under a millisecond).
     */
    public Snapshot snapshot(Burners burners) throws IOException {
        int n = burners.size();
        long[] cpu = new long[n];
        long[] wait = new long[n];
        long[] slices = new long[n];
        long[] stat = new long[3];
        long before = System.nanoTime();
        for (int v = 0; v < n; v++) {
            cpu[v] = Math.max(0, burners.cpuTimeNanos(v));
            schedstat(burners.tid(v), stat, 0);
            wait[v] = stat[1];
            slices[v] = stat[2];
        }
        long after = System.nanoTime();
        long[] idle = new long[cpus.size()];
        long[] steal = new long[cpus.size()];
        cpuTimes(idle, steal);
        return new Snapshot(before + (after - before) / 2, cpu, wait, slices, idle, steal);
    }

    /** Task {@code tid}'s {@code schedstat}: run time, run-queue wait (ns), and timeslices, into {@code out[at..at+2]}. */
    public void schedstat(long tid, long[] out, int at) throws IOException {
        Path file = paths.proc().resolve(Long.toString(pid)).resolve("task").resolve(Long.toString(tid)).resolve("schedstat");
        String[] f = Files.readString(file).strip().split(" ");
        if (f.length < 3) {
            throw new IOException(file + " does not hold three numbers: " + String.join(" ", f));
        }
        out[at] = Long.parseLong(f[0]);
        out[at + 1] = Long.parseLong(f[1]);
        out[at + 2] = Long.parseLong(f[2]);
    }

    /** Idle (into {@code idle}) and steal (into {@code steal}) time of each CPU since boot, in nanoseconds. */
    public void cpuTimes(long[] idle, long[] steal) throws IOException {
        Map<Integer, long[]> stat = procStat(paths.proc().resolve("stat"));
        Map<Integer, Long> precise = timerList ? timerListIdle(paths.proc().resolve("timer_list")) : Map.of();
        for (int i = 0; i < cpus.size(); i++) {
            int cpu = cpus.get(i);
            long[] f = stat.get(cpu);
            if (f == null) {
                throw new IOException("/proc/stat has no line for CPU " + cpu + " (is it offline?)");
            }
            steal[i] = f[7] * NS_PER_TICK;
            Long p = precise.get(cpu);
            long coarse = (f[3] + f[4]) * NS_PER_TICK;
            idle[i] = p != null ? Math.max(p, coarse) : coarse;
        }
    }

    /** Per CPU, the ten counters of its {@code cpuN} line (user nice system idle iowait irq softirq steal ...). */
    static Map<Integer, long[]> procStat(Path file) throws IOException {
        Map<Integer, long[]> out = new HashMap<>();
        for (String line : Files.readAllLines(file)) {
            if (line.startsWith("cpu") && line.length() > 3 && Character.isDigit(line.charAt(3))) {
                String[] f = line.split(" +");
                long[] v = new long[10];
                for (int k = 0; k < v.length && k + 1 < f.length; k++) {
                    v[k] = Long.parseLong(f[k + 1]);
                }
                out.put(Integer.parseInt(f[0].substring(3)), v);
            }
        }
        return out;
    }

    /**
     * Per CPU, idle time in nanoseconds from {@code /proc/timer_list}: {@code idle_sleeptime} plus
     * {@code iowait_sleeptime}, as of the CPU's last exit from idle (the file does not say whether it is idle now).
     */
    static Map<Integer, Long> timerListIdle(Path file) throws IOException {
        Map<Integer, Long> out = new HashMap<>();
        int cpu = -1;
        long sleep = 0;
        long iowait = 0;
        for (String line : Files.readAllLines(file)) {
            String t = line.strip();
            if (t.startsWith("cpu: ")) {
                if (cpu >= 0) {
                    out.put(cpu, sleep + iowait);
                }
                cpu = Integer.parseInt(t.substring(5).strip());
                sleep = iowait = 0;
            } else if (cpu >= 0 && t.startsWith(".")) {
                int colon = t.indexOf(':');
                if (colon < 0) {
                    continue;
                }
                String key = t.substring(1, colon).strip();
                String value = t.substring(colon + 1).strip();
                int space = value.indexOf(' ');
                String number = space < 0 ? value : value.substring(0, space);
                switch (key) {
                    case "idle_sleeptime" -> sleep = Long.parseLong(number);
                    case "iowait_sleeptime" -> iowait = Long.parseLong(number);
                    default -> {
                        // other tick fields
                    }
                }
            } else if (t.startsWith("Tick Device") || t.startsWith("Event Broadcast")) {
                if (cpu >= 0) {
                    out.put(cpu, sleep + iowait);
                }
                cpu = -1;
            }
        }
        if (cpu >= 0) {
            out.put(cpu, sleep + iowait);
        }
        return out;
    }
}
