package org.schedlab.cell;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.schedlab.core.Diagnostic;
import org.schedlab.core.InputException;
import org.schedlab.core.SourceLocation;
import org.schedlab.core.io.Utf8Text;

/**
 * Expected verdicts, as {@code schedlab test --expect FILE} reads them: a CSV {@code file,problem,policy,verdict}
 * with verdict PASS, FAIL or ANY. A reproduction of a known failure (z/VM 6.3 failing J1, the report's
 * "large jar" in AL1) is then a passing check, and a regression in either direction is caught.
 * Files are matched by name (not path), problems and policies case-insensitively.
 *
 * @param byKey the verdicts, by file name, problem and policy (upper case)
 * @param rows  every row as read, with its line, for {@link #stale}
 */
public record Expectations(Map<String, Expected> byKey, List<Row> rows) {

    public static final String HEADER = "file,problem,policy,verdict";

    /** The name a directory's own expectations go by: {@code schedlab test DIR} applies them by default. */
    public static final String DEFAULT_NAME = "expected.csv";

    /** What a check is expected to end in; ANY accepts PASS or FAIL but not a run that failed. */
    public enum Expected { PASS, FAIL, ANY }

    /** One row of the file: where it is and what it names. */
    public record Row(SourceLocation location, String file, String problem, String policy, Expected expected) {
    }

    /** No file: every check is expected to PASS. */
    public static final Expectations NONE = new Expectations(Map.of(), List.of());

    public Expectations {
        byKey = Map.copyOf(byKey);
        rows = List.copyOf(rows);
    }

    /**
     * Rows that cannot match anything any more: the row's file is in {@code plan} (by name) but has no problem
     * of that name, typically a problem renamed or removed. Rows for files the plan does not cover are not
     * stale (a plan may test part of a library); neither are rows for policies the plan does not run.
     * One warning each, {@code file:line:col: warning: ...}, in file order.
     */
    public List<Diagnostic> stale(TestPlan plan) {
        Map<String, Set<String>> problemsByFile = new HashMap<>();
        for (TestCase c : plan.cases()) {
            problemsByFile.computeIfAbsent(c.file().getFileName().toString().toUpperCase(Locale.ROOT),
                    k -> new HashSet<>()).add(c.problem().name().toUpperCase(Locale.ROOT));
        }
        List<Diagnostic> warnings = new ArrayList<>();
        for (Row r : rows) {
            Set<String> problems = problemsByFile.get(r.file().toUpperCase(Locale.ROOT));
            if (problems != null && !problems.contains(r.problem().toUpperCase(Locale.ROOT))) {
                warnings.add(new Diagnostic(r.location(), "warning: stale row: " + r.file() + " has no problem "
                        + r.problem()));
            }
        }
        return List.copyOf(warnings);
    }

    /**
     * The default expectations of a test over {@code paths}: {@code expected.csv} in the first directory among
     * them that holds one (not searched for below it). Files named directly bring none.
     */
    public static Optional<Path> defaultFor(List<Path> paths) {
        return paths.stream().filter(Files::isDirectory).map(d -> d.resolve(DEFAULT_NAME))
                .filter(Files::isRegularFile).findFirst();
    }

    /** The expectation for a check, matched on the file's name; empty when the file does not list it. */
    public Optional<Expected> lookup(Path file, String problem, String policy) {
        return Optional.ofNullable(byKey.get(key(file.getFileName().toString(), problem, policy)));
    }

    private static String key(String file, String problem, String policy) {
        return (file + "\u0000" + problem + "\u0000" + policy).toUpperCase(Locale.ROOT);
    }

    /**
     * What an expectations file may hold: 32 MiB (a row is some 40 bytes: far more rows than any library has
     * checks), in lines of at most {@link Utf8Text#MAX_LINE_BYTES}.
     */
    public static final Utf8Text.Limits LIMITS = new Utf8Text.Limits("an expectations file", 32L << 20,
            Utf8Text.MAX_LINE_BYTES);

    /** Reads the CSV, reporting every bad line at once. */
    public static Expectations read(Path path) throws IOException, InputException {
        return read(path, Optional.empty());
    }

    /** As {@link #read(Path)}, giving up on a file not read whole within {@code timeout} (a pipe nobody writes to). */
    public static Expectations read(Path path, Optional<Duration> timeout) throws IOException, InputException {
        return parse(path.toString(), Utf8Text.read(path, LIMITS, timeout));
    }

    /** The expectations in a stream, named {@code fileName} in messages. */
    public static Expectations read(String fileName, InputStream in) throws IOException, InputException {
        return parse(fileName, Utf8Text.read(fileName, in, LIMITS));
    }

    /** The expectations in {@code text} (UTF-8 decoded, without a byte order mark), named {@code fileName}. */
    public static Expectations parse(String fileName, String text) throws InputException {
        String path = fileName;
        List<String> lines = text.lines().toList();
        List<Diagnostic> errors = new ArrayList<>();
        Map<String, Expected> map = new HashMap<>();
        Map<String, Integer> firstLine = new HashMap<>();
        List<Row> rows = new ArrayList<>();
        boolean header = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            int n = i + 1;
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (!header) {
                header = true;
                if (!line.replace(" ", "").equalsIgnoreCase(HEADER)) {
                    errors.add(at(path, n, 1, "header must be " + HEADER + ", got " + line));
                    break;
                }
                continue;
            }
            String[] f = line.split(",", -1);
            if (f.length != 4) {
                errors.add(at(path, n, 1, "expected 4 fields (" + HEADER + "), got " + f.length));
                continue;
            }
            Expected e;
            try {
                e = Expected.valueOf(f[3].strip().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException ex) {
                errors.add(at(path, n, line.lastIndexOf(',') + 2, "verdict must be PASS, FAIL or ANY, got " + f[3].strip()));
                continue;
            }
            String k = key(f[0].strip(), f[1].strip(), f[2].strip());
            Integer first = firstLine.putIfAbsent(k, n);
            if (first != null) {
                errors.add(at(path, n, 1, "duplicate expectation for " + f[0].strip() + " " + f[1].strip() + " "
                        + f[2].strip() + " (first at line " + first + ")"));
                continue;
            }
            map.put(k, e);
            rows.add(new Row(new SourceLocation(path, n, 1), f[0].strip(), f[1].strip(), f[2].strip(), e));
        }
        if (!header && errors.isEmpty()) {
            errors.add(at(path, 1, 1, "empty file: expected the header " + HEADER));
        }
        if (!errors.isEmpty()) {
            throw new InputException(errors);
        }
        return new Expectations(map, rows);
    }

    private static Diagnostic at(String file, int line, int col, String message) {
        // Messages quote the file's fields: one line whatever they hold.
        return new Diagnostic(new SourceLocation(file, line, col), Utf8Text.visible(message));
    }
}
