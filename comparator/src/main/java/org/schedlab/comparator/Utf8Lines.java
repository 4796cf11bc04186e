package org.schedlab.comparator;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.schedlab.core.InputException;
import org.schedlab.core.SourceLocation;

/**
 * The lines of a UTF-8 byte stream, decoded one at a time so that a bad byte can be named by line and
 * byte (a {@code Reader} only says "Input length = 1"), and so that a file of any length costs one
 * buffer. Lines end in LF, CRLF or a lone CR, as {@code BufferedReader.readLine} has them.
 */
final class Utf8Lines implements ObservedCsv.Lines {

    /**
     * A row is a few dozen bytes; a "line" longer than this is not a measurement, and refusing it keeps
     * memory flat on a file with no line ends.
     */
    static final int MAX_LINE_BYTES = 1 << 20;

    private final String file;
    private final InputStream in;
    private final byte[] buffer = new byte[1 << 16];
    private int pos;
    private int limit;
    private byte[] line = new byte[256];
    private int lineNo;
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);

    Utf8Lines(String file, InputStream in) {
        this.file = file;
        this.in = in;
    }

    @Override
    public String next() throws IOException, InputException {
        if (pos == limit && !fill()) {
            return null;
        }
        lineNo++;
        int length = 0;
        boolean ascii = true;
        int nul = -1;
        while (pos < limit || fill()) {
            byte b = buffer[pos++];
            if (b == '\n') {
                break;
            }
            if (b == '\r') {
                if ((pos < limit || fill()) && buffer[pos] == '\n') {
                    pos++;
                }
                break;
            }
            if (length == MAX_LINE_BYTES) {
                throw error(length + 1, "line is longer than " + MAX_LINE_BYTES + " bytes: not a measurement CSV");
            }
            if (length == line.length) {
                line = Arrays.copyOf(line, Math.min(2 * length, MAX_LINE_BYTES));
            }
            ascii &= b > 0;
            if (b == 0 && nul < 0) {
                nul = length;
            }
            line[length++] = b;
        }
        if (nul >= 0) {
            // Valid UTF-8, but never in a text file: the usual sign of UTF-16 without a byte-order mark.
            // A bad byte before it is reported first.
            decode(nul);
            throw error(nul + 1, "byte 0x00 (NUL) at byte " + (nul + 1)
                    + " of the line: the file must be UTF-8 text; it looks like UTF-16");
        }
        // ASCII, nearly every line of a measurement, needs no decoder.
        return ascii ? new String(line, 0, length, StandardCharsets.ISO_8859_1) : decode(length);
    }

    private String decode(int length) throws InputException {
        ByteBuffer bytes = ByteBuffer.wrap(line, 0, length);
        CharBuffer chars = CharBuffer.allocate(length);
        decoder.reset();
        CoderResult result = decoder.decode(bytes, chars, true);
        if (!result.isError()) {
            result = decoder.flush(chars);
        }
        if (result.isError()) {
            int at = bytes.position();
            String hint = lineNo == 1 && at == 0 && length >= 2
                    && ((line[0] & 0xFF) == 0xFF && (line[1] & 0xFF) == 0xFE
                        || (line[0] & 0xFF) == 0xFE && (line[1] & 0xFF) == 0xFF)
                    ? "; it starts with a UTF-16 byte-order mark" : "";
            throw error(at + 1, String.format("byte 0x%02X at byte %d of the line is not valid UTF-8: "
                    + "the file must be UTF-8 (a UTF-8 byte-order mark is allowed)%s", line[at] & 0xFF, at + 1, hint));
        }
        chars.flip();
        return chars.toString();
    }

    private boolean fill() throws IOException {
        if (pos < limit) {
            return true;
        }
        int n;
        do {
            n = in.read(buffer);
        } while (n == 0);
        pos = 0;
        limit = Math.max(n, 0);
        return n > 0;
    }

    private InputException error(int column, String message) {
        return InputException.of(new SourceLocation(file, lineNo, column), message);
    }
}
