package org.schedlab.core;

import java.util.Objects;

/** One problem found in a user's input, in the user's terms. Printed as {@code file:line:col: message}. */
public record Diagnostic(SourceLocation location, String message) implements Comparable<Diagnostic> {

    public Diagnostic {
        Objects.requireNonNull(location, "location");
        Objects.requireNonNull(message, "message");
        if (message.isBlank() || message.indexOf('\n') >= 0) {
            throw new IllegalArgumentException("a diagnostic is one non-empty line: " + message);
        }
    }

    @Override
    public int compareTo(Diagnostic o) {
        int c = location.compareTo(o.location);
        return c != 0 ? c : message.compareTo(o.message);
    }

    @Override
    public String toString() {
        return location + ": " + message;
    }
}
