package org.schedlab.report;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import org.schedlab.cell.Expectations;
import org.schedlab.cell.Expectations.Expected;
import org.schedlab.comparator.Thresholds;
import org.schedlab.comparator.Verdict;
import org.schedlab.core.InputException;
import org.schedlab.core.SourceLocation;
import org.schedlab.core.io.JsonReader;
import org.schedlab.core.io.Utf8Text;

/**
 * Test results read back from the JSON that {@code schedlab test --format json} writes, with or without
 * {@code --shard}, and joined into the results of the whole plan. The one place that knows that format
 * on the way in: when the format grows, only this class and {@link JsonReporter} change.
 */
public final class TestResultsJson {

    private TestResultsJson() {
    }

    /**
     * One check as recorded. {@code json} is the result object as written, kept whole so that a merge
     * writes it back unchanged, fields this class does not know included.
     *
     * @param expected the expectation recorded with the result, or given to the merge; empty: PASS
     * @param error    why the run failed, when the document says
     */
    public record Row(Map<String, Object> json, String file, String problem, String policy, Verdict verdict,
                      double meanErrorPct, double maxErrorPct, double meanDispatchDelayUs, Optional<Expected> expected,
                      Optional<String> error) {

        public Row {
            Objects.requireNonNull(json, "json");
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(problem, "problem");
            Objects.requireNonNull(policy, "policy");
            Objects.requireNonNull(verdict, "verdict");
            Objects.requireNonNull(expected, "expected");
            Objects.requireNonNull(error, "error");
        }

        /** The expectation applied: the recorded one, else PASS. */
        public Expected expectation() {
            return expected.orElse(Expected.PASS);
        }

        /** As {@code TestResult.asExpected}: ANY accepts every verdict but ERROR. */
        public boolean asExpected() {
            return switch (expectation()) {
                case ANY -> verdict != Verdict.ERROR;
                case PASS -> verdict == Verdict.PASS;
                case FAIL -> verdict == Verdict.FAIL;
            };
        }

        Row withExpected(Optional<Expected> e) {
            return new Row(json, file, problem, policy, verdict, meanErrorPct, maxErrorPct, meanDispatchDelayUs, e, error);
        }
    }

    /** What a shard's document says about the shard, read from its {@code shard} object. */
    public record ShardInfo(int index, int count, int planCases, List<Integer> cases, Thresholds thresholds) {

        public ShardInfo {
            cases = List.copyOf(cases);
        }
    }

    /** One document: its results, and the shard they are, when it is one. */
    public record Document(String file, Optional<ShardInfo> shard, List<Row> rows) {

        public Document {
            rows = List.copyOf(rows);
        }
    }

    /** The whole plan's results in plan order, and the thresholds they were judged by when the shards say. */
    public record Merged(List<Row> rows, Optional<Thresholds> thresholds) {

        public Merged {
            rows = List.copyOf(rows);
        }

        /** As one run's: every check as expected. */
        public boolean allAsExpected() {
            return rows.stream().allMatch(Row::asExpected);
        }
    }

    public static Document read(Path path) throws IOException, InputException {
        return parse(path.toString(), Utf8Text.read(path));
    }

    /** Reads a document; everything wrong with it is an {@link InputException} naming the file. */
    public static Document parse(String file, String text) throws InputException {
        Object root = JsonReader.read(file, text);
        if (!(root instanceof Map<?, ?> top) || !(top.get("results") instanceof List<?> results)) {
            throw bad(file, "not the JSON of schedlab test: no \"results\" array");
        }
        List<Row> rows = new ArrayList<>();
        for (Object o : results) {
            if (!(o instanceof Map<?, ?> m)) {
                throw bad(file, "result " + (rows.size() + 1) + " is not an object");
            }
            rows.add(row(file, rows.size() + 1, cast(m)));
        }
        Optional<ShardInfo> shard = Optional.empty();
        if (top.get("shard") instanceof Map<?, ?> s) {
            shard = Optional.of(shard(file, cast(s), rows.size()));
        } else if (top.containsKey("shard")) {
            throw bad(file, "\"shard\" is not an object");
        }
        return new Document(file, shard, rows);
    }

