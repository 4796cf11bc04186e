package org.schedlab.linux.host;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The CPUs schedlab may use on this machine, grouped into cores: the online CPUs this process is allowed to
 * run on, each core listing its threads (SMT siblings) among them.
 *
 * @param cores the usable cores, each its usable threads ascending; cores in order of their first thread
 */
public record HostTopology(List<List<Integer>> cores) {

    public HostTopology {
        cores = cores.stream().map(List::copyOf).sorted(Comparator.comparing(c -> c.get(0))).toList();
        Set<Integer> seen = new LinkedHashSet<>();
        for (List<Integer> core : cores) {
            if (core.isEmpty()) {
                throw new IllegalArgumentException("a core has at least one CPU");
            }
            for (int cpu : core) {
                if (cpu < 0 || !seen.add(cpu)) {
                    throw new IllegalArgumentException("CPU " + cpu + " is negative or in two cores");
                }
            }
        }
    }

    /** A machine of {@code cores} cores with {@code threads} threads each, numbered core by core. */
    public static HostTopology uniform(int cores, int threads) {
        List<List<Integer>> out = new ArrayList<>();
        for (int c = 0; c < cores; c++) {
            List<Integer> core = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                core.add(c * threads + t);
            }
            out.add(core);
        }
        return new HostTopology(out);
    }

    /**
     * Reads the machine: {@code sys/devices/system/cpu/online}, each online CPU's
     * {@code topology/thread_siblings_list}, and this process's {@code Cpus_allowed_list} from
     * {@code proc/self/status}.
     */
    public static HostTopology read(HostPaths paths) throws IOException {
        List<Integer> online = CpuList.parse(Files.readString(paths.cpuDir().resolve("online")));
        Set<Integer> usable = new LinkedHashSet<>(online);
        usable.retainAll(allowed(paths.proc().resolve("self/status")));
        List<List<Integer>> cores = new ArrayList<>();
        Set<Integer> placed = new LinkedHashSet<>();
        for (int cpu : usable) {
            if (placed.contains(cpu)) {
                continue;
            }
            Path siblings = paths.cpuDir().resolve("cpu" + cpu + "/topology/thread_siblings_list");
            List<Integer> core = new ArrayList<>();
            List<Integer> all = Files.exists(siblings) ? CpuList.parse(Files.readString(siblings)) : List.of(cpu);
            for (int s : all) {
                if (usable.contains(s)) {
                    core.add(s);
                    placed.add(s);
                }
            }
            if (!core.contains(cpu)) {
                core.add(cpu);
                placed.add(cpu);
            }
            core.sort(null);
            cores.add(core);
        }
        return new HostTopology(cores);
    }

    private static List<Integer> allowed(Path status) throws IOException {
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("Cpus_allowed_list:")) {
                return CpuList.parse(line.substring(line.indexOf(':') + 1));
            }
        }
        throw new IOException(status + " has no Cpus_allowed_list line");
    }

    /** Every usable CPU, ascending. */
    public List<Integer> cpus() {
        return cores.stream().flatMap(List::stream).sorted().toList();
    }

    /** The most threads any usable core has: 1 without SMT. */
    public int maxThreadsPerCore() {
        return cores.stream().mapToInt(List::size).max().orElse(0);
    }

    /** The core holding {@code cpu}, or an empty list. */
    public List<Integer> coreOf(int cpu) {
        return cores.stream().filter(c -> c.contains(cpu)).findFirst().orElse(List.of());
    }

    @Override
    public String toString() {
        return cores.size() + " cores (CPUs " + CpuList.format(cpus()) + ", " + maxThreadsPerCore()
                + (maxThreadsPerCore() == 1 ? " thread" : " threads") + " per core)";
    }

    /** Same CPUs and cores. */
    public boolean sameAs(HostTopology o) {
        return Objects.equals(cores, o.cores);
    }
}
