package org.schedlab.linux.cgroup;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.schedlab.linux.mapping.GroupSpec;

/** What both versions do alike: make groups with their values, walk a run's tree bottom up. */
final class GroupTree {

    private GroupTree() {
    }

    /** Writes one value, naming the file and the value if the kernel refuses it. */
    static void write(CgroupFs fs, Path file, String value) throws IOException {
        try {
            fs.write(file, value);
        } catch (IOException e) {
            throw new IOException("cannot write '" + value + "' to " + file + ": " + reason(e), e);
        }
    }

    /** Makes a group (unless {@code exists}) and writes its values in order. */
    static void make(CgroupFs fs, Path base, GroupSpec g, boolean exists) throws IOException {
        Path dir = base.resolve(g.path());
        if (!exists) {
            try {
                fs.mkdir(dir);
            } catch (IOException e) {
                throw new IOException("cannot make the cgroup " + dir + ": " + reason(e), e);
            }
        }
        for (var w : g.writes()) {
            write(fs, dir.resolve(w.file()), w.value());
        }
    }

    /** {@code group} and every group under it, children before parents; empty when it does not exist. */
    static List<Path> bottomUp(CgroupFs fs, Path group) throws IOException {
        List<Path> out = new ArrayList<>();
        if (Files.isDirectory(group)) {
            collect(fs, group, out);
        }
        return out;
    }

    private static void collect(CgroupFs fs, Path group, List<Path> out) throws IOException {
        for (Path child : fs.children(group)) {
            collect(fs, child, out);
        }
        out.add(group);
    }

    /**
     * Removes an empty group, retrying for up to a second: a thread that has just exited can hold its group
     * busy for a moment. A group already gone is no error.
     */
    static void rmdir(CgroupFs fs, Path group) throws IOException {
        long deadline = System.nanoTime() + 1_000_000_000L;
        while (true) {
            try {
                fs.rmdir(group);
                return;
            } catch (java.nio.file.NoSuchFileException e) {
                return;
            } catch (IOException e) {
                if (System.nanoTime() > deadline) {
                    throw new IOException("cannot remove the cgroup " + group + ": " + reason(e), e);
                }
                try {
                    Thread.sleep(10);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted while removing the cgroup " + group, e);
                }
            }
        }
    }

    /** The numbers in a tasks-like file ({@code tasks}, {@code cgroup.procs}, {@code cgroup.threads}). */
    static List<Long> ids(CgroupFs fs, Path file) throws IOException {
        List<Long> out = new ArrayList<>();
        if (!Files.exists(file)) {
            return out;
        }
        for (String line : fs.read(file).split("\n")) {
            if (!line.isBlank()) {
                out.add(Long.parseLong(line.strip()));
            }
        }
        return out;
    }

    static String reason(IOException e) {
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
