package org.schedlab.core;

import java.util.List;

/**
 * Bad user input: a scenario or a measurement file with one or more {@link Diagnostic}s.
 * Carries all the errors of a file at once, sorted by position; the CLI prints one line each
 * and exits with status 2.
 */
public final class InputException extends Exception {

    private static final long serialVersionUID = 1L;

    private final List<Diagnostic> diagnostics;

    public InputException(List<Diagnostic> diagnostics) {
        super(render(diagnostics));
        if (diagnostics.isEmpty()) {
            throw new IllegalArgumentException("an InputException needs at least one diagnostic");
        }
        this.diagnostics = diagnostics.stream().sorted().toList();
    }

    public InputException(Diagnostic diagnostic) {
        this(List.of(diagnostic));
    }

    public static InputException of(SourceLocation where, String message) {
        return new InputException(new Diagnostic(where, message));
    }

    /** Sorted by file, line, column. */
    public List<Diagnostic> diagnostics() {
        return diagnostics;
    }

    private static String render(List<Diagnostic> diagnostics) {
        StringBuilder sb = new StringBuilder();
        diagnostics.stream().sorted().forEach(d -> {
            if (sb.length() > 0) {
                sb.append('\n');
            }
            sb.append(d);
        });
        return sb.toString();
    }
}
