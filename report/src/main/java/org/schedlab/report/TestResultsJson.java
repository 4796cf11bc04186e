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
import org.schedlab.cell.Expectations.Expected;
import org.schedlab.cell.SeedSpread;
import org.schedlab.comparator.Thresholds;
import org.schedlab.comparator.Verdict;
import org.schedlab.core.InputException;
import org.schedlab.core.SourceLocation;
import org.schedlab.core.io.JsonReader;
import org.schedlab.core.io.Utf8Text;

/**
 * Test results read back from the JSON that {@code schedlab test --format json} writes (docs/schema/test.schema.json),
 * with or without {@code --shard}, and joined into the results of the whole plan. The one place that knows that
 * format on the way in: when it grows, only this class and {@link JsonReporter} change.
 */
public final class TestResultsJson {

    private TestResultsJson() {
    }

    /** One seed's run of a check, as recorded. */
    public record Run(long seed, Verdict verdict, double meanErrorPct, double maxErrorPct, double meanDispatchDelayUs,
                      Optional<String> error) {
    }

    /**
     * One check (a problem under a policy, over its seeds) as recorded. {@code json} is the result object as
     * read, keys in document order, kept whole so that a merge writes it back unchanged.
     */
    public record Row(Map<String, Object> json, String file, String problem, String policy, Verdict verdict,
                      Expected expectation, boolean expectedListed, boolean asExpected, List<Long> seeds,
                      boolean seedDependent, Optional<String> seedNote, Optional<SeedSpread> meanError,
                      Optional<SeedSpread> maxError, Optional<SeedSpread> dispatchDelay, Optional<String> error,
                      List<Run> runs) {

        public Row {
            Objects.requireNonNull(json, "json");
            seeds = List.copyOf(seeds);
            runs = List.copyOf(runs);
        }

        /** The runs that failed, in seed order. */
        public List<Run> errors() {
            return runs.stream().filter(r -> r.error().isPresent()).toList();
        }
    }

    /** What a shard's document says about the shard. */
    public record ShardInfo(int index, int count, int planChecks, List<Integer> checks) {

        public ShardInfo {
            checks = List.copyOf(checks);
        }
    }

    /** One document: its thresholds (as written and as read), its results, and the shard they are, if one. */
    public record Document(String file, Optional<ShardInfo> shard, Map<String, Object> thresholdsJson,
                           Thresholds thresholds, List<Row> rows) {

        public Document {
            rows = List.copyOf(rows);
        }
    }

    /** The whole plan's results in plan order, and the thresholds they were judged by. */
    public record Merged(List<Row> rows, Map<String, Object> thresholdsJson, Thresholds thresholds) {

        public Merged {
            rows = List.copyOf(rows);
        }

        /** As one run's exit code says: every check as expected. */
        public boolean allAsExpected() {
            return rows.stream().allMatch(Row::asExpected);
        }
    }

    /**
     * What a document may hold: 256 MiB (a shard of a plan of some 100,000 checks over several seeds), in lines of at
     * most {@link Utf8Text#MAX_LINE_BYTES} (schedlab writes one value a line).
     */
    public static final Utf8Text.Limits LIMITS = new Utf8Text.Limits("the JSON of schedlab test", 256L << 20,
            Utf8Text.MAX_LINE_BYTES);

    public static Document read(Path path) throws IOException, InputException {
        return parse(path.toString(), Utf8Text.read(path, LIMITS));
    }

    /** Reads a document; anything that is not schedlab test's JSON is an {@link InputException} naming the file. */
    public static Document parse(String file, String text) throws InputException {
        Object root = JsonReader.read(file, text);
        if (!(root instanceof Map<?, ?> top) || !(top.get("results") instanceof List<?> results)) {
            throw bad(file, "not the JSON of schedlab test --format json: no \"results\" array");
        }
        Map<String, Object> t = object(file, "the document", cast(top), "thresholds");
        double mean = figure(file, "thresholds", t, "mean_error_pct");
        Thresholds thresholds = new Thresholds(figure(file, "thresholds", t, "max_error_pct"),
                Double.isNaN(mean) ? OptionalDouble.empty() : OptionalDouble.of(mean));
        List<Row> rows = new ArrayList<>();
        for (Object o : results) {
            if (!(o instanceof Map<?, ?> m)) {
                throw bad(file, "result " + (rows.size() + 1) + " is not an object");
            }
            rows.add(row(file, "result " + (rows.size() + 1), cast(m)));
        }
        Optional<ShardInfo> shard = Optional.empty();
        if (top.containsKey("shard")) {
            shard = Optional.of(shard(file, object(file, "the document", cast(top), "shard"), rows.size()));
        }
        return new Document(file, shard, t, thresholds, rows);
    }

