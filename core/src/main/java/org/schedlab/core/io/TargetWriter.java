package org.schedlab.core.io;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;

/** A writer to a temporary file whose failures name the file it will become. */
final class TargetWriter extends Writer {

    private final Writer out;
    private final Path target;

    TargetWriter(Writer out, Path target) {
        this.out = out;
        this.target = target;
    }

    @Override
    public void write(char[] cbuf, int off, int len) throws IOException {
        try {
            out.write(cbuf, off, len);
        } catch (IOException e) {
            throw failed(e);
        }
    }

    @Override
    public void write(String str, int off, int len) throws IOException {
        try {
            out.write(str, off, len);
        } catch (IOException e) {
            throw failed(e);
        }
    }

    @Override
    public void write(int c) throws IOException {
        try {
            out.write(c);
        } catch (IOException e) {
            throw failed(e);
        }
    }

    @Override
    public void flush() throws IOException {
        try {
            out.flush();
        } catch (IOException e) {
            throw failed(e);
        }
    }

    @Override
    public void close() throws IOException {
        try {
            out.close();
        } catch (IOException e) {
            throw failed(e);
        }
    }

    private IOException failed(IOException e) {
        return WriteException.of(target, e);
    }
}
