package org.schedlab.comparator;

import static org.schedlab.comparator.SeriesColumns.HEADER;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.schedlab.core.Diagnostic;
import org.schedlab.core.InputException;
import org.schedlab.core.Numbers;
import org.schedlab.core.Problem;
import org.schedlab.core.SourceLocation;
import org.schedlab.core.User;
import org.schedlab.core.VcpuRef;
import org.schedlab.core.VirtualCpu;
import org.schedlab.solver.PhaseSolution;
import org.schedlab.solver.PhasedSolution;
import org.schedlab.solver.Solution;
import org.schedlab.solver.VcpuAnswer;

/**
 * One read of an observed-measurements CSV, streamed: the rows of an interval are collected while they
 * come (they must be contiguous, intervals in order of start), and the interval is handed on as soon as
 * the next one starts. What is kept is the current interval, one first-seen mark per virtual CPU, the
 * interval reaching furthest (for overlap messages), and at most {@link #MAX_DIAGNOSTICS} diagnostics,
 * so memory does not grow with the file's length. The messages are listed in docs/comparator.md.
 *
 * <p>For a problem that changes while it runs, the virtual CPUs are those of every phase, and an interval
 * needs a row for each virtual CPU that runs at some time within it; a missing row of one that does not
 * run then (its user not logged on, or it stopped) is read as 0.
 *
 * <p>One read's state and every message it can give are kept together here; the public face,
 * {@link ObservedCsv}, stays small.
 */
final class ObservedCsvParser {

    /** Errors listed per file; beyond them one line says how many more there are. */
    static final int MAX_DIAGNOSTICS = 100;

    private static final String[] COLUMNS = HEADER.split(",");
    private static final int START = 0;
    private static final int END = 1;
    private static final int USER = 2;
    private static final int VCPU = 3;
    private static final int BUSY = 4;

    /** Plain decimals only: Java's parser would also take NaN, Infinity, hex floats and a trailing d. */
    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

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

    /**
     * An interval lacking virtual CPUs, some of which had not been seen yet when it ended: whether it is
     * named for them depends on whether they turn up later (a virtual CPU in no interval at all is one
     * message for the file, not one per interval). Only the first four of the others are kept, as that
     * is all the message names.
     */
    private record Pending(int ordinal, int line, Span span, int lackingSeen, int[] firstLackingSeen) {
    }

    private final String file;
    private final String problemName;
    /** Every virtual CPU of the problem ({@code USER.ADDR} as the scenario spells it), in order. */
    private final List<String> all = new ArrayList<>();
    /**
     * User key → that user's virtual CPUs by number → index in {@code all}. The same rule as
     * {@code Solution.find} (case-insensitive user, numeric address), as a map because it runs once per row.
     */
    private final Map<String, Map<Integer, Integer>> index = new HashMap<>();
    /** User key → the user's name and addresses, for messages; in order. */
    private final Map<String, String> userNames = new LinkedHashMap<>();
    private final Map<String, List<String>> userAddresses = new HashMap<>();
    /** Index in {@code all} → its dimension (index among the running virtual CPUs), or -1 for one that never runs. */
    private final int[] runningIndex;
    private final int running;
    /**
     * For a problem that changes while it runs, per phase its start and which of {@code all} run in it; null
     * for a static problem, where every running virtual CPU runs in every interval.
     */
    private final double[] phaseStarts;
    private final BitSet[] runsInPhase;
    /** Per virtual CPU, whether an interval closed so far needed a row for it. */
    private final boolean[] everRequired;
    private final Consumer<ObservedInterval> sink;

    /** The MAX_DIAGNOSTICS smallest diagnostics by position, largest on top so it is the one evicted. */
    private final PriorityQueue<Diagnostic> diagnostics = new PriorityQueue<>(Collections.reverseOrder());
    private int errors;
    private Diagnostic firstUnlisted;

    private int headerLine;
    /** Fields per row: the header's, five or more with the runner's extra columns. */
    private int width = COLUMNS.length;

    /** The interval being read: its span, first line, ordinal, and per virtual CPU its row's line and value. */
    private Span current;
    private int currentLine;
    private int ordinal = -1;
    private final int[] rowLine;
    private final double[] busy;
    /** Per virtual CPU, the ordinal of the first interval with a row for it, or -1. */
    private final int[] firstSeen;
    private Span furthest;
    private int furthestLine;
    private final List<Pending> pending = new ArrayList<>();