    /**
     * Joins documents into the plan's results. Shards (in any order) must be all N of one plan, each once, judged
     * by the same thresholds; documents without shard information are taken whole, in the order given, and
     * cannot be mixed with shards.
     */
    public static Merged merge(List<Document> docs) throws InputException {
        if (docs.isEmpty()) {
            throw new IllegalArgumentException("nothing to merge");
        }
        Document first = docs.get(0);
        for (Document d : docs) {
            if (!d.thresholdsJson().equals(first.thresholdsJson())) {
                throw bad(d.file(), "was judged by other thresholds than " + first.file() + ": run every shard with the same options");
            }
        }
        List<Document> sharded = docs.stream().filter(d -> d.shard().isPresent()).toList();
        List<Row> rows = new ArrayList<>();
        if (sharded.isEmpty()) {
            docs.forEach(d -> rows.addAll(d.rows()));
            return new Merged(rows, first.thresholdsJson(), first.thresholds());
        }
        if (sharded.size() != docs.size()) {
            Document whole = docs.stream().filter(d -> d.shard().isEmpty()).findFirst().orElseThrow();
            throw bad(whole.file(), "has no shard information, but " + sharded.get(0).file() + " is a shard: merge the shards of one plan only");
        }
        ShardInfo one = first.shard().orElseThrow();
        Row[] byCheck = new Row[one.planChecks()];
        Document[] byIndex = new Document[one.count()];
        for (Document d : docs) {
            ShardInfo s = d.shard().orElseThrow();
            if (s.count() != one.count() || s.planChecks() != one.planChecks()) {
                throw bad(d.file(), "is shard " + s.index() + "/" + s.count() + " of a plan of " + s.planChecks()
                        + " checks, but " + first.file() + " is shard " + one.index() + "/" + one.count() + " of a plan of "
                        + one.planChecks() + ": run every shard with the same paths and options");
            }
            if (byIndex[s.index() - 1] != null) {
                throw bad(d.file(), "is shard " + s.index() + "/" + s.count() + " again (so is " + byIndex[s.index() - 1].file() + ")");
            }
            byIndex[s.index() - 1] = d;
            for (int i = 0; i < s.checks().size(); i++) {
                int c = s.checks().get(i);
                if (byCheck[c] != null) {
                    throw bad(d.file(), "check " + c + " of the plan is in two shards");
                }
                byCheck[c] = d.rows().get(i);
            }
        }
        List<String> missing = new ArrayList<>();
        for (int k = 0; k < byIndex.length; k++) {
            if (byIndex[k] == null) {
                missing.add((k + 1) + "/" + one.count());
            }
        }
        if (!missing.isEmpty()) {
            throw bad(first.file(), "shard " + String.join(", ", missing) + " missing: merge needs all " + one.count()
                    + " shards of the plan");
        }
        if (Arrays.stream(byCheck).anyMatch(Objects::isNull)) {
            throw bad(first.file(), "the shards do not cover the plan: run every shard with the same paths and options");
        }
        return new Merged(Arrays.asList(byCheck), first.thresholdsJson(), first.thresholds());
    }

