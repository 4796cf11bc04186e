package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Runs the CLI in-process, as the tests see it: exit code, stdout and stderr. */
final class Cli {

    /** The repository's scenario library; Surefire runs in the cli module. */
    static final Path SCENARIOS = Path.of("..", "scenarios");

    private Cli() {
    }

    record Result(int code, String out, String err) {

        List<String> outLines() {
            return lines(out);
        }

        List<String> errLines() {
            return lines(err);
        }

        private static List<String> lines(String s) {
            return s.isEmpty() ? List.of() : s.lines().toList();
        }

        /** Everything the user saw, for failure messages. */
        String all() {
            return "exit " + code + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }

        /** No Java stack trace leaked to either stream. */
        void assertNoStackTrace() {
            assertFalse(out.contains("\tat ") || err.contains("\tat "), () -> "stack trace in output:\n" + all());
            assertFalse(err.contains("Caused by"), () -> "stack trace in output:\n" + all());
        }

        void assertExit(int expected) {
            assertEquals(expected, code, this::all);
        }
    }

    static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Schedlab.execute(new PrintWriter(out), new PrintWriter(err), args);
        return new Result(code, out.toString(), err.toString());
    }

    static Path scenario(String name) {
        return SCENARIOS.resolve(name + ".scn");
    }

    static String scenarioArg(String name) {
        return scenario(name).toString();
    }

    /** The library's seed scenario files, in name order. */
    static List<Path> seedScenarios() {
        try (Stream<Path> s = Files.list(SCENARIOS)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".scn")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Path write(Path file, String text) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            return Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Names of everything in {@code dir} (hidden files too), sorted; empty when it does not exist. */
    static List<String> list(Path dir) {
        if (!Files.exists(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
