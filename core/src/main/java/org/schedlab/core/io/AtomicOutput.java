package org.schedlab.core.io;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;

/**
 * A text file that appears whole or not at all: an {@link OutputTransaction} of one file. Writes go to a
 * hidden staging directory beside the target, {@link #commit()} moves the file into place,
 * {@link #close()} without commit deletes it. An exception or a timeout therefore never leaves a
 * half-written report behind, nor does Ctrl-C (the process runs {@link OpenOutputs#discardAll()} from a
 * shutdown hook); what a {@code kill -9} leaves, the next output into the directory sweeps. Write
 * failures are {@link WriteException}s naming the target.
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
    private final OutputTransaction file;
    private final Writer writer;

    private AtomicOutput(Path target, OutputTransaction file, Writer writer) {
        this.target = target;
        this.file = file;
        this.writer = writer;
    }

    public static AtomicOutput create(Path target) throws IOException {
        Path t = target.toAbsolutePath().normalize();
        OutputTransaction tx = OutputTransaction.begin();
        try {
            return new AtomicOutput(t, tx, tx.file(t));
        } catch (IOException | RuntimeException e) {
            tx.close();
            throw e;
        }
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
        file.commit();
    }

    /** Discards the temporary file unless {@link #commit()} succeeded. */
    @Override
    public void close() {
        file.close();
    }
}