    private static Row row(String file, String where, Map<String, Object> m) throws InputException {
        List<Run> runs = new ArrayList<>();
        for (Object o : list(file, where, m, "runs")) {
            if (!(o instanceof Map<?, ?> r)) {
                throw bad(file, where + ": a run is not an object");
            }
            Map<String, Object> rm = cast(r);
            String w = where + ", run " + (runs.size() + 1);
            runs.add(new Run(whole(file, w, rm, "seed"), verdict(file, w, rm), figure(file, w, rm, "mean_error_pct"),
                    figure(file, w, rm, "max_error_pct"), figure(file, w, rm, "mean_dispatch_delay_us"),
                    optionalString(file, w, rm, "error")));
        }
        List<Long> seeds = new ArrayList<>();
        for (Object o : list(file, where, m, "seeds")) {
            if (!(o instanceof BigDecimal b)) {
                throw bad(file, where + ": a seed is not a number");
            }
            seeds.add(b.longValue());
        }
        Expected expected;
        String e = string(file, where, m, "expected");
        try {
            expected = Expected.valueOf(e.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException x) {
            throw bad(file, where + ": unknown expected verdict " + e);
        }
        return new Row(m, string(file, where, m, "file"), string(file, where, m, "problem"), string(file, where, m, "policy"),
                verdict(file, where, m), expected, bool(file, where, m, "expected_listed"), bool(file, where, m, "as_expected"),
                seeds, bool(file, where, m, "seed_dependent"), optionalString(file, where, m, "seed_note"),
                spread(file, where, m, "mean_error_spread"), spread(file, where, m, "max_error_spread"),
                spread(file, where, m, "dispatch_delay_spread"), optionalString(file, where, m, "error"), runs);
    }

    private static ShardInfo shard(String file, Map<String, Object> s, int results) throws InputException {
        int index = (int) whole(file, "shard", s, "index");
        int count = (int) whole(file, "shard", s, "count");
        int plan = (int) whole(file, "shard", s, "plan_checks");
        if (count < 1 || index < 1 || index > count || plan < 0) {
            throw bad(file, "shard " + index + "/" + count + " of " + plan + " checks is not a shard");
        }
        List<Object> list = list(file, "shard", s, "checks");
        if (list.size() != results) {
            throw bad(file, "shard \"checks\" must give the plan index of each of its " + results + " results");
        }
        List<Integer> checks = new ArrayList<>();
        for (Object o : list) {
            if (!(o instanceof BigDecimal b) || b.signum() < 0 || b.compareTo(BigDecimal.valueOf(plan)) >= 0
                    || b.stripTrailingZeros().scale() > 0) {
                throw bad(file, "shard check " + o + " is not a check of a plan of " + plan);
            }
            checks.add(b.intValue());
        }
        return new ShardInfo(index, count, plan, checks);
    }

    private static Verdict verdict(String file, String where, Map<String, Object> m) throws InputException {
        String v = string(file, where, m, "verdict");
        try {
            return Verdict.valueOf(v.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw bad(file, where + ": unknown verdict " + v);
        }
    }

    private static Optional<SeedSpread> spread(String file, String where, Map<String, Object> m, String key) throws InputException {
        Object v = m.get(key);
        if (v == JsonReader.NULL) {
            return Optional.empty();
        }
        if (!(v instanceof Map<?, ?> s)) {
            throw bad(file, where + ": \"" + key + "\" must be an object or null");
        }
        Map<String, Object> sm = cast(s);
        String w = where + " " + key;
        try {
            return Optional.of(new SeedSpread(figure(file, w, sm, "min"), figure(file, w, sm, "median"), figure(file, w, sm, "max")));
        } catch (IllegalArgumentException e) {
            throw bad(file, w + ": " + e.getMessage());
        }
    }

    private static Map<String, Object> object(String file, String where, Map<String, Object> m, String key) throws InputException {
        if (m.get(key) instanceof Map<?, ?> o) {
            return cast(o);
        }
        throw bad(file, where + ": \"" + key + "\" must be an object");
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(String file, String where, Map<String, Object> m, String key) throws InputException {
        if (m.get(key) instanceof List<?> l) {
            return (List<Object>) l;
        }
        throw bad(file, where + ": \"" + key + "\" must be an array");
    }

    private static String string(String file, String where, Map<String, Object> m, String key) throws InputException {
        if (m.get(key) instanceof String s) {
            return s;
        }
        throw bad(file, where + ": \"" + key + "\" must be a string");
    }

    private static Optional<String> optionalString(String file, String where, Map<String, Object> m, String key)
            throws InputException {
        Object v = m.get(key);
        if (v == JsonReader.NULL) {
            return Optional.empty();
        }
        if (v instanceof String s) {
            return Optional.of(s);
        }
        throw bad(file, where + ": \"" + key + "\" must be a string or null");
    }

    private static boolean bool(String file, String where, Map<String, Object> m, String key) throws InputException {
        if (m.get(key) instanceof Boolean b) {
            return b;
        }
        throw bad(file, where + ": \"" + key + "\" must be true or false");
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

    private static long whole(String file, String where, Map<String, Object> m, String key) throws InputException {
        if (m.get(key) instanceof BigDecimal b) {
            try {
                return b.longValueExact();
            } catch (ArithmeticException e) {
                // reported below
            }
        }
        throw bad(file, where + ": \"" + key + "\" must be a whole number");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> cast(Map<?, ?> m) {
        return (Map<String, Object>) m;
    }

    private static InputException bad(String file, String message) {
        return InputException.of(new SourceLocation(file, 1, 1), message);
    }
}
