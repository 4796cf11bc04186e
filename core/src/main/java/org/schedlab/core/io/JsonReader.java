package org.schedlab.core.io;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.schedlab.core.InputException;
import org.schedlab.core.SourceLocation;

/**
 * Reads a JSON document into plain values: {@code Map<String, Object>} (keys in document order),
 * {@code List<Object>}, {@code String}, {@link BigDecimal}, {@code Boolean} and {@code null} (as
 * {@link #NULL}, so that maps can hold it). The counterpart of {@link JsonWriter} for the files
 * schedlab reads back (shard results); a malformed document is one {@link InputException} at its
 * {@code file:line:col}.
 */
public final class JsonReader {

    /** JSON {@code null}. */
    public static final Object NULL = new Object() {
        @Override
        public String toString() {
            return "null";
        }
    };

    private final String file;
    private final String text;
    private int pos;

    private JsonReader(String file, String text) {
        this.file = file;
        this.text = text;
    }

    /** The document's one value; {@code file} names it in messages. */
    public static Object read(String file, String text) throws InputException {
        JsonReader r = new JsonReader(file, text.startsWith("\uFEFF") ? text.substring(1) : text);
        r.space();
        Object v = r.value(0);
        r.space();
        if (r.pos < r.text.length()) {
            throw r.error("unexpected text after the JSON value");
        }
        return v;
    }

    private Object value(int depth) throws InputException {
        if (depth > 256) {
            throw error("JSON nested too deeply");
        }
        if (pos >= text.length()) {
            throw error("unexpected end of the JSON document");
        }
        char c = text.charAt(pos);
        switch (c) {
            case '{':
                return object(depth);
            case '[':
                return array(depth);
            case '"':
                return string();
            case 't':
                return word("true", Boolean.TRUE);
            case 'f':
                return word("false", Boolean.FALSE);
            case 'n':
                return word("null", NULL);
            default:
                if (c == '-' || (c >= '0' && c <= '9')) {
                    return number();
                }
                throw error("expected a JSON value, got '" + c + "'");
        }
    }

    private Map<String, Object> object(int depth) throws InputException {
        Map<String, Object> m = new LinkedHashMap<>();
        pos++;
        space();
        if (peek() == '}') {
            pos++;
            return Collections.unmodifiableMap(m);
        }
        while (true) {
            space();
            if (peek() != '"') {
                throw error("expected a key in quotes");
            }
            String key = string();
            space();
            expect(':');
            space();
            if (m.put(key, value(depth + 1)) != null) {
                throw error("duplicate key \"" + key + "\"");
            }
            space();
            if (peek() == ',') {
                pos++;
            } else {
                expect('}');
                return Collections.unmodifiableMap(m);
            }
        }
    }

    private List<Object> array(int depth) throws InputException {
        List<Object> list = new ArrayList<>();
        pos++;
        space();
        if (peek() == ']') {
            pos++;
            return Collections.unmodifiableList(list);
        }
        while (true) {
            space();
            list.add(value(depth + 1));
            space();
            if (peek() == ',') {
                pos++;
            } else {
                expect(']');
                return Collections.unmodifiableList(list);
            }
        }
    }

    private String string() throws InputException {
        pos++;
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (pos >= text.length()) {
                throw error("unterminated string");
            }
            char c = text.charAt(pos++);
            if (c == '"') {
                return sb.toString();
            }
            if (c < 0x20) {
                throw error("control character in a string");
            }
            if (c != '\\') {
                sb.append(c);
                continue;
            }
            if (pos >= text.length()) {
                throw error("unterminated string");
            }
            char e = text.charAt(pos++);
            switch (e) {
                case '"', '\\', '/' -> sb.append(e);
                case 'b' -> sb.append('\b');
                case 'f' -> sb.append('\f');
                case 'n' -> sb.append('\n');
                case 'r' -> sb.append('\r');
                case 't' -> sb.append('\t');
                case 'u' -> {
                    if (pos + 4 > text.length()) {
                        throw error("bad \\u escape");
                    }
                    try {
                        sb.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
                    } catch (NumberFormatException x) {
                        throw error("bad \\u escape");
                    }
                    pos += 4;
                }
                default -> throw error("bad escape \\" + e);
            }
        }
    }

    private BigDecimal number() throws InputException {
        int start = pos;
        if (peek() == '-') {
            pos++;
        }
        while (pos < text.length() && "0123456789.eE+-".indexOf(text.charAt(pos)) >= 0) {
            pos++;
        }
        try {
            return new BigDecimal(text.substring(start, pos));
        } catch (NumberFormatException e) {
            pos = start;
            throw error("bad number");
        }
    }

    private Object word(String word, Object v) throws InputException {
        if (!text.startsWith(word, pos)) {
            throw error("expected a JSON value");
        }
        pos += word.length();
        return v;
    }

    private char peek() {
        return pos < text.length() ? text.charAt(pos) : '\0';
    }

    private void expect(char c) throws InputException {
        if (peek() != c) {
            throw error("expected '" + c + "'");
        }
        pos++;
    }

    private void space() {
        while (pos < text.length() && " \t\r\n".indexOf(text.charAt(pos)) >= 0) {
            pos++;
        }
    }

    private InputException error(String message) {
        int line = 1;
        int col = 1;
        for (int i = 0; i < Math.min(pos, text.length()); i++) {
            if (text.charAt(i) == '\n') {
                line++;
                col = 1;
            } else {
                col++;
            }
        }
        // The message may quote the input (a key, a character): one line whatever it holds.
        return InputException.of(new SourceLocation(file, line, col), Utf8Text.visible(message));
    }
}
