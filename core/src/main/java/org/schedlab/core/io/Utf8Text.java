package org.schedlab.core.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.schedlab.core.InputException;
import org.schedlab.core.SourceLocation;

/**
 * Reads a user's text file as UTF-8, the only encoding schedlab's inputs have. A file that is not
 * gets one {@code file:line:col} error at its first bad byte, naming the byte and its offset, instead
 * of the JDK's "Input length = 1". A UTF-8 byte order mark is accepted and dropped; a UTF-16 one, and
 * a NUL byte (UTF-16 text without a mark is full of them), are reported as not UTF-8.
 *
 * <p>Reading is bounded as it goes ({@link Limits}), not only by a size asked up front: a pipe has no
 * size, and a file with no line ends is not text. Either is one error, and memory stays within the
 * limit whatever the input. A timeout bounds the wait for a pipe that nobody writes to.
 */
public final class Utf8Text {

    private static final String MUST_BE = "the file must be UTF-8";

    /** The longest line any text input may have: a line is a statement, a row or a JSON value, never a megabyte. */
    public static final int MAX_LINE_BYTES = 1 << 20;

    /** A scenario file: {@link org.schedlab.core.Limits#MAX_SCENARIO_BYTES}. */
    public static final Limits SCENARIO = new Limits("a scenario file", org.schedlab.core.Limits.MAX_SCENARIO_BYTES,
            MAX_LINE_BYTES);

    /**
     * What one kind of input may hold.
     *
     * @param kind         the input as the messages call it, "a scenario file"
     * @param maxBytes     the whole file
     * @param maxLineBytes one line, without its line end
     */
    public record Limits(String kind, long maxBytes, int maxLineBytes) {

        public Limits {
            if (maxBytes < 1 || maxLineBytes < 1) {
                throw new IllegalArgumentException("limits must be positive");
            }
        }
    }

    private Utf8Text() {
    }

    /** The text of {@code file}, its name in messages as given, within {@code limits}. */
    public static String read(Path file, Limits limits) throws IOException, InputException {
        if (Files.isRegularFile(file)) {
            long size = Files.size(file);
            if (size > limits.maxBytes()) {
                throw InputException.of(new SourceLocation(file.toString(), 1, 1), "the file has " + size + " bytes, "
                        + limits.kind() + " has at most " + limits.maxBytes() + " (" + mib(limits.maxBytes()) + ")");
            }
        }
        try (InputStream in = Files.newInputStream(file)) {
            return read(file.toString(), in, limits);
        }
    }

