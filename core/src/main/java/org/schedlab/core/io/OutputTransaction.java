package org.schedlab.core.io;

import java.io.BufferedOutputStream;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
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
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The outputs of one command, replaced together or not at all: single files, sets of files and whole
 * directories (a report), in one directory or in several. Nothing the user can see changes until
 * {@link #commit()}; an exception, a failed run or Ctrl-C ({@link OpenOutputs#discardAll()} from a
 * shutdown hook) leaves every earlier output as it was.
 *
 * <p>How. Each output is staged in a hidden directory beside where it will appear,
 * {@code DIR/.KEY.<id>.part/} ({@code KEY}: the output's name, or a file set's base name), all of
 * them sharing the transaction's 16-hex-digit {@code id}. {@link #commit()} first completes every
 * file and writes into each staging directory the list of all of them ({@value #GROUP}); then renames
 * each to {@code .KEY.<id>.commit}: from the first of these renames on, the transaction counts as
 * written. Last it moves the outputs out into place (a directory that is replaced is first renamed to
 * {@code .KEY.<id>.old}, then deleted) and removes the emptied staging directories.
 *
 * <p>What a {@code kill -9} leaves, the next transaction that writes into the same directory
 * {@linkplain #sweep sweeps} first: a {@code .commit} directory is a written transaction, so its
 * outputs and those of every other member it lists (its {@code .part} directories renamed first)
 * are moved into place; a {@code .part} whose transaction has no {@code .commit} member is
 * unfinished and deleted when it is the same output's or a day old (a younger one may belong to a
 * command still running); a {@code .old} directory whose {@code .commit} is gone is deleted.
 *
 * <p>Two commands writing the same output at the same time are not supported: the later one sweeps
 * the earlier one's staging directory, and the earlier one's commit then fails with a
 * {@link WriteException} that says so.
 */
public final class OutputTransaction implements AutoCloseable {

    /** The list of a transaction's staging directories, one absolute path (without suffix) a line. */
    static final String GROUP = ".schedlab-group";
    /** Staging names: {@code .KEY.<hex>.part}, {@code .KEY.<hex>.commit} and {@code .KEY.<hex>.old}. */
    static final Pattern STAGED = Pattern.compile("\\.(.+)\\.([0-9a-f]{1,16})\\.(part|commit|old)");
    /** Another output's unfinished staging this old is abandoned: no command takes a day to write its files. */
    static final Duration STALE_AFTER = Duration.ofHours(24);
    private static final SecureRandom RANDOM = new SecureRandom();

    private enum State { OPEN, COMMITTING, COMMITTED, DISCARDED }

    /** One staging directory: {@code dir/.key.id.part}, holding the entries it will move into {@code dir}. */
    private static final class Member {
        final Path dir;
        final String key;
        final Path staging;
        final Map<String, Closeable> open = new LinkedHashMap<>();
        final List<Path> targets = new ArrayList<>();

        Member(Path dir, String key, Path staging) {
            this.dir = dir;
            this.key = key;
            this.staging = staging;
        }
    }

    private final String id;
    private final Map<String, Member> members = new LinkedHashMap<>();
    private State state = State.OPEN;

    private OutputTransaction(String id) {
        this.id = id;
    }

    /** A new transaction, discarded by {@link OpenOutputs#discardAll()} unless it commits first. */
    public static OutputTransaction begin() {
        OutputTransaction t = new OutputTransaction(String.format("%016x", RANDOM.nextLong()));
        OpenOutputs.opened(t);
        return t;
    }

    /** A text file (UTF-8) that appears at {@code target} on commit, replacing the file there. */
    public synchronized Writer file(Path target) throws IOException {
        Path t = target.toAbsolutePath().normalize();
        String name = nameOf(t);
        Member m = member(t.getParent(), name, t);
        return text(m, name, t);
    }

    /** As {@link #file(Path)}, for bytes. */
    public synchronized OutputStream stream(Path target) throws IOException {
        Path t = target.toAbsolutePath().normalize();
        String name = nameOf(t);
        Member m = member(t.getParent(), name, t);
        return binary(m, name, t);
    }

    /**
     * A directory that replaces the directory {@code target} as a whole on commit: fill the returned
     * staging directory. Failures while filling it are the caller's to report as {@link WriteException}s
     * naming {@code target}; {@link WriteException#of} keeps temporary names out of the message.
     */
    public synchronized Path directory(Path target) throws IOException {
        Path t = target.toAbsolutePath().normalize();
        String name = nameOf(t);
        Member m = member(t.getParent(), name, t);
        Path staged = m.staging.resolve(name);
        if (m.targets.contains(t)) {
            throw new IllegalArgumentException(t + " is already part of this transaction");
        }
        try {
            Files.createDirectory(staged);
        } catch (IOException e) {
            throw WriteException.of(t, e);
        }
        m.targets.add(t);
        return staged;
    }

    /** A text file {@code dir/name} of a set staged together under {@code key} (see {@link AtomicFileSet}). */
    synchronized Writer file(Path dir, String key, String name) throws IOException {
        Member m = member(dir.toAbsolutePath().normalize(), key, dir.toAbsolutePath().normalize().resolve(key + ".*"));
        return text(m, name, m.dir.resolve(name));
    }

    /** As {@link #file(Path, String, String)}, for bytes. */
    synchronized OutputStream stream(Path dir, String key, String name) throws IOException {
        Member m = member(dir.toAbsolutePath().normalize(), key, dir.toAbsolutePath().normalize().resolve(key + ".*"));
        return binary(m, name, m.dir.resolve(name));
    }

    /** Starts the staging directory of {@code key} in {@code dir}, if not yet started (see {@link AtomicFileSet}). */
    synchronized void open(Path dir, String key) throws IOException {
        member(dir.toAbsolutePath().normalize(), key, dir.toAbsolutePath().normalize().resolve(key + ".*"));
    }

    /** Every output of this transaction where it appears once committed, in the order they were opened. */
    public synchronized List<Path> targets() {
        List<Path> out = new ArrayList<>();
        members.values().forEach(m -> out.addAll(m.targets));
        return List.copyOf(out);
    }

    private static String nameOf(Path target) {
        Path name = target.getFileName();
        if (name == null || target.getParent() == null) {
            throw new IllegalArgumentException("not a file name: " + target);
        }
        return name.toString();
    }

    private Member member(Path dir, String key, Path what) throws IOException {
        checkOpen();
        if (key.isEmpty() || key.contains("/") || key.contains("\\") || key.equals(GROUP) || key.equals(".")
                || key.equals("..")) {
            throw new IllegalArgumentException("not a file name: '" + key + "'");
        }
        String k = dir + "/" + key;
        Member m = members.get(k);
        if (m != null) {
            return m;
        }
        Path staging = dir.resolve("." + key + "." + id + ".part");
        try {
            Files.createDirectories(dir);
            sweep(dir, key);
            Files.createDirectory(staging);
        } catch (FileAlreadyExistsException e) {
            // The same output twice in one transaction, under another key: a caller's mistake.
            throw new IllegalStateException(staging + " exists already", e);
        } catch (IOException e) {
            throw WriteException.of(what, e);
        }
        m = new Member(dir, key, staging);
        members.put(k, m);
        return m;
    }

    private Writer text(Member m, String name, Path target) throws IOException {
        Writer w = new TargetWriter(new BufferedWriter(new OutputStreamWriter(open(m, name, target), StandardCharsets.UTF_8),
                1 << 16), target);
        m.open.put(name, w);
        return w;
    }

    private OutputStream binary(Member m, String name, Path target) throws IOException {
        OutputStream s = new TargetStream(new BufferedOutputStream(open(m, name, target), 1 << 16), target);
        m.open.put(name, s);
        return s;
    }

    private OutputStream open(Member m, String name, Path target) throws IOException {
        if (name.contains("/") || name.contains("\\") || name.equals(GROUP) || name.isEmpty()) {
            throw new IllegalArgumentException("not a file name: '" + name + "'");
        }
        if (m.open.containsKey(name) || m.targets.contains(target)) {
            throw new IllegalArgumentException(name + " is already open");
        }
        if (Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
            throw new RefusedOutputException(target + " is a directory; expected a file name");
        }
        OutputStream s;
        try {
            s = Files.newOutputStream(m.staging.resolve(name), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw WriteException.of(target, e);
        }
        m.targets.add(target);
        return s;
    }

    private void checkOpen() {
        if (state != State.OPEN) {
            throw new IllegalStateException("the outputs are already " + state.name().toLowerCase(Locale.ROOT));
        }
    }

    /**
     * Completes every output and moves them all into place, as described above. When this throws, nothing
     * has been replaced, unless the transaction had already counted as written (then the next sweep of any
     * of its directories finishes it).
     */
    public synchronized void commit() throws IOException {
        checkOpen();
        state = State.COMMITTING;
        List<Member> marked = new ArrayList<>();
        boolean written = false;
        try {
            for (Member m : members.values()) {
                for (Closeable c : m.open.values()) {
                    c.close();
                }
            }
            List<String> group = new ArrayList<>();
            for (Member m : members.values()) {
                group.add(base(m.staging).toString());
            }
            for (Member m : members.values()) {
                try {
                    Files.write(m.staging.resolve(GROUP), group, StandardCharsets.UTF_8);
                } catch (NoSuchFileException e) {
                    throw sweptAway(m, e);
                } catch (IOException e) {
                    throw WriteException.of(named(m), e);
                }
            }
            for (Member m : members.values()) {
                try {
                    move(m.staging, marked(m.staging, "commit"));
                } catch (NoSuchFileException e) {
                    throw sweptAway(m, e);
                } catch (IOException e) {
                    throw WriteException.of(named(m), e);
                }
                marked.add(m);
                Hooks.step("marked " + marked.size());
            }
            // Written: from here on a failure leaves .commit directories that the next sweep finishes.
            written = true;
            state = State.COMMITTED;
            for (Member m : members.values()) {
                try {
                    rollForward(marked(m.staging, "commit"), false);
                } catch (IOException e) {
                    throw WriteException.of(named(m), e);
                }
            }
        } catch (Hooks.Kill k) {
            throw k;
        } catch (IOException | RuntimeException | Error e) {
            if (!written) {
                // Nothing may appear of a transaction that could not mark every member: unmark the others.
                for (Member done : marked) {
                    try {
                        move(marked(done.staging, "commit"), done.staging);
                    } catch (IOException ignored) {
                        // the sweep of a later command deletes what is left
                    }
                }
                state = State.OPEN;
                close();
            }
            throw e;
        } finally {
            OpenOutputs.finished(this);
        }
    }

    private static WriteException sweptAway(Member m, IOException e) {
        return new WriteException(named(m), "its temporary files were removed by another schedlab command writing the "
                + "same output at the same time (not supported: give each its own output)", e);
    }

    /** What a member writes, as the user knows it: its one output, or {@code DIR/BASE.*} for a set of files. */
    private static Path named(Member m) {
        return m.targets.size() == 1 && m.targets.get(0).getFileName().toString().equals(m.key) ? m.targets.get(0)
                : m.dir.resolve(m.key + ".*");
    }

    /** Deletes every staging directory unless {@link #commit()} succeeded. */
    @Override
    public synchronized void close() {
        if (state != State.OPEN) {
            return;
        }
        state = State.DISCARDED;
        OpenOutputs.finished(this);
        for (Member m : members.values()) {
            for (Closeable c : m.open.values()) {
                try {
                    c.close();
                } catch (IOException ignored) {
                    // being discarded anyway
                }
            }
            try {
                deleteTree(m.staging);
            } catch (IOException ignored) {
                // what is left, the next sweep removes
            }
        }
    }

    /**
     * Cleans {@code dir} of what interrupted writers left (see the class comment): finished transactions are
     * moved into place; unfinished staging ({@code .part} directories, or an older version's single
     * {@code .part} files) is deleted when it is {@code key}'s (also {@code key.anything}) or a day old.
     */
    public static void sweep(Path dir, String key) throws IOException {
        List<Path> entries;
        try (Stream<Path> s = Files.list(dir)) {
            entries = s.sorted().toList();
        } catch (NoSuchFileException e) {
            return;
        }
        for (Path p : entries) {
            Matcher m = STAGED.matcher(p.getFileName().toString());
            if (m.matches() && m.group(3).equals("commit") && Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                rollForward(p, true);
            }
        }
        Instant staleBefore = Instant.now().minus(STALE_AFTER);
        for (Path p : entries) {
            Matcher m = STAGED.matcher(p.getFileName().toString());
            if (!m.matches() || m.group(3).equals("commit")) {
                continue;
            }
            try {
                if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
                    continue;
                }
                if (m.group(3).equals("old")) {
                    if (!Files.exists(marked(p, "commit"), LinkOption.NOFOLLOW_LINKS)) {
                        deleteTree(p);
                    }
                    continue;
                }
                Path committed = committedMember(p);
                if (committed != null) {
                    rollForward(committed, true);
                } else if (m.group(1).equals(key) || m.group(1).startsWith(key + ".")
                        || Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS).toInstant().isBefore(staleBefore)) {
                    deleteTree(p);
                }
            } catch (NoSuchFileException e) {
                // another process cleaned it first
            }
        }
    }

    /** A {@code .commit} member of the transaction {@code part} belongs to, if it has one: then it was written. */
    private static Path committedMember(Path part) throws IOException {
        for (Path base : group(part)) {
            Path c = Path.of(base + ".commit");
            if (Files.isDirectory(c, LinkOption.NOFOLLOW_LINKS)) {
                return c;
            }
        }
        return null;
    }

    /**
     * Moves out every output of the written transaction {@code marked} belongs to: first its {@code .part}
     * members become {@code .commit} (so no sweep deletes them), then each {@code .commit} is emptied into its
     * directory and removed. With {@code wholeGroup} false, only {@code marked} itself (a commit in progress
     * has marked every member already).
     */
    private static void rollForward(Path marked, boolean wholeGroup) throws IOException {
        List<Path> bases = wholeGroup ? group(marked) : List.of();
        if (bases.isEmpty()) {
            bases = List.of(base(marked));
        }
        for (Path b : bases) {
            try {
                move(Path.of(b + ".part"), Path.of(b + ".commit"));
            } catch (NoSuchFileException e) {
                // committed already, or never staged here
            }
        }
        for (Path b : bases) {
            install(Path.of(b + ".commit"));
        }
    }

    /** Moves every entry of the staging directory {@code staging} into its parent, then removes it. */
    private static void install(Path staging) throws IOException {
        List<Path> entries;
        try (Stream<Path> s = Files.list(staging)) {
            entries = s.sorted().toList();
        } catch (NoSuchFileException e) {
            return;
        }
        Path dir = staging.getParent();
        for (Path e : entries) {
            String name = e.getFileName().toString();
            if (name.equals(GROUP)) {
                continue;
            }
            Path target = dir.resolve(name);
            try {
                if (Files.isDirectory(e, LinkOption.NOFOLLOW_LINKS)) {
                    Path old = marked(staging, "old");
                    if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
                        move(target, old);
                    }
                    Hooks.step("old moved aside");
                    move(e, target);
                    deleteTree(old);
                } else {
                    move(e, target);
                }
            } catch (NoSuchFileException x) {
                // moved by another sweep at the same time
            }
        }
        Files.deleteIfExists(staging.resolve(GROUP));
        try {
            Files.deleteIfExists(staging);
        } catch (DirectoryNotEmptyException e) {
            // another sweep is moving the same entries right now
        }
        Path old = marked(staging, "old");
        if (Files.exists(old, LinkOption.NOFOLLOW_LINKS)) {
            deleteTree(old);
        }
    }

    /** The staging directories listed in {@code staged}'s group file, as bases without suffix; empty without one. */
    private static List<Path> group(Path staged) throws IOException {
        if (!Files.isDirectory(staged, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(staged.resolve(GROUP), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            return List.of();
        }
        Matcher own = STAGED.matcher(staged.getFileName().toString());
        if (!own.matches()) {
            return List.of();
        }
        // Only staging directories of the same transaction: a damaged list moves nothing else.
        Pattern sameId = Pattern.compile("\\.(.+)\\." + own.group(2));
        List<Path> out = new ArrayList<>();
        for (String line : lines) {
            if (line.isBlank()) {
                continue;
            }
            Path p = Path.of(line);
            if (p.isAbsolute() && p.getFileName() != null && sameId.matcher(p.getFileName().toString()).matches()) {
                out.add(p);
            }
        }
        return out;
    }

    /** {@code dir/.key.id} of {@code dir/.key.id.part}, {@code .commit} or {@code .old}. */
    private static Path base(Path staged) {
        String name = staged.getFileName().toString();
        return staged.resolveSibling(name.substring(0, name.lastIndexOf('.')));
    }

    private static Path marked(Path staged, String suffix) {
        return Path.of(base(staged) + "." + suffix);
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
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

    /** Points where tests stop a commit as a {@code kill -9} would; nothing in production sets one. */
    static final class Hooks {
        static volatile java.util.function.Consumer<String> step = s -> { };

        private Hooks() {
        }

        static void step(String name) {
            step.accept(name);
        }

        /** Thrown by a test's hook: the commit stops where it is and cleans nothing up, as a killed process. */
        static final class Kill extends Error {
            private static final long serialVersionUID = 1L;

            Kill(String at) {
                super("killed at " + at);
            }
        }
    }
}
