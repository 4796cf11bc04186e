package org.schedlab.core.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.schedlab.core.InputException;
import org.schedlab.core.SourceLocation;

/**
 * Reads a user's text file as UTF-8, the only encoding schedlab's inputs have. A file that is not
 * gets one {@code file:line:col} error at its first bad byte, naming the byte and its offset, instead
 * of the JDK's "Input length = 1". A UTF-8 byte order mark is accepted and dropped; a UTF-16 one, and
 * a NUL byte (UTF-16 text without a mark is full of them), are reported as not UTF-8.
 */
public final class Utf8Text {

    private static final String MUST_BE = "the file must be UTF-8";

    private Utf8Text() {
    }

    /** The text of {@code file}, its name in messages as given. */
    public static String read(Path file) throws IOException, InputException {
        return decode(file.toString(), Files.readAllBytes(file));
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
