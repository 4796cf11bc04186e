package org.schedlab.comparator;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.schedlab.core.Diagnostic;
import org.schedlab.core.InputException;
import org.schedlab.core.Numbers;
import org.schedlab.core.SourceLocation;
import org.schedlab.core.User;
import org.schedlab.core.VirtualCpu;
import org.schedlab.solver.Solution;
import org.schedlab.solver.VcpuAnswer;

/**
 * Reads observed measurements as CSV, long format: one row per interval and virtual CPU (the columns
 * are {@link SeriesColumns}; the report module writes the same format).
 *
 * <pre>
 * start_s,end_s,user,vcpu,busy_pct
 * 0,1,QGP00000,0,49.8
 * 0,1,QGP00001,0,50.2
 * </pre>
 *
 * Reading reports every problem of the file at once, each at the line and column of the offending
 * field; the messages are listed in docs/comparator.md.
 */
public final class ObservedCsv {

    private static final String HEADER = SeriesColumns.HEADER;

    /**
     * How far above 100 a busy percentage may be: measurements sampled over an interval can overshoot
     * by rounding, and such a value is still a measurement worth comparing.
     */
    public static final double BUSY_TOLERANCE_PCT = 0.5;

    private static final String[] COLUMNS = SeriesColumns.OBSERVED.toArray(String[]::new);
    private static final List<String> RUNNER_COLUMNS = SeriesColumns.RUNNER;
    private static final int START = 0;
    private static final int END = 1;
    private static final int USER = 2;
    private static final int VCPU = 3;
    private static final int BUSY = 4;

    /** Plain decimals only: Java's parser would also take NaN, Infinity, hex floats and a trailing d. */
    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

    private ObservedCsv() {
    }