    ObservedCsvParser(String file, Solution solution, Consumer<ObservedInterval> sink) {
        this.file = file;
        this.problemName = solution.problem().name();
        this.sink = sink;
        for (User u : solution.problem().users()) {
            know(u);
        }
        List<VcpuAnswer> answers = solution.vcpus();
        runningIndex = new int[answers.size()];
        int k = 0;
        for (int i = 0; i < answers.size(); i++) {
            VcpuAnswer v = answers.get(i);
            all.add(v.id());
            index.get(v.placed().user().key()).put(v.placed().vcpu().number(), i);
            runningIndex[i] = v.stopped() ? -1 : k++;
        }
        running = k;
        phaseStarts = null;
        runsInPhase = null;
        rowLine = new int[all.size()];
        busy = new double[all.size()];
        firstSeen = new int[all.size()];
        Arrays.fill(firstSeen, -1);
        everRequired = new boolean[all.size()];
    }

    /** For a problem phase by phase: its virtual CPUs are those of every phase, its dimensions the solution's. */
    ObservedCsvParser(String file, PhasedSolution solution, Consumer<ObservedInterval> sink) {
        this.file = file;
        this.problemName = solution.problem().name();
        this.sink = sink;
        List<PhaseSolution> phases = solution.phases();
        phaseStarts = new double[phases.size()];
        runsInPhase = new BitSet[phases.size()];
        for (int p = 0; p < phases.size(); p++) {
            phaseStarts[p] = phases.get(p).phase().startS();
            runsInPhase[p] = new BitSet();
            Problem problem = phases.get(p).phase().problem();
            for (User u : problem.users()) {
                know(u);
                for (VirtualCpu v : u.vcpus()) {
                    Integer i = index.get(u.key()).get(v.number());
                    if (i == null) {
                        i = all.size();
                        all.add(u.name() + "." + v.address());
                        index.get(u.key()).put(v.number(), i);
                    }
                    if (!v.stopped()) {
                        runsInPhase[p].set(i);
                    }
                }
            }
        }
        runningIndex = new int[all.size()];
        Arrays.fill(runningIndex, -1);
        List<VcpuRef> dimensions = solution.dimensions();
        for (int d = 0; d < dimensions.size(); d++) {
            runningIndex[index.get(dimensions.get(d).userKey()).get(dimensions.get(d).number())] = d;
        }
        running = dimensions.size();
        rowLine = new int[all.size()];
        busy = new double[all.size()];
        firstSeen = new int[all.size()];
        Arrays.fill(firstSeen, -1);
        everRequired = new boolean[all.size()];
    }

    /** Notes a user's name and addresses for lookups and messages, keeping the first spelling of each. */
    private void know(User u) {
        userNames.putIfAbsent(u.key(), u.name());
        index.putIfAbsent(u.key(), new HashMap<>());
        List<String> addresses = userAddresses.computeIfAbsent(u.key(), k -> new ArrayList<>());
        for (VirtualCpu v : u.vcpus()) {
            if (addresses.stream().noneMatch(a -> Integer.parseInt(a, 16) == v.number())) {
                addresses.add(v.address());
            }
        }
    }

    /**
     * Whether an interval over {@code span} needs a row for virtual CPU {@code v}: a running one always for a
     * static problem; one that runs in some phase the span overlaps for a problem that changes.
     */
    private boolean required(int v, Span span) {
        if (runningIndex[v] < 0) {
            return false;
        }
        if (phaseStarts == null) {
            return true;
        }
        int first = 0;
        while (first + 1 < phaseStarts.length && phaseStarts[first + 1] <= span.start) {
            first++;
        }
        for (int p = first; p < phaseStarts.length && (p == first || phaseStarts[p] < span.end); p++) {
            if (runsInPhase[p].get(v)) {
                return true;
            }
        }
        return false;
    }

