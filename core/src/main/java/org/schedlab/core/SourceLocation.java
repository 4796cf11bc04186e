package org.schedlab.core;

import java.util.Objects;

/**
 * Where something was written: file name as the user gave it, 1-based line and column.
 * Every model record carries one so that errors found after parsing still point at the source.
 */
public record SourceLocation(String file, int line, int column) implements Comparable<SourceLocation> {

    /** For models built in code rather than parsed (tests, generators). */
    public static final SourceLocation UNKNOWN = new SourceLocation("<generated>", 1, 1);

    public SourceLocation {
        Objects.requireNonNull(file, "file");
        if (line < 1 || column < 1) {
            throw new IllegalArgumentException("line and column are 1-based: " + line + ":" + column);
        }
    }

    @Override
    public int compareTo(SourceLocation o) {
        int c = file.compareTo(o.file);
        if (c != 0) {
            return c;
        }
        c = Integer.compare(line, o.line);
        return c != 0 ? c : Integer.compare(column, o.column);
    }

    /** {@code file:line:col}, the form every error message starts with. */
    @Override
    public String toString() {
        return file + ":" + line + ":" + column;
    }
}
