package org.schedlab.core.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;

/** A stream to a temporary file whose failures name the file it will become (the bytes' {@link TargetWriter}). */
final class TargetStream extends OutputStream {

    private final OutputStream out;
    private final Path target;

    TargetStream(OutputStream out, Path target) {
        this.out = out;
        this.target = target;
    }

    @Override
    public void write(int b) throws IOException {
        try {
            out.write(b);
        } catch (IOException e) {
            throw WriteException.of(target, e);
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            throw WriteException.of(target, e);
        }
    }

    @Override
    public void flush() throws IOException {
        try {
            out.flush();
        } catch (IOException e) {
            throw WriteException.of(target, e);
        }
    }

    @Override
    public void close() throws IOException {
        try {
            out.close();
        } catch (IOException e) {
            throw WriteException.of(target, e);
        }
    }
}