    /**
     * As {@link #read(Path, Limits)}, giving up when a file that is not a regular file (a pipe, a device) has not
     * been read whole within {@code timeout} (none: waits as long as it takes). The reading thread is then
     * abandoned: a pipe's {@code open} cannot be interrupted.
     */
    public static String read(Path file, Limits limits, Optional<Duration> timeout) throws IOException, InputException {
        // A regular file never keeps a reader waiting: only a pipe or a device can.
        if (timeout.isEmpty() || Files.isRegularFile(file)) {
            return read(file, limits);
        }
        FutureTask<String> task = new FutureTask<>(() -> read(file, limits));
        Thread t = new Thread(task, "schedlab-read " + file.getFileName());
        t.setDaemon(true);
        t.start();
        try {
            return task.get(timeout.get().toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            t.interrupt();
            throw InputException.of(new SourceLocation(file.toString(), 1, 1), "the file could not be read within the "
                    + "timeout of " + org.schedlab.core.Numbers.format(timeout.get().toNanos() / 1e9)
                    + " s (a pipe that nobody writes to?)");
        } catch (InterruptedException e) {
            t.interrupt();
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while reading " + file);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof InputException i) {
                throw i;
            }
            if (e.getCause() instanceof IOException i) {
                throw i;
            }
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /**
     * The text of a stream, named {@code fileName} in messages, within {@code limits}: stops at the first byte
     * beyond them, so a stream of any length costs at most {@code limits.maxBytes()}.
     */
    public static String read(String fileName, InputStream in, Limits limits) throws IOException, InputException {
        byte[] buf = new byte[(int) Math.min(limits.maxBytes() + 1, 1 << 16)];
        int n = 0;
        int line = 1;
        int lineStart = 0;
        while (true) {
            if (n == buf.length) {
                if (n > limits.maxBytes()) {
                    break;
                }
                buf = Arrays.copyOf(buf, (int) Math.min((long) n * 2, limits.maxBytes() + 1));
            }
            int r = in.read(buf, n, buf.length - n);
            if (r < 0) {
                break;
            }
            for (int i = n; i < n + r; i++) {
                if (buf[i] == '\n') {
                    line++;
                    lineStart = i + 1;
                } else if (i - lineStart >= limits.maxLineBytes() && buf[i] != '\r') {
                    throw InputException.of(new SourceLocation(fileName, line, 1 + codePoints(buf, lineStart, i)),
                            "the line is longer than " + limits.maxLineBytes() + " bytes (" + mib(limits.maxLineBytes())
                                    + "): not " + limits.kind());
                }
            }
            n += r;
            if (n > limits.maxBytes()) {
                throw InputException.of(new SourceLocation(fileName, 1, 1), "the file has more than " + limits.maxBytes()
                        + " bytes, " + limits.kind() + " has at most " + limits.maxBytes() + " (" + mib(limits.maxBytes())
                        + ")");
            }
        }
        return decode(fileName, n == buf.length ? buf : Arrays.copyOf(buf, n));
    }

    /**
     * {@code text} with every control character written as an escape ({@code \n}, {@code \t}, {@code \u0007}), so
     * that a piece of the input can be quoted in a one-line message whatever it holds.
     */
    public static String visible(String text) {
        StringBuilder b = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean control = Character.getType(c) == Character.CONTROL || c == '\u2028' || c == '\u2029';
            if (control && b == null) {
                b = new StringBuilder(text.length() + 8).append(text, 0, i);
            }
            if (b != null) {
                if (!control) {
                    b.append(c);
                } else if (c == '\n') {
                    b.append("\\n");
                } else if (c == '\r') {
                    b.append("\\r");
                } else if (c == '\t') {
                    b.append("\\t");
                } else {
                    b.append(String.format("\\u%04x", (int) c));
                }
            }
        }
        return b == null ? text : b.toString();
    }

    /** Code points in {@code bytes[from, to)} (valid or not: a column to point at). */
    private static int codePoints(byte[] bytes, int from, int to) {
        int count = 0;
        for (int i = from; i < to; i++) {
            if ((bytes[i] & 0xC0) != 0x80) {
                count++;
            }
        }
        return count;
    }

    /** {@code 32 MiB}, {@code 1 MiB}, else bytes. */
    private static String mib(long bytes) {
        return bytes % (1 << 20) == 0 ? (bytes >> 20) + " MiB" : bytes + " bytes";
    }

    /** {@code bytes} as text, without a leading UTF-8 byte order mark. */
    public static String decode(String fileName, byte[] bytes) throws InputException {
        if (startsWith(bytes, 0xFF, 0xFE) || startsWith(bytes, 0xFE, 0xFF)) {
            throw InputException.of(new SourceLocation(fileName, 1, 1), String.format(
                    "the file is UTF-16 (it starts with the byte order mark %02X %02X): %s", bytes[0] & 0xFF, bytes[1] & 0xFF,
                    MUST_BE));
        }
        int start = startsWith(bytes, 0xEF, 0xBB, 0xBF) ? 3 : 0;
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes, start, bytes.length - start);
        // UTF-8 never decodes to more chars than it has bytes.
        CharBuffer out = CharBuffer.allocate(bytes.length - start);
        CoderResult result = decoder.decode(in, out, true);
        if (!result.isError()) {
            result = decoder.flush(out);
        }
        int bad = result.isError() ? in.position() : bytes.length;
        int nul = indexOfNul(bytes, start, bad);
        if (nul >= 0) {
            throw InputException.of(at(fileName, bytes, start, nul), "NUL byte at byte offset " + nul
                    + " (is it UTF-16?): " + MUST_BE);
        }
        if (result.isError()) {
            String where = String.format("byte 0x%02X at byte offset %d", bytes[bad] & 0xFF, bad);
            throw InputException.of(at(fileName, bytes, start, bad), truncated(bytes, bad)
                    ? "the file ends inside a UTF-8 character (" + where + "): " + MUST_BE
                    : "invalid UTF-8 " + where + ": " + MUST_BE);
        }
        return out.flip().toString();
    }

    /** Whether the bytes from {@code from} to the end are the valid start of a longer sequence. */
    private static boolean truncated(byte[] bytes, int from) {
        int lead = bytes[from] & 0xFF;
        int length = lead >= 0xF0 && lead <= 0xF4 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0;
        if (lead >= 0xF5 || length == 0 || bytes.length - from >= length) {
            return false;
        }
        for (int i = from + 1; i < bytes.length; i++) {
            if ((bytes[i] & 0xC0) != 0x80) {
                return false;
            }
        }
        return true;
    }

    /** Line and column (in characters, as the parser counts them) of byte {@code offset}, all valid before it. */
    private static SourceLocation at(String fileName, byte[] bytes, int start, int offset) {
        String before = new String(bytes, start, offset - start, StandardCharsets.UTF_8);
        int lineStart = before.lastIndexOf('\n') + 1;
        int line = 1 + (int) before.chars().filter(c -> c == '\n').count();
        int column = 1 + before.codePointCount(lineStart, before.length());
        return new SourceLocation(fileName, line, column);
    }

    private static int indexOfNul(byte[] bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] == 0) {
                return i;
            }
        }
        return -1;
    }

    private static boolean startsWith(byte[] bytes, int... prefix) {
        if (bytes.length < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if ((bytes[i] & 0xFF) != prefix[i]) {
                return false;
            }
        }
        return true;
    }
}