    /**
     * Joins documents into the plan's results. Shards (any order) must be all N of one plan, each once;
     * documents without shard information are taken whole, in the order given, and cannot be mixed with
     * shards. {@code expectations} fills in expectations the documents do not record.
     */
    public static Merged merge(List<Document> docs, Expectations expectations) throws InputException {
        if (docs.isEmpty()) {
            throw new IllegalArgumentException("nothing to merge");
        }
        List<Document> sharded = docs.stream().filter(d -> d.shard().isPresent()).toList();
        List<Row> rows = new ArrayList<>();
        Optional<Thresholds> thresholds = Optional.empty();
        if (sharded.isEmpty()) {
            docs.forEach(d -> rows.addAll(d.rows()));
        } else {
            if (sharded.size() != docs.size()) {
                Document whole = docs.stream().filter(d -> d.shard().isEmpty()).findFirst().orElseThrow();
                throw bad(whole.file(), "has no shard information, the other files are shards: merge shards of one plan only");
            }
            ShardInfo first = sharded.get(0).shard().orElseThrow();
            Row[] byCase = new Row[first.planCases()];
            Document[] byIndex = new Document[first.count()];
            for (Document d : docs) {
                ShardInfo s = d.shard().orElseThrow();
                if (s.count() != first.count() || s.planCases() != first.planCases() || !s.thresholds().equals(first.thresholds())) {
                    throw bad(d.file(), "is shard " + s.index() + "/" + s.count() + " of a plan of " + s.planCases()
                            + " checks, but " + docs.get(0).file() + " is shard " + first.index() + "/" + first.count()
                            + " of a plan of " + first.planCases() + (s.thresholds().equals(first.thresholds()) ? "" : " or has other thresholds"));
                }
                if (byIndex[s.index() - 1] != null) {
                    throw bad(d.file(), "is shard " + s.index() + "/" + s.count() + " again (also " + byIndex[s.index() - 1].file() + ")");
                }
                byIndex[s.index() - 1] = d;
                for (int i = 0; i < s.cases().size(); i++) {
                    int c = s.cases().get(i);
                    if (byCase[c] != null) {
                        throw bad(d.file(), "check " + c + " of the plan is in two shards");
                    }
                    byCase[c] = d.rows().get(i);
                }
            }
            List<String> missing = new ArrayList<>();
            for (int k = 0; k < byIndex.length; k++) {
                if (byIndex[k] == null) {
                    missing.add((k + 1) + "/" + first.count());
                }
            }
            if (!missing.isEmpty()) {
                throw bad(docs.get(0).file(), "shard " + String.join(", ", missing) + " missing: merge needs all "
                        + first.count() + " shards of the plan");
            }
            if (Arrays.stream(byCase).anyMatch(Objects::isNull)) {
                throw bad(docs.get(0).file(), "the shards do not cover the plan: run them with the same paths and options");
            }
            rows.addAll(Arrays.asList(byCase));
            thresholds = Optional.of(first.thresholds());
        }
        List<Row> judged = rows.stream().map(r -> r.expected().isPresent() ? r
                : r.withExpected(expectations.lookup(Path.of(r.file()), r.problem(), r.policy()))).toList();
        return new Merged(judged, thresholds);
    }

    private static Row row(String file, int n, Map<String, Object> m) throws InputException {
        String where = "result " + n;
        String verdictText = string(file, where, m, "verdict");
        Verdict verdict;
        try {
            verdict = Verdict.valueOf(verdictText.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw bad(file, where + ": unknown verdict " + verdictText);
        }
        Optional<Expected> expected = Optional.empty();
        if (m.get("expected") instanceof String e) {
            try {
                expected = Optional.of(Expected.valueOf(e.toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException x) {
                throw bad(file, where + ": unknown expected verdict " + e);
            }
        }
        Optional<String> error = m.get("error") instanceof String e ? Optional.of(e) : Optional.empty();
        return new Row(m, string(file, where, m, "file"), string(file, where, m, "problem"), string(file, where, m, "policy"),
                verdict, figure(file, where, m, "mean_error_pct"), figure(file, where, m, "max_error_pct"),
                figure(file, where, m, "mean_dispatch_delay_us"), expected, error);
    }

    private static ShardInfo shard(String file, Map<String, Object> s, int results) throws InputException {
        int index = whole(file, s, "index");
        int count = whole(file, s, "count");
        int plan = whole(file, s, "plan_cases");
        if (count < 1 || index < 1 || index > count || plan < 0) {
            throw bad(file, "shard " + index + "/" + count + " of " + plan + " checks is not a shard");
        }
        if (!(s.get("cases") instanceof List<?> list) || list.size() != results) {
            throw bad(file, "shard \"cases\" must list the plan index of each of its " + results + " results");
        }
        List<Integer> cases = new ArrayList<>();
        for (Object o : list) {
            if (!(o instanceof BigDecimal b) || b.signum() < 0 || b.compareTo(BigDecimal.valueOf(plan)) >= 0 || b.stripTrailingZeros().scale() > 0) {
                throw bad(file, "shard case " + o + " is not a check of a plan of " + plan);
            }
            cases.add(b.intValue());
        }
        if (!(s.get("thresholds") instanceof Map<?, ?> t)) {
            throw bad(file, "shard has no \"thresholds\"");
        }
        Map<String, Object> tm = cast(t);
        double max = figure(file, "thresholds", tm, "max_error_pct");
        double mean = figure(file, "thresholds", tm, "mean_error_pct");
        Thresholds thresholds = new Thresholds(max, Double.isNaN(mean) ? OptionalDouble.empty() : OptionalDouble.of(mean));
        return new ShardInfo(index, count, plan, cases, thresholds);
    }

    private static String string(String file, String where, Map<String, Object> m, String key) throws InputException {
        if (m.get(key) instanceof String s) {
            return s;
        }
        throw bad(file, where + ": \"" + key + "\" must be a string");
    }

    /** A number, NaN for null (a failed run has no figures). */
    private static double figure(String file, String where, Map<String, Object> m, String key) throws InputException {
        Object v = m.get(key);
        if (v instanceof BigDecimal b) {
            return b.doubleValue();
        }
        if (v == JsonReader.NULL) {
            return Double.NaN;
        }
        throw bad(file, where + ": \"" + key + "\" must be a number or null");
    }

    private static int whole(String file, Map<String, Object> m, String key) throws InputException {
        if (m.get(key) instanceof BigDecimal b) {
            try {
                return b.intValueExact();
            } catch (ArithmeticException e) {
                // reported below
            }
        }
        throw bad(file, "shard \"" + key + "\" must be a whole number");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> cast(Map<?, ?> m) {
        return (Map<String, Object>) m;
    }

    private static InputException bad(String file, String message) {
        return InputException.of(new SourceLocation(file, 1, 1), message);
    }
}
