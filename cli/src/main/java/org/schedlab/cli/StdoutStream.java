package org.schedlab.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/** Standard output that remembers why its first write failed, so the message can say it (no space left, broken pipe). */
final class StdoutStream extends FilterOutputStream {

    private volatile String failure;

    StdoutStream(OutputStream out) {
        super(out);
    }

    @Override
    public void write(int b) throws IOException {
        try {
            out.write(b);
        } catch (IOException e) {
            throw remember(e);
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            throw remember(e);
        }
    }

    @Override
    public void flush() throws IOException {
        try {
            out.flush();
        } catch (IOException e) {
            throw remember(e);
        }
    }

    private IOException remember(IOException e) {
        if (failure == null) {
            failure = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        }
        return e;
    }

    /** Why writing failed, or null when it has not. */
    String failure() {
        return failure;
    }
}