    void run(ObservedCsv.Lines in) throws IOException, InputException {
        int lineNo = 0;
        int dataRows = 0;
        String line;
        while ((line = in.next()) != null) {
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
                    throw failure();
                }
                continue;
            }
            dataRows++;
            row(line, lineNo);
        }
        if (current != null) {
            close();
        }
        if (headerLine == 0) {
            error(1, 1, "empty file: expected the header " + HEADER);
        } else if (dataRows == 0) {
            error(headerLine, 1, "no measurements: the file has a header but no data rows");
        } else if (ordinal >= 0) {
            checkComplete();
        }
        if (errors > 0) {
            throw failure();
        }
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
            if (extra >= SeriesColumns.RUNNER.size() || !fields.get(i).text().equalsIgnoreCase(SeriesColumns.RUNNER.get(extra))) {
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
                    + (width > COLUMNS.length ? "," + String.join(",", SeriesColumns.RUNNER.subList(0, width - COLUMNS.length)) : "")
                    + "), got " + f.size());
            return;
        }
        double start = number(f.get(START), lineNo, START);
        double end = number(f.get(END), lineNo, END);
        double value = number(f.get(BUSY), lineNo, BUSY);
        boolean spanOk = !Double.isNaN(start) && !Double.isNaN(end);
        if (start < 0) {
            error(lineNo, f.get(START).column(), "start_s must not be negative, got " + f.get(START).text());
            spanOk = false;
        } else if (spanOk && end <= start) {
            error(lineNo, f.get(END).column(), "end_s " + f.get(END).text() + " must be after start_s "
                    + f.get(START).text());
            spanOk = false;
        }
        boolean busyOk = !Double.isNaN(value);
        if (value < 0 || value > 100 + ObservedCsv.BUSY_TOLERANCE_PCT) {
            error(lineNo, f.get(BUSY).column(), "busy_pct must be from 0 to 100, got " + f.get(BUSY).text());
            busyOk = false;
        }
        int vcpu = vcpu(f.get(USER), f.get(VCPU), lineNo);
        if (vcpu >= 0 && busyOk && runningIndex[vcpu] < 0 && value != 0) {
            error(lineNo, f.get(BUSY).column(), "virtual CPU " + all.get(vcpu)
                    + " is stopped: busy_pct must be 0, got " + f.get(BUSY).text());
        }
        if (!spanOk || vcpu < 0) {
            return;
        }
        // + 0.0 turns -0 into 0, so that "-0" and "0" name the same interval.
        start += 0.0;
        end += 0.0;
        if ((current == null || start != current.start || end != current.end)
                && !begin(start, end, lineNo, f.get(START).column())) {
            return;
        }
        // Registered even when busy_pct is bad: the row is there, so its interval is not also
        // reported as lacking it. The bad value never reaches a result, the read fails anyway.
        if (rowLine[vcpu] != 0) {
            error(lineNo, 1, "duplicate row for " + all.get(vcpu) + " in interval " + current
                    + " (first on line " + rowLine[vcpu] + ")");
            return;
        }
        rowLine[vcpu] = lineNo;
        busy[vcpu] = value;
        if (firstSeen[vcpu] < 0) {
            firstSeen[vcpu] = ordinal;
        }
    }

    /**
     * Starts the interval of a row that differs from the current one; false when the row is out of
     * order and is left out. Intervals are kept in order of start so that each can be compared and let go
     * as soon as the next one starts.
     */
    private boolean begin(double start, double end, int lineNo, int column) {
        Span span = new Span(start, end);
        if (current != null) {
            if (start < current.start) {
                error(lineNo, column, "row out of order: interval " + span + " starts before interval " + current
                        + " (line " + currentLine + "); rows must be sorted by start_s, each interval's rows together");
                return false;
            }
            close();
        }
        if (furthest != null && start < furthest.end) {
            error(lineNo, 1, "interval " + span + " overlaps interval " + furthest + " (line " + furthestLine + ")");
        }
        if (furthest == null || end > furthest.end) {
            furthest = span;
            furthestLine = lineNo;
        }
        current = span;
        currentLine = lineNo;
        ordinal++;
        Arrays.fill(rowLine, 0);
        Arrays.fill(busy, 0);
        return true;
    }

    /** Ends the current interval: hands it on when complete and the file is clean so far, else notes what it lacks. */
    private void close() {
        int lacking = 0;
        int lackingSeen = 0;
        int[] firstLackingSeen = new int[4];
        for (int v = 0; v < all.size(); v++) {
            boolean required = required(v, current);
            everRequired[v] |= required;
            if (required && rowLine[v] == 0) {
                lacking++;
                if (firstSeen[v] >= 0) {
                    if (lackingSeen < 4) {
                        firstLackingSeen[lackingSeen] = v;
                    }
                    lackingSeen++;
                }
            }
        }
        if (lacking == 0) {
            if (errors == 0) {
                double[] values = new double[running];
                for (int v = 0; v < all.size(); v++) {
                    if (runningIndex[v] >= 0) {
                        values[runningIndex[v]] = busy[v];
                    }
                }
                sink.accept(new ObservedInterval(current.start, current.end, values));
            }
        } else if (lacking == lackingSeen) {
            error(currentLine, 1, "interval " + current + " has no row for "
                    + shortNames(firstLackingSeen, Math.min(lackingSeen, 4), lackingSeen));
        } else {
            pending.add(new Pending(ordinal, currentLine, current, lackingSeen,
                    Arrays.copyOf(firstLackingSeen, Math.min(lackingSeen, 4))));
        }
    }

    /**
     * Every interval needs every running virtual CPU. One missing from the whole file is one message,
     * not one per interval.
     */
    private void checkComplete() {
        for (int v = 0; v < all.size(); v++) {
            if (everRequired[v] && firstSeen[v] < 0) {
                error(headerLine, 1, "no rows for " + all.get(v) + (phaseStarts == null
                        ? ": every interval needs a row for each running virtual CPU"
                        : ": an interval needs a row for each virtual CPU running in it"));
            }
        }
        for (Pending p : pending) {
            // It lacks those seen before it (kept) and those first seen after it.
            int[] names = new int[8];
            int n = 0;
            int total = p.lackingSeen();
            for (int v : p.firstLackingSeen()) {
                names[n++] = v;
            }
            int later = 0;
            for (int v = 0; v < all.size(); v++) {
                if (required(v, p.span()) && firstSeen[v] > p.ordinal()) {
                    if (later < 4) {
                        names[n++] = v;
                    }
                    later++;
                }
            }
            total += later;
            if (total > 0) {
                Arrays.sort(names, 0, n);
                error(p.line(), 1, "interval " + p.span() + " has no row for " + shortNames(names, Math.min(n, 4), total));
            }
        }
    }

    private String shortNames(int[] vcpus, int n, int total) {
        List<String> names = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            names.add(all.get(vcpus[i]));
        }
        return ObservedCsv.shortList(names, total);
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
        String key = User.key(user.text());
        String owner = userNames.get(key);
        if (owner == null) {
            error(lineNo, user.column(), "unknown user " + user.text() + ": problem " + problemName
                    + " has " + ObservedCsv.shortList(List.copyOf(userNames.values())));
            return -1;
        }
        Integer i = index.get(key).get(Integer.parseInt(vcpu.text(), 16));
        if (i == null) {
            List<String> addresses = userAddresses.get(key);
            error(lineNo, vcpu.column(), "unknown virtual CPU " + owner + "."
                    + vcpu.text().toUpperCase(Locale.ROOT) + ": " + owner
                    + (addresses.isEmpty() ? " has no virtual CPUs" : " has " + ObservedCsv.shortList(addresses)));
            return -1;
        }
        return i;
    }

    private void error(int line, int column, String message) {
        Diagnostic d = new Diagnostic(new SourceLocation(file, line, column), message);
        errors++;
        diagnostics.add(d);
        if (diagnostics.size() > MAX_DIAGNOSTICS) {
            Diagnostic dropped = diagnostics.poll();
            if (firstUnlisted == null || dropped.compareTo(firstUnlisted) < 0) {
                firstUnlisted = dropped;
            }
        }
    }

    /** The listed diagnostics, and when some were left out, a last line at the first of those saying how many. */
    private InputException failure() {
        List<Diagnostic> listed = new ArrayList<>(diagnostics);
        if (errors > listed.size()) {
            listed.add(new Diagnostic(firstUnlisted.location(), "... and " + (errors - listed.size())
                    + " more errors, the first of them here (only the first " + MAX_DIAGNOSTICS + " are listed)"));
        }
        return new InputException(listed);
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
}
