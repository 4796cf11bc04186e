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

/**
 * A text file that appears whole or not at all: writes go to a temporary file beside the target,
 * {@link #commit()} moves it into place, {@link #close()} without commit deletes it. A crash, an
 * exception or a timeout therefore never leaves a half-written report behind.
 *
 * <pre>{@code
 * try (AtomicOutput out = AtomicOutput.create(path)) {
 *     out.writer().write(...);
 *     out.commit();
 * }
 * }</pre>
 */
public final class AtomicOutput implements AutoCloseable {

    private final Path target;
    private final Path temp;
    private final Writer writer;
    private boolean committed;
    private boolean closed;

    private AtomicOutput(Path target) throws IOException {
        this.target = target.toAbsolutePath();
        Path dir = this.target.getParent();
        Files.createDirectories(dir);
        this.temp = Files.createTempFile(dir, "." + this.target.getFileName() + ".", ".part");
        this.writer = new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(temp), StandardCharsets.UTF_8), 1 << 16);
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
    public void commit() throws IOException {
        if (closed) {
            throw new IllegalStateException("already closed");
        }
        writer.close();
        try {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
        committed = true;
        closed = true;
    }

    /** Discards the temporary file unless {@link #commit()} succeeded. */
    @Override
    public void close() {
        if (committed) {
            return;
        }
        closed = true;
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