    /** Reads a UTF-8 file; diagnostics name it as {@code file.toString()}. */
    public static List<ObservedInterval> read(Path file, Solution solution) throws IOException, InputException {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(file.toString(), in, solution);
        }
    }

    /**
     * The intervals of a measurement, sorted by start, each with one busy value per running virtual CPU
     * of {@code solution} in {@code Solution.running()} order.
     *
     * @throws InputException with every problem found, when there is any
     */
    public static List<ObservedInterval> read(String fileName, Reader in, Solution solution)
            throws IOException, InputException {
        return new Parse(fileName, solution).run(in instanceof BufferedReader b ? b : new BufferedReader(in));
    }

    /** One comma-separated field, trimmed, with the 1-based column where its text starts. */
    private record Field(String text, int column) {
    }

    /** An interval as identified by its rows: exact start and end. */
    private record Span(double start, double end) {
        @Override
        public String toString() {
            return Numbers.format(start) + ".." + Numbers.format(end) + " s";
        }
    }

    /** The rows seen for one interval: per virtual CPU of the problem (running or stopped), line and value. */
    private static final class Rows {
        final Span span;
        final int firstLine;
        final int[] line;
        final double[] busy;

        Rows(Span span, int firstLine, int vcpus) {
            this.span = span;
            this.firstLine = firstLine;
            this.line = new int[vcpus];
            this.busy = new double[vcpus];
        }
    }

    /** One read: the file's state and the diagnostics found so far. */
    private static final class Parse {
        private final String file;
        private final Solution solution;
        private final List<VcpuAnswer> all;
        /**
         * User key → that user's virtual CPUs by number → index in {@code all}. The same rule as
         * {@code Solution.find} (case-insensitive user, numeric address), as a map because it runs once per row.
         */
        private final Map<String, Map<Integer, Integer>> index = new HashMap<>();
        private final Map<String, User> users = new HashMap<>();
        private final List<Diagnostic> diagnostics = new ArrayList<>();
        private final Map<Span, Rows> intervals = new HashMap<>();
        private int headerLine;
        /** Fields per row: the header's, five or more with the runner's extra columns. */
        private int width = COLUMNS.length;

        Parse(String file, Solution solution) {
            this.file = file;
            this.solution = solution;
            this.all = solution.vcpus();
            for (User u : solution.problem().users()) {
                users.put(u.key(), u);
                index.put(u.key(), new HashMap<>());
            }
            for (int i = 0; i < all.size(); i++) {
                VcpuAnswer v = all.get(i);
                index.get(v.placed().user().key()).put(v.placed().vcpu().number(), i);
            }
        }

        List<ObservedInterval> run(BufferedReader in) throws IOException, InputException {
            int lineNo = 0;
            int dataRows = 0;
            String line;
            while ((line = in.readLine()) != null) {
                lineNo++;
                if (lineNo == 1 && line.startsWith("\uFEFF")) {
                    line = line.substring(1);
                }
                if (line.isBlank()) {
                    continue;
                }
                if (headerLine == 0) {
                    headerLine = lineNo;
                    if (!header(line, lineNo)) {
                        // Without the agreed columns the rows cannot be read; their errors would be noise.
                        throw new InputException(diagnostics);
                    }
                    continue;
                }
                dataRows++;
                row(line, lineNo);
            }
            if (headerLine == 0) {
                error(1, 1, "empty file: expected the header " + HEADER);
            } else if (dataRows == 0) {
                error(headerLine, 1, "no measurements: the file has a header but no data rows");
            }
            List<Rows> sorted = new ArrayList<>(intervals.values());
            sorted.sort(Comparator.comparingDouble((Rows r) -> r.span.start).thenComparingDouble(r -> r.span.end));
            checkOverlaps(sorted);
            checkComplete(sorted);
            if (!diagnostics.isEmpty()) {
                throw new InputException(diagnostics);
            }
            return intervals(sorted);
        }

        private boolean header(String line, int lineNo) {
            List<Field> fields = split(line);
            for (int i = 0; i < COLUMNS.length; i++) {
                if (i >= fields.size() || !fields.get(i).text().equalsIgnoreCase(COLUMNS[i])) {
                    int column = i < fields.size() ? fields.get(i).column() : line.length() + 1;
                    if (DECIMAL.matcher(fields.get(0).text()).matches()) {
                        error(lineNo, 1, "missing header: the first line must be " + HEADER);
                    } else {
                        error(lineNo, column, "header must be " + HEADER + ", got " + line.strip());
                    }
                    return false;
                }
            }
            for (int i = COLUMNS.length; i < fields.size(); i++) {
                int extra = i - COLUMNS.length;
                if (extra >= RUNNER_COLUMNS.size() || !fields.get(i).text().equalsIgnoreCase(RUNNER_COLUMNS.get(extra))) {
                    error(lineNo, fields.get(i).column(), "header must be " + HEADER + ", got " + line.strip());
                    return false;
                }
            }
            width = fields.size();
            return true;
        }

        private void row(String line, int lineNo) {
            List<Field> f = split(line);
            if (f.size() != width) {
                int column = f.size() > width ? f.get(width).column() : line.length() + 1;
                error(lineNo, column, "expected " + width + " fields (" + HEADER
                        + (width > COLUMNS.length ? "," + String.join(",", RUNNER_COLUMNS.subList(0, width - COLUMNS.length)) : "")
                        + "), got " + f.size());
                return;
            }
            double start = number(f.get(START), lineNo, START);
            double end = number(f.get(END), lineNo, END);
            double busy = number(f.get(BUSY), lineNo, BUSY);
            boolean spanOk = !Double.isNaN(start) && !Double.isNaN(end);
            if (start < 0) {
                error(lineNo, f.get(START).column(), "start_s must not be negative, got " + f.get(START).text());
                spanOk = false;
            } else if (spanOk && end <= start) {
                error(lineNo, f.get(END).column(), "end_s " + f.get(END).text() + " must be after start_s "
                        + f.get(START).text());
                spanOk = false;
            }
            boolean busyOk = !Double.isNaN(busy);
            if (busy < 0 || busy > 100 + BUSY_TOLERANCE_PCT) {
                error(lineNo, f.get(BUSY).column(), "busy_pct must be from 0 to 100, got " + f.get(BUSY).text());
                busyOk = false;
            }
            int vcpu = vcpu(f.get(USER), f.get(VCPU), lineNo);
            if (vcpu >= 0 && busyOk && all.get(vcpu).stopped() && busy != 0) {
                error(lineNo, f.get(BUSY).column(), "virtual CPU " + all.get(vcpu).id()
                        + " is stopped: busy_pct must be 0, got " + f.get(BUSY).text());
            }
            if (!spanOk || vcpu < 0) {
                return;
            }
            // Registered even when busy_pct is bad: the row is there, so its interval is not also
            // reported as lacking it. The bad value never reaches a result, the read fails anyway.
            // + 0.0 turns -0 into 0, so that "-0" and "0" name the same interval.
            Span span = new Span(start + 0.0, end + 0.0);
            Rows rows = intervals.computeIfAbsent(span, s -> new Rows(s, lineNo, all.size()));
            if (rows.line[vcpu] != 0) {
                error(lineNo, 1, "duplicate row for " + all.get(vcpu).id() + " in interval " + span
                        + " (first on line " + rows.line[vcpu] + ")");
                return;
            }
            rows.line[vcpu] = lineNo;
            rows.busy[vcpu] = busy;
        }

        /** The field's value, or NaN after reporting it; NaN fails every range check silently. */
        private double number(Field field, int lineNo, int column) {
            String text = field.text();
            if (text.isEmpty()) {
                error(lineNo, field.column(), COLUMNS[column] + " is missing");
                return Double.NaN;
            }
            if (!DECIMAL.matcher(text).matches()) {
                error(lineNo, field.column(), COLUMNS[column] + " '" + text + "' is not a number");
                return Double.NaN;
            }
            double value = Double.parseDouble(text);
            if (!Double.isFinite(value)) {
                error(lineNo, field.column(), COLUMNS[column] + " " + text + " is too large");
                return Double.NaN;
            }
            return value;
        }

        /** Index into {@code all}, or -1 after reporting why the row names no virtual CPU of the problem. */
        private int vcpu(Field user, Field vcpu, int lineNo) {
            if (user.text().isEmpty()) {
                error(lineNo, user.column(), "user is missing");
                return -1;
            }
            if (vcpu.text().isEmpty()) {
                error(lineNo, vcpu.column(), "vcpu is missing");
                return -1;
            }
            var problem = VirtualCpu.addressProblem(vcpu.text());
            if (problem.isPresent()) {
                error(lineNo, vcpu.column(), problem.get());
                return -1;
            }
            User owner = users.get(User.key(user.text()));
            if (owner == null) {
                error(lineNo, user.column(), "unknown user " + user.text() + ": problem " + solution.problem().name()
                        + " has " + shortList(solution.problem().users().stream().map(User::name).toList()));
                return -1;
            }
            Integer i = index.get(owner.key()).get(Integer.parseInt(vcpu.text(), 16));
            if (i == null) {
                List<String> addresses = owner.vcpus().stream().map(VirtualCpu::address).toList();
                error(lineNo, vcpu.column(), "unknown virtual CPU " + owner.name() + "."
                        + vcpu.text().toUpperCase(Locale.ROOT) + ": " + owner.name()
                        + (addresses.isEmpty() ? " has no virtual CPUs" : " has " + shortList(addresses)));
                return -1;
            }
            return i;
        }

        /** An interval may repeat exactly (one row per virtual CPU) but must not overlap another. */
        private void checkOverlaps(List<Rows> sorted) {
            Rows furthest = null;
            for (Rows r : sorted) {
                if (furthest != null && r.span.start < furthest.span.end) {
                    // Blamed on the one written later: the earlier line is what the reader was reading by.
                    Rows later = r.firstLine > furthest.firstLine ? r : furthest;
                    Rows earlier = later == r ? furthest : r;
                    error(later.firstLine, 1, "interval " + later.span + " overlaps interval " + earlier.span
                            + " (line " + earlier.firstLine + ")");
                }
                if (furthest == null || r.span.end > furthest.span.end) {
                    furthest = r;
                }
            }
        }

        /**
         * Every interval needs every running virtual CPU. One missing from the whole file is one message,
         * not one per interval.
         */
        private void checkComplete(List<Rows> sorted) {
            if (sorted.isEmpty()) {
                return;
            }
            boolean[] nowhere = new boolean[all.size()];
            for (int v = 0; v < all.size(); v++) {
                if (all.get(v).stopped()) {
                    continue;
                }
                nowhere[v] = true;
                for (Rows r : sorted) {
                    if (r.line[v] != 0) {
                        nowhere[v] = false;
                        break;
                    }
                }
                if (nowhere[v]) {
                    error(headerLine, 1, "no rows for " + all.get(v).id()
                            + ": every interval needs a row for each running virtual CPU");
                }
            }
            for (Rows r : sorted) {
                List<String> missing = new ArrayList<>();
                for (int v = 0; v < all.size(); v++) {
                    if (!all.get(v).stopped() && !nowhere[v] && r.line[v] == 0) {
                        missing.add(all.get(v).id());
                    }
                }
                if (!missing.isEmpty()) {
                    error(r.firstLine, 1, "interval " + r.span + " has no row for " + shortList(missing));
                }
            }
        }

        private List<ObservedInterval> intervals(List<Rows> sorted) {
            List<ObservedInterval> out = new ArrayList<>(sorted.size());
            int running = (int) all.stream().filter(v -> !v.stopped()).count();
            for (Rows r : sorted) {
                double[] busy = new double[running];
                int k = 0;
                for (int v = 0; v < all.size(); v++) {
                    if (!all.get(v).stopped()) {
                        busy[k++] = r.busy[v];
                    }
                }
                out.add(new ObservedInterval(r.span.start, r.span.end, busy));
            }
            return List.copyOf(out);
        }

        private void error(int line, int column, String message) {
            diagnostics.add(new Diagnostic(new SourceLocation(file, line, column), message));
        }
    }

    /** Splits on commas, keeping where each field's text starts; no quoting: no field needs a comma. */
    private static List<Field> split(String line) {
        List<Field> fields = new ArrayList<>(COLUMNS.length);
        int start = 0;
        while (true) {
            int comma = line.indexOf(',', start);
            int end = comma < 0 ? line.length() : comma;
            String raw = line.substring(start, end);
            String text = raw.strip();
            int lead = text.isEmpty() ? 0 : raw.indexOf(text.charAt(0));
            fields.add(new Field(text, start + lead + 1));
            if (comma < 0) {
                return fields;
            }
            start = comma + 1;
        }
    }

    /** At most four names, then how many more: a problem can have dozens of virtual CPUs. */
    static String shortList(List<String> names) {
        if (names.size() <= 4) {
            return String.join(", ", names);
        }
        return String.join(", ", names.subList(0, 3)) + " and " + (names.size() - 3) + " more";
    }
}
