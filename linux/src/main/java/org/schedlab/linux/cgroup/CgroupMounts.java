package org.schedlab.linux.cgroup;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.schedlab.linux.host.HostAccessException;
import org.schedlab.linux.host.HostPaths;
import org.schedlab.linux.mapping.CgroupVersion;
import org.schedlab.linux.mapping.Hierarchy;

/**
 * Where a run makes its groups: the cgroup version with the {@code cpu} and {@code cpuset} controllers, and the
 * base group of each hierarchy the run group goes under.
 *
 * @param bases   per hierarchy of {@code version}, the directory the run group is made in: a v1 controller's
 *                mount, or for v2 the mount's root (as root) or this process's own delegated group
 * @param origins per hierarchy, the group this process was in when the run began: where its threads go back
 * @param v2Root  the v2 mount point (the root group); for v1 the cpu base, unused
 */
public record CgroupMounts(CgroupVersion version, Map<Hierarchy, Path> bases, Map<Hierarchy, Path> origins,
                           Path v2Root) {

    public CgroupMounts {
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(v2Root, "v2Root");
        bases = complete(version, bases, "base");
        origins = complete(version, origins, "origin");
    }

    private static Map<Hierarchy, Path> complete(CgroupVersion version, Map<Hierarchy, Path> paths, String what) {
        EnumMap<Hierarchy, Path> m = new EnumMap<>(Hierarchy.class);
        m.putAll(paths);
        if (!m.keySet().containsAll(version.hierarchies()) || m.size() != version.hierarchies().size()) {
            throw new IllegalArgumentException("need a " + what + " for each of " + version.hierarchies() + ", got "
                    + m.keySet());
        }
        return Map.copyOf(m);
    }

    /** cgroup v1 with the {@code cpu} and {@code cpuset} hierarchies at these directories, this process in their roots. */
    public static CgroupMounts v1(Path cpu, Path cpuset) {
        return v1(cpu, cpuset, cpu, cpuset);
    }

    /** cgroup v1, this process in {@code cpuOrigin} and {@code cpusetOrigin}. */
    public static CgroupMounts v1(Path cpu, Path cpuset, Path cpuOrigin, Path cpusetOrigin) {
        return new CgroupMounts(CgroupVersion.V1, Map.of(Hierarchy.CPU, cpu, Hierarchy.CPUSET, cpuset),
                Map.of(Hierarchy.CPU, cpuOrigin, Hierarchy.CPUSET, cpusetOrigin), cpu);
    }

    /** cgroup v2 mounted at {@code root}, runs made under {@code base}, this process found in {@code origin}. */
    public static CgroupMounts v2(Path root, Path base, Path origin) {
        return new CgroupMounts(CgroupVersion.V2, Map.of(Hierarchy.UNIFIED, base), Map.of(Hierarchy.UNIFIED, origin),
                root);
    }

    public Path base(Hierarchy h) {
        return bases.get(h);
    }

    public Path origin(Hierarchy h) {
        return origins.get(h);
    }

    /**
     * Finds the hierarchies on this machine ({@code proc/self/mountinfo}) and checks that this process may make
     * groups in them.
     *
     * @throws HostAccessException one line: which controller or permission is missing, and how to get it
     */
    public static CgroupMounts detect(HostPaths paths) throws HostAccessException {
        List<String> mounts;
        try {
            mounts = Files.readAllLines(paths.proc().resolve("self/mountinfo"));
        } catch (IOException e) {
            throw new HostAccessException("cannot read " + paths.proc().resolve("self/mountinfo") + ": " + e.getMessage()
                    + " (schedlab runs a problem on the Linux kernel only on Linux, with /proc mounted)", e);
        }
        Optional<Path> cpu = Optional.empty();
        Optional<Path> cpuset = Optional.empty();
        Optional<Path> unified = Optional.empty();
        for (String line : mounts) {
            String[] f = line.split(" ");
            int dash = Arrays.asList(f).indexOf("-");
            if (dash < 0 || dash + 3 >= f.length) {
                continue;
            }
            String type = f[dash + 1];
            Path point = Path.of(unescape(f[4]));
            if (type.equals("cgroup")) {
                List<String> options = Arrays.asList(f[dash + 3].split(","));
                if (options.contains("cpu") && cpu.isEmpty()) {
                    cpu = Optional.of(point);
                }
                if (options.contains("cpuset") && cpuset.isEmpty()) {
                    cpuset = Optional.of(point);
                }
            } else if (type.equals("cgroup2") && unified.isEmpty()) {
                unified = Optional.of(point);
            }
        }
        if (cpu.isPresent() && cpuset.isPresent()) {
            for (Path base : List.of(rebase(paths, cpu.get()), rebase(paths, cpuset.get()))) {
                if (!Files.isWritable(base)) {
                    throw new HostAccessException("cannot make cgroups in " + base + " (cgroup v1, writable by root "
                            + "only): run as root, or on a cgroup v2 machine in a delegated scope "
                            + "(systemd-run --user --scope -p Delegate=yes bin/schedlab ...)");
                }
            }
            Path cpuBase = rebase(paths, cpu.get());
            Path cpusetBase = rebase(paths, cpuset.get());
            return v1(cpuBase, cpusetBase, own(paths, "cpu", cpuBase), own(paths, "cpuset", cpusetBase));
        }
        if (unified.isEmpty()) {
            throw new HostAccessException("no cgroup hierarchy has the cpu and cpuset controllers (cgroup v1 "
                    + (cpu.isPresent() ? "cpu only" : cpuset.isPresent() ? "cpuset only" : "none") + ", no cgroup v2): "
                    + "mount them, e.g. mount -t cgroup2 none /sys/fs/cgroup");
        }
        return v2(paths, rebase(paths, unified.get()));
    }

    private static CgroupMounts v2(HostPaths paths, Path root) throws HostAccessException {
        Path origin;
        try {
            origin = root;
            for (String line : Files.readAllLines(paths.proc().resolve("self/cgroup"))) {
                if (line.startsWith("0::")) {
                    String rel = line.substring(3).replaceFirst("^/", "");
                    origin = rel.isEmpty() ? root : root.resolve(rel);
                }
            }
            String controllers = Files.readString(root.resolve("cgroup.controllers"));
            if (!hasCpuControllers(controllers)) {
                throw new HostAccessException("cgroup v2 at " + root + " has no cpu and cpuset controllers (it has: "
                        + (controllers.isBlank() ? "none" : controllers.strip()) + "; another hierarchy holds them): "
                        + "use a machine whose cgroup v2 has them, or cgroup v1 cpu and cpuset as root");
            }
            if (Files.isWritable(root.resolve("cgroup.procs")) && Files.isWritable(root)) {
                return v2(root, root, origin);
            }
            String own = Files.readString(origin.resolve("cgroup.controllers"));
            if (Files.isWritable(origin) && Files.isWritable(origin.resolve("cgroup.procs")) && hasCpuControllers(own)) {
                return v2(root, origin, origin);
            }
            throw new HostAccessException("cannot make cgroups with the cpu and cpuset controllers in " + origin
                    + " (cgroup v2): run as root, or in a delegated scope that has them: systemd-run --user --scope "
                    + "-p Delegate=yes bin/schedlab ... (with Delegate=cpu cpuset in user@.service)");
        } catch (IOException e) {
            throw new HostAccessException("cannot read the cgroup v2 hierarchy at " + root + ": " + e.getMessage(), e);
        }
    }

    /**
     * This process's group in the v1 hierarchy of {@code controller} ({@code /proc/self/cgroup}), under
     * {@code base}; the base when the file does not say.
     */
    private static Path own(HostPaths paths, String controller, Path base) throws HostAccessException {
        try {
            for (String line : Files.readAllLines(paths.proc().resolve("self/cgroup"))) {
                String[] f = line.split(":", 3);
                if (f.length == 3 && Arrays.asList(f[1].split(",")).contains(controller)) {
                    String rel = f[2].replaceFirst("^/", "");
                    return rel.isEmpty() ? base : base.resolve(rel);
                }
            }
            return base;
        } catch (IOException e) {
            throw new HostAccessException("cannot read " + paths.proc().resolve("self/cgroup") + ": " + e.getMessage(), e);
        }
    }

    static boolean hasCpuControllers(String controllers) {
        List<String> c = Arrays.asList(controllers.strip().split("\\s+"));
        return c.contains("cpu") && c.contains("cpuset");
    }

    /** A mount point under /sys moved under {@code paths.sys()}, so that a test's directory stands in for /sys. */
    private static Path rebase(HostPaths paths, Path mountPoint) {
        Path sys = Path.of("/sys");
        return mountPoint.startsWith(sys) ? paths.sys().resolve(sys.relativize(mountPoint).toString()) : mountPoint;
    }

    /** mountinfo escapes spaces, tabs, newlines and backslashes as octal. */
    private static String unescape(String s) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 3 < s.length()) {
                sb.append((char) Integer.parseInt(s.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }
}
