package org.schedlab.core.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayDeque;
import java.util.Deque;
import org.schedlab.core.Numbers;

/**
 * A small streaming JSON writer: enough for schedlab's reports, with numbers always rendered by
 * {@link Numbers#format(double)} so output is byte-stable. Compact, or indented two spaces with
 * {@code pretty}. Keys appear in the order written.
 */
public final class JsonWriter {

    private final Appendable out;
    private final boolean pretty;
    /** One entry per open container: true once it holds an element (a comma is due). */
    private final Deque<boolean[]> stack = new ArrayDeque<>();
    private boolean afterKey;

    public JsonWriter(Appendable out, boolean pretty) {
        this.out = out;
        this.pretty = pretty;
    }

    public static JsonWriter of(Writer out) {
        return new JsonWriter(out, true);
    }

    public JsonWriter beginObject() {
        emit("{");
        stack.push(new boolean[1]);
        return this;
    }

    public JsonWriter endObject() {
        return end("}");
    }

    public JsonWriter beginArray() {
        emit("[");
        stack.push(new boolean[1]);
        return this;
    }

    public JsonWriter endArray() {
        return end("]");
    }

    public JsonWriter name(String key) {
        separate();
        raw(quote(key));
        raw(pretty ? ": " : ":");
        afterKey = true;
        return this;
    }

    public JsonWriter value(String s) {
        return s == null ? nullValue() : rawValue(quote(s));
    }

    public JsonWriter value(double d) {
        return rawValue(Numbers.format(d));
    }

    public JsonWriter value(long n) {
        return rawValue(Long.toString(n));
    }

    public JsonWriter value(boolean b) {
        return rawValue(Boolean.toString(b));
    }

    public JsonWriter nullValue() {
        return rawValue("null");
    }

    /** {@code "key": value} shorthands. */
    public JsonWriter field(String key, String v) {
        return name(key).value(v);
    }

    public JsonWriter field(String key, double v) {
        return name(key).value(v);
    }

    public JsonWriter field(String key, long v) {
        return name(key).value(v);
    }

    public JsonWriter field(String key, boolean v) {
        return name(key).value(v);
    }

    /** A number or {@code null} when {@code v} is NaN: how optional figures are written. */
    public JsonWriter fieldOrNull(String key, double v) {
        return Double.isNaN(v) ? name(key).nullValue() : name(key).value(v);
    }

    /** Ends the document with a newline. */
    public void finish() {
        if (!stack.isEmpty()) {
            throw new IllegalStateException("unclosed JSON container");
        }
        raw("\n");
    }

    private JsonWriter rawValue(String text) {
        emit(text);
        return this;
    }

    private void emit(String text) {
        if (!afterKey) {
            separate();
        }
        afterKey = false;
        raw(text);
    }

    private void separate() {
        if (stack.isEmpty()) {
            return;
        }
        boolean[] top = stack.peek();
        if (top[0]) {
            raw(",");
        }
        top[0] = true;
        newline(stack.size());
    }

    private JsonWriter end(String close) {
        boolean[] top = stack.pop();
        if (top[0]) {
            newline(stack.size());
        }
        raw(close);
        return this;
    }

    private void newline(int depth) {
        if (pretty) {
            raw("\n");
            raw("  ".repeat(depth));
        }
    }

    private void raw(String s) {
        try {
            out.append(s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String quote(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }
}
