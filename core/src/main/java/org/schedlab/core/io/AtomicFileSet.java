package org.schedlab.core.io;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Files {@code DIR/BASE.*} that replace the previous ones as a set: all of them or none, never new
 * and old mixed. A set is written into a staging directory {@code DIR/.BASE.<hex>.part/}; once every
 * file is complete, {@link #commit()} renames that directory to {@code DIR/.BASE.<hex>.commit/} (one
 * atomic rename: from here the set counts as written) and then moves the files out into {@code DIR},
 * replacing older ones, and removes the emptied directory.
 *
 * <p>A process killed before the first rename leaves a {@code .part} directory: an unfinished set,
 * which the next {@link #create} for the same base deletes (and one for any base, once it is a day
 * old). A process killed while moving files out leaves a {@code .commit} directory: a finished set,
 * which the next {@link #create} in that directory moves out the rest of, so the set is whole again.
 * Two processes writing the same base into the same directory at once are not supported: the later
 * one sweeps the earlier one's staging directory and the earlier one's commit fails.
 */
public final class AtomicFileSet implements AutoCloseable {

    /** Staging names: {@code .NAME.<hex>.part} (also {@link AtomicOutput}'s temporary files) and {@code .NAME.<hex>.commit}. */
    private static final Pattern STAGED = Pattern.compile("\\.(.+)\\.([0-9a-f]{1,16})\\.(part|commit)");
    /** Another base's unfinished output this old is abandoned: no run takes a day to write its files. */
    static final Duration STALE_AFTER = Duration.ofHours(24);
    private static final SecureRandom RANDOM = new SecureRandom();

    private enum State { OPEN, COMMITTED, DISCARDED }

    private final Path dir;
    private final String base;
    private final String id;
    private final Path staging;
    private final Map<Path, Writer> writers = new LinkedHashMap<>();
    private State state = State.OPEN;

    private AtomicFileSet(Path dir, String base, String id, Path staging) {
        this.dir = dir;
        this.base = base;
        this.id = id;
        this.staging = staging;
    }

    /**
     * Starts a set of files {@code dir/base.*}: creates {@code dir} if needed and first {@linkplain #sweep
     * sweeps} what earlier interrupted writers left there.
     */
    public static AtomicFileSet create(Path dir, String base) throws IOException {
        if (base.isEmpty() || base.contains("/") || base.contains("\\") || base.startsWith(".")) {
            throw new IllegalArgumentException("not a file name base: '" + base + "'");
        }
        Path d = dir.toAbsolutePath();
        Files.createDirectories(d);
        sweep(d, base);
        while (true) {
            String id = String.format("%016x", RANDOM.nextLong());
            Path staging = d.resolve("." + base + "." + id + ".part");
            try {
                Files.createDirectory(staging);
            } catch (FileAlreadyExistsException e) {
                continue;
            }
            AtomicFileSet set = new AtomicFileSet(d, base, id, staging);
            OpenOutputs.opened(set);
            return set;
        }
    }

    /** Opens {@code dir/name} of this set; {@code name} must be {@code base.something}. */
    public synchronized Writer file(String name) throws IOException {
        if (state != State.OPEN) {
            throw new IllegalStateException("set " + base + " is already " + state.name().toLowerCase(java.util.Locale.ROOT));
        }
        if (!name.startsWith(base + ".") || name.contains("/") || name.contains("\\")) {
            throw new IllegalArgumentException(name + " is not a file of set " + base);
        }
        Path target = dir.resolve(name);
        if (writers.containsKey(target)) {
            throw new IllegalArgumentException(name + " is already open");
        }
        Writer w = new TargetWriter(new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(staging.resolve(name),
                StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE), StandardCharsets.UTF_8), 1 << 16), target);
        writers.put(target, w);
        return w;
    }

    /** The files of this set where they appear once committed, in the order they were opened. */
    public synchronized List<Path> targets() {
        return List.copyOf(writers.keySet());
    }

    /** Completes every file and replaces {@code dir/base.*} with them, as described above. */
    public synchronized void commit() throws IOException {
        if (state != State.OPEN) {
            throw new IllegalStateException("set " + base + " is already " + state.name().toLowerCase(java.util.Locale.ROOT));
        }
        for (Writer w : writers.values()) {
            w.close();
        }
        Path marked = dir.resolve("." + base + "." + id + ".commit");
        move(staging, marked);
        rollForward(marked);
        state = State.COMMITTED;
        OpenOutputs.finished(this);
    }

    /** Deletes the staging directory unless {@link #commit()} succeeded. */
    @Override
    public synchronized void close() {
        if (state != State.OPEN) {
            return;
        }
        state = State.DISCARDED;
        OpenOutputs.finished(this);
        for (Writer w : writers.values()) {
            try {
                w.close();
            } catch (IOException ignored) {
                // being discarded anyway
            }
        }
        try {
            deleteTree(staging);
        } catch (IOException ignored) {
            // what is left, the next run's sweep removes
        }
    }

    /**
     * Cleans {@code dir} of what interrupted writers left: finished sets ({@code .commit}) are moved out
     * into place; unfinished ones ({@code .part}, directories or single files) are deleted when they are
     * {@code base}'s or older than a day.
     */
    public static void sweep(Path dir, String base) throws IOException {
        List<Path> entries;
        try (Stream<Path> s = Files.list(dir)) {
            entries = s.sorted().toList();
        } catch (NoSuchFileException e) {
            return;
        }
        Instant staleBefore = Instant.now().minus(STALE_AFTER);
        for (Path p : entries) {
            Matcher m = STAGED.matcher(p.getFileName().toString());
            if (!m.matches()) {
                continue;
            }
            try {
                if (m.group(3).equals("commit") && Files.isDirectory(p)) {
                    rollForward(p);
                } else if (m.group(1).equals(base) || m.group(1).startsWith(base + ".")
                        || Files.getLastModifiedTime(p).toInstant().isBefore(staleBefore)) {
                    deleteTree(p);
                }
            } catch (NoSuchFileException e) {
                // another process cleaned it first
            }
        }
    }

    private static void rollForward(Path marked) throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(marked)) {
            files = s.sorted().toList();
        }
        for (Path f : files) {
            try {
                move(f, marked.getParent().resolve(f.getFileName()));
            } catch (NoSuchFileException e) {
                // moved by another sweep at the same time
            }
        }
        Files.deleteIfExists(marked);
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        if (Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            List<Path> all;
            try (Stream<Path> s = Files.walk(p)) {
                all = new ArrayList<>(s.sorted(Comparator.reverseOrder()).toList());
            }
            for (Path q : all) {
                Files.deleteIfExists(q);
            }
        } else {
            Files.deleteIfExists(p);
        }
    }
}
