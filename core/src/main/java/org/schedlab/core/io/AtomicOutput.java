package org.schedlab.core.io;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * A text file that appears whole or not at all: writes go to a temporary file beside the target,
 * {@link #commit()} moves it into place, {@link #close()} without commit deletes it. An exception or
 * a timeout therefore never leaves a half-written report behind, nor does Ctrl-C when the process
 * runs {@link OpenOutputs#discardAll()} from a shutdown hook; what a {@code kill -9} leaves,
 * {@link AtomicFileSet#sweep} removes. Write failures are {@link WriteException}s naming the target.
 *
 * <pre>{@code
 * try (AtomicOutput out = AtomicOutput.create(path)) {
 *     out.writer().write(...);
 *     out.commit();
 * }
 * }</pre>
 */
public final class AtomicOutput implements AutoCloseable {

    /** Only names temporary files; it has nothing to do with any run's seed. */
    private static final java.security.SecureRandom RANDOM = new java.security.SecureRandom();

    private final Path target;
    private final Path temp;
    private final Writer writer;
    private boolean committed;
    private boolean closed;

    private AtomicOutput(Path target) throws IOException {
        this.target = target.toAbsolutePath();
        Path dir = this.target.getParent();
        Files.createDirectories(dir);
        // Not Files.createTempFile: it makes the file owner-only, and a report should get the
        // permissions any other file the user writes gets (the umask's).
        Path candidate;
        java.io.OutputStream stream;
        while (true) {
            candidate = dir.resolve("." + this.target.getFileName() + "." + Long.toHexString(RANDOM.nextLong()) + ".part");
            try {
                stream = Files.newOutputStream(candidate, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                break;
            } catch (java.nio.file.FileAlreadyExistsException e) {
                // another writer picked the same name: draw again
            }
        }
        this.temp = candidate;
        this.writer = new TargetWriter(new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), 1 << 16),
                this.target);
        OpenOutputs.opened(this);
    }

    public static AtomicOutput create(Path target) throws IOException {
        return new AtomicOutput(target);
    }

    /** Writes {@code text} to {@code target} atomically. */
    public static void write(Path target, String text) throws IOException {
        try (AtomicOutput out = create(target)) {
            out.writer().write(text);
            out.commit();
        }
    }

    public Writer writer() {
        return writer;
    }

    public Path target() {
        return target;
    }

    /** Flushes and moves the finished file into place. */
    public synchronized void commit() throws IOException {
        if (closed) {
            throw new IllegalStateException("already closed");
        }
        writer.close();
        try {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new WriteException(target, e);
        }
        committed = true;
        closed = true;
        OpenOutputs.finished(this);
    }

    /** Discards the temporary file unless {@link #commit()} succeeded. */
    @Override
    public synchronized void close() {
        if (committed) {
            return;
        }
        closed = true;
        OpenOutputs.finished(this);
        try {
            writer.close();
        } catch (IOException ignored) {
            // the file is being discarded anyway
        }
        try {
            Files.deleteIfExists(temp);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
