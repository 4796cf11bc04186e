package org.schedlab.linux.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.schedlab.linux.cgroup.CgroupFs;
import org.schedlab.linux.cgroup.CgroupMounts;

/**
 * A temporary directory that behaves like cgroup mounts where it matters to schedlab: {@code mkdir} makes a
 * group's control files with the kernel's defaults, writing a control file that does not exist fails, the
 * task files ({@code tasks}, {@code cgroup.procs}, {@code cgroup.threads}) move an id from wherever it was,
 * {@code rmdir} refuses a group with tasks or children and takes its control files with it. Every write is
 * logged in order, so tests can pin exactly what a run writes.
 */
public final class TempCgroupFs implements CgroupFs {

    /** v1 cpu, v1 cpuset, or v2: which control files a new group gets. */
    public enum Kind { V1_CPU, V1_CPUSET, V2 }

    private final Map<Path, Kind> mounts = new LinkedHashMap<>();
    private final List<String> log = new ArrayList<>();
    private final Path root;

    private TempCgroupFs(Path root) {
        this.root = root;
    }

    /** v1 cpu and cpuset mounts under {@code dir}: {@code dir/cpu}, {@code dir/cpuset} (memory node 0). */
    public static TempCgroupFs v1(Path dir) throws IOException {
        TempCgroupFs fs = new TempCgroupFs(dir);
        fs.mount(dir.resolve("cpu"), Kind.V1_CPU);
        fs.mount(dir.resolve("cpuset"), Kind.V1_CPUSET);
        Files.writeString(dir.resolve("cpuset/cpuset.cpus"), "0-511\n");
        Files.writeString(dir.resolve("cpuset/cpuset.mems"), "0\n");
        return fs;
    }

    /** A v2 mount at {@code dir/unified} with the cpu and cpuset controllers enabled for the root's children. */
    public static TempCgroupFs v2(Path dir) throws IOException {
        TempCgroupFs fs = new TempCgroupFs(dir);
        fs.mount(dir.resolve("unified"), Kind.V2);
        Files.writeString(dir.resolve("unified/cgroup.controllers"), "cpuset cpu io memory pids\n");
        Files.writeString(dir.resolve("unified/cgroup.subtree_control"), "cpuset cpu\n");
        return fs;
    }

    public CgroupMounts v1Mounts() {
        return CgroupMounts.v1(root.resolve("cpu"), root.resolve("cpuset"));
    }

    public CgroupMounts v2Mounts() {
        Path u = root.resolve("unified");
        return CgroupMounts.v2(u, u, u);
    }

    private void mount(Path dir, Kind kind) throws IOException {
        Files.createDirectories(dir);
        mounts.put(dir, kind);
        populate(dir, kind);
    }

    private static void populate(Path dir, Kind kind) throws IOException {
        Map<String, String> files = new LinkedHashMap<>();
        switch (kind) {
            case V1_CPU -> {
                files.put("tasks", "");
                files.put("cgroup.procs", "");
                files.put("cpu.shares", "1024\n");
                files.put("cpu.cfs_period_us", "100000\n");
                files.put("cpu.cfs_quota_us", "-1\n");
                files.put("cpu.stat", "nr_periods 0\nnr_throttled 0\nthrottled_time 0\n");
            }
            case V1_CPUSET -> {
                files.put("tasks", "");
                files.put("cgroup.procs", "");
                files.put("cpuset.cpus", "\n");
                files.put("cpuset.mems", "\n");
            }
            case V2 -> {
                files.put("cgroup.procs", "");
                files.put("cgroup.threads", "");
                files.put("cgroup.type", "domain\n");
                files.put("cgroup.controllers", "cpuset cpu\n");
                files.put("cgroup.subtree_control", "\n");
                files.put("cpu.weight", "100\n");
                files.put("cpu.max", "max 100000\n");
                files.put("cpuset.cpus", "\n");
                files.put("cpu.stat", "usage_usec 0\nnr_periods 0\nnr_throttled 0\nthrottled_usec 0\n");
            }
            default -> throw new IllegalStateException();
        }
        for (Map.Entry<String, String> e : files.entrySet()) {
            Path f = dir.resolve(e.getKey());
            if (!Files.exists(f)) {
                Files.writeString(f, e.getValue());
            }
        }
    }

    private Map.Entry<Path, Kind> mountOf(Path p) {
        return mounts.entrySet().stream().filter(e -> p.startsWith(e.getKey())).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(p + " is in no mount"));
    }

    private String rel(Path p) {
        return root.relativize(p).toString();
    }

    /** Every mkdir, write and rmdir so far, in order: {@code mkdir cpu/x}, {@code cpu/x/cpu.shares=2048}. */
    public List<String> log() {
        return List.copyOf(log);
    }

    @Override
    public void mkdir(Path group) throws IOException {
        Files.createDirectory(group);
        populate(group, mountOf(group).getValue());
        log.add("mkdir " + rel(group));
    }

    @Override
    public void write(Path file, String value) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new NoSuchFileException(file.toString());
        }
        String name = file.getFileName().toString();
        log.add(rel(file) + "=" + value);
        if (name.equals("tasks") || name.equals("cgroup.procs") || name.equals("cgroup.threads")) {
            // An id lives in one group of a mount at a time: writing it here takes it out of the others.
            Path mount = mountOf(file).getKey();
            try (Stream<Path> all = Files.walk(mount)) {
                for (Path f : all.filter(f -> f.getFileName().toString().equals(name)).toList()) {
                    List<String> ids = new ArrayList<>(Files.readAllLines(f));
                    if (ids.remove(value)) {
                        Files.write(f, ids);
                    }
                }
            }
            Files.writeString(file, value + "\n", StandardCharsets.US_ASCII, StandardOpenOption.APPEND);
        } else {
            Files.writeString(file, value + "\n", StandardCharsets.US_ASCII, StandardOpenOption.TRUNCATE_EXISTING);
        }
    }

    /** Thread or process {@code id} ended: the kernel takes it out of every group. */
    public void exited(long id) throws IOException {
        for (Path m : mounts.keySet()) {
            try (Stream<Path> all = Files.walk(m)) {
                for (Path f : all.filter(Files::isRegularFile).filter(f -> List.of("tasks", "cgroup.procs",
                        "cgroup.threads").contains(f.getFileName().toString())).toList()) {
                    List<String> ids = new ArrayList<>(Files.readAllLines(f));
                    if (ids.remove(Long.toString(id))) {
                        Files.write(f, ids);
                    }
                }
            }
        }
    }

    @Override
    public String read(Path file) throws IOException {
        return Files.readString(file, StandardCharsets.US_ASCII);
    }

    @Override
    public void rmdir(Path group) throws IOException {
        if (!Files.isDirectory(group)) {
            throw new NoSuchFileException(group.toString());
        }
        if (!children(group).isEmpty()) {
            throw new DirectoryNotEmptyException(group.toString());
        }
        for (String tasks : List.of("tasks", "cgroup.procs", "cgroup.threads")) {
            Path f = group.resolve(tasks);
            if (Files.exists(f) && !Files.readString(f).isBlank()) {
                throw new FileSystemException(group.toString(), null, "Device or resource busy");
            }
        }
        try (Stream<Path> files = Files.list(group)) {
            for (Path f : files.toList()) {
                Files.delete(f);
            }
        }
        Files.delete(group);
        log.add("rmdir " + rel(group));
    }

    @Override
    public List<Path> children(Path group) throws IOException {
        try (Stream<Path> s = Files.list(group)) {
            return s.filter(Files::isDirectory).sorted().toList();
        }
    }

    /** Every directory under the mounts, relative to the root: what a run left behind. */
    public List<String> groups() throws IOException {
        List<String> out = new ArrayList<>();
        for (Path m : mounts.keySet()) {
            try (Stream<Path> s = Files.walk(m)) {
                s.filter(Files::isDirectory).filter(d -> !d.equals(m)).map(this::rel).sorted().forEach(out::add);
            }
        }
        return out;
    }
}
