package org.schedlab.report;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
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

    /**
     * One document: its thresholds (as written and as read), the options it was run with (as written; empty when
     * its writer did not say), its results, and the shard they are, if one.
     */
    public record Document(String file, Optional<ShardInfo> shard, Map<String, Object> thresholdsJson,
                           Thresholds thresholds, Optional<Map<String, Object>> settingsJson, List<Row> rows) {

        public Document {
            rows = List.copyOf(rows);
        }
    }

    /** The whole plan's results in plan order, the thresholds they were judged by and the options they ran with. */
    public record Merged(List<Row> rows, Map<String, Object> thresholdsJson, Thresholds thresholds,
                         Map<String, Object> settingsJson) {

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
        Thresholds thresholds;
        try {
            thresholds = new Thresholds(figure(file, "thresholds", t, "max_error_pct"),
                    Double.isNaN(mean) ? OptionalDouble.empty() : OptionalDouble.of(mean));
        } catch (IllegalArgumentException e) {
            throw bad(file, "thresholds: " + e.getMessage());
        }
        Optional<Map<String, Object>> settings = settings(file, cast(top));
        List<Row> rows = new ArrayList<>();
        for (Object o : results) {
            if (!(o instanceof Map<?, ?> m)) {
                throw bad(file, "result " + (rows.size() + 1) + " is not an object");
            }
            Row row = row(file, "result " + (rows.size() + 1), cast(m));
            recompute(file, "result " + (rows.size() + 1), row, thresholds);
            rows.add(row);
        }
        Optional<ShardInfo> shard = Optional.empty();
        if (top.containsKey("shard")) {
            shard = Optional.of(shard(file, object(file, "the document", cast(top), "shard"), rows.size()));
        }
        return new Document(file, shard, t, thresholds, settings, rows);
    }

    /** The settings in the order they are written and checked, with how a message says a value and its absence. */
    private static final List<String[]> SETTINGS = List.of(
            new String[] {"policies", "--policy", ""},
            new String[] {"seed", "--seed", "the scenarios' seeds"},
            new String[] {"seeds", "--seeds", "no --seeds"},
            new String[] {"duration_s", "--duration", "the scenarios' durations"},
            new String[] {"interval_s", "--interval", "the scenarios' intervals"},
            new String[] {"warmup_s", "--warmup", "the default warm-up"},
            new String[] {"timeout_s", "--timeout", "no timeout"});

    private static Optional<Map<String, Object>> settings(String file, Map<String, Object> top) throws InputException {
        Object v = top.get("settings");
        if (v == null) {
            throw bad(file, "the document has no \"settings\": write it with schedlab test --format json of this "
                    + "version");
        }
        if (v == JsonReader.NULL) {
            return Optional.empty();
        }
        if (!(v instanceof Map<?, ?> m)) {
            throw bad(file, "\"settings\" must be an object or null");
        }
        Map<String, Object> settings = cast(m);
        for (String[] key : SETTINGS) {
            Object x = settings.get(key[0]);
            boolean ok = switch (key[0]) {
                case "policies", "seeds" -> x instanceof List<?>;
                case "seed" -> x == JsonReader.NULL || x instanceof BigDecimal;
                default -> x == JsonReader.NULL || x instanceof BigDecimal;
            };
            if (!ok) {
                throw bad(file, "settings: \"" + key[0] + "\" is missing or of the wrong type");
            }
        }
        return Optional.of(settings);
    }

    /**
     * What a row says that follows from the rest of it, recomputed: a run's verdict from its figures and the
     * thresholds, the check's verdict as its worst run's, whether it depends on the seed, and whether it is as
     * expected. A document edited after schedlab wrote it (a FAIL turned "as expected") is refused here.
     */
    private static void recompute(String file, String where, Row row, Thresholds thresholds) throws InputException {
        if (row.runs().isEmpty()) {
            throw bad(file, where + ": no runs");
        }
        Verdict worst = Verdict.PASS;
        java.util.Set<Verdict> seen = java.util.EnumSet.noneOf(Verdict.class);
        List<Long> runSeeds = new ArrayList<>();
        for (Run r : row.runs()) {
            Verdict expected = r.error().isPresent() ? Verdict.ERROR
                    : Double.isNaN(r.meanErrorPct()) || Double.isNaN(r.maxErrorPct()) ? null
                    : thresholds.judge(r.meanErrorPct(), r.maxErrorPct());
            if (expected != r.verdict()) {
                throw tampered(file, where + ", seed " + r.seed() + ": verdict " + r.verdict() + " does not follow from "
                        + (r.error().isPresent() ? "its error" : "its figures and the thresholds"));
            }
            worst = worst.compareTo(r.verdict()) >= 0 ? worst : r.verdict();
            seen.add(r.verdict());
            runSeeds.add(r.seed());
        }
        if (worst != row.verdict()) {
            throw tampered(file, where + ": verdict " + row.verdict() + " is not its worst run's, " + worst);
        }
        if (!runSeeds.equals(row.seeds())) {
            throw tampered(file, where + ": \"seeds\" are not its runs' seeds");
        }
        if (row.seedDependent() != seen.size() > 1) {
            throw tampered(file, where + ": \"seed_dependent\" is " + row.seedDependent() + ", but its runs' verdicts "
                    + (seen.size() > 1 ? "differ" : "agree"));
        }
        boolean asExpected = switch (row.expectation()) {
            case ANY -> row.verdict() != Verdict.ERROR;
            case PASS -> row.verdict() == Verdict.PASS;
            case FAIL -> row.verdict() == Verdict.FAIL;
        };
        if (asExpected != row.asExpected()) {
            throw tampered(file, where + ": \"as_expected\" is " + row.asExpected() + ", but verdict " + row.verdict()
                    + (asExpected ? " is" : " is not") + " the expected " + row.expectation());
        }
    }

    private static InputException tampered(String file, String message) {
        return bad(file, message + ": the file was changed after schedlab wrote it");
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
        List<Document> sharded = docs.stream().filter(d -> d.shard().isPresent()).toList();
        for (Document d : docs) {
            if (!d.thresholdsJson().equals(first.thresholdsJson())) {
                throw bad(d.file(), "was judged by other thresholds than " + first.file() + ": run every shard with the same options");
            }
            // Shards are one plan: every option alike. Whole documents may have run other policies.
            sameSettings(first, d, !sharded.isEmpty());
        }
        List<Row> rows = new ArrayList<>();
        if (sharded.isEmpty()) {
            docs.forEach(d -> rows.addAll(d.rows()));
            Map<String, Object> settings = new java.util.LinkedHashMap<>(first.settingsJson().orElseThrow());
            List<Object> policies = new ArrayList<>();
            for (Document d : docs) {
                for (Object p : (List<?>) d.settingsJson().orElseThrow().get("policies")) {
                    if (!policies.contains(p)) {
                        policies.add(p);
                    }
                }
            }
            settings.put("policies", policies);
            return new Merged(rows, first.thresholdsJson(), first.thresholds(), settings);
        }
        if (sharded.size() != docs.size()) {
            Document whole = docs.stream().filter(d -> d.shard().isEmpty()).findFirst().orElseThrow();
            throw bad(whole.file(), "has no shard information, but " + sharded.get(0).file() + " is a shard: merge the shards of one plan only");
        }
        ShardInfo one = first.shard().orElseThrow();
        // Maps, not arrays sized by what a document claims: a shard "of a plan of 2,000,000,000 checks" costs nothing.
        Map<Integer, Row> byCheck = new java.util.HashMap<>();
        Map<Integer, Document> byIndex = new java.util.HashMap<>();
        for (Document d : docs) {
            ShardInfo s = d.shard().orElseThrow();
            if (s.count() != one.count() || s.planChecks() != one.planChecks()) {
                throw bad(d.file(), "is shard " + s.index() + "/" + s.count() + " of a plan of " + s.planChecks()
                        + " checks, but " + first.file() + " is shard " + one.index() + "/" + one.count() + " of a plan of "
                        + one.planChecks() + ": run every shard with the same paths and options");
            }
            Document again = byIndex.putIfAbsent(s.index(), d);
            if (again != null) {
                throw bad(d.file(), "is shard " + s.index() + "/" + s.count() + " again (so is " + again.file() + ")");
            }
            for (int i = 0; i < s.checks().size(); i++) {
                int c = s.checks().get(i);
                if (byCheck.putIfAbsent(c, d.rows().get(i)) != null) {
                    throw bad(d.file(), "check " + c + " of the plan is in two shards");
                }
            }
        }
        if (byIndex.size() < one.count()) {
            List<String> missing = new ArrayList<>();
            for (int k = 1; k <= one.count() && missing.size() < 10; k++) {
                if (!byIndex.containsKey(k)) {
                    missing.add(k + "/" + one.count());
                }
            }
            throw bad(first.file(), "shard " + String.join(", ", missing) + (one.count() - byIndex.size() > missing.size()
                    ? " and more" : "") + " missing: merge needs all " + one.count() + " shards of the plan");
        }
        if (byCheck.size() != one.planChecks()) {
            throw bad(first.file(), "the shards do not cover the plan: run every shard with the same paths and options");
        }
        List<Row> inPlanOrder = new ArrayList<>(byCheck.size());
        for (int c = 0; c < one.planChecks(); c++) {
            inPlanOrder.add(byCheck.get(c));
        }
        return new Merged(inPlanOrder, first.thresholdsJson(), first.thresholds(), first.settingsJson().orElseThrow());
    }

    /** {@code d} was run with the options {@code first} was (policies too when {@code policies}), or a one-line error. */
    private static void sameSettings(Document first, Document d, boolean policies) throws InputException {
        for (Document x : List.of(first, d)) {
            if (x.settingsJson().isEmpty()) {
                throw bad(x.file(), "does not say what options it was run with (\"settings\" is null): write it with "
                        + "schedlab test --format json");
            }
        }
        Map<String, Object> a = first.settingsJson().get();
        Map<String, Object> b = d.settingsJson().get();
        for (String[] key : SETTINGS) {
            if (key[0].equals("policies") && !policies) {
                continue;
            }
            if (!same(a.get(key[0]), b.get(key[0]))) {
                throw bad(d.file(), "was run with " + said(key, b.get(key[0])) + ", but " + first.file() + " with "
                        + said(key, a.get(key[0])) + ": merge only shards run with the same options");
            }
        }
    }

    private static boolean same(Object a, Object b) {
        if (a instanceof BigDecimal x && b instanceof BigDecimal y) {
            return x.compareTo(y) == 0;
        }
        if (a instanceof List<?> x && b instanceof List<?> y) {
            if (x.size() != y.size()) {
                return false;
            }
            for (int i = 0; i < x.size(); i++) {
                if (!same(x.get(i), y.get(i))) {
                    return false;
                }
            }
            return true;
        }
        return Objects.equals(a, b);
    }

    /** {@code --duration 10 s}, {@code the scenarios' durations}, {@code --policy fair, zvm64}: as the user gave it. */
    private static String said(String[] key, Object value) {
        if (value == JsonReader.NULL || value instanceof List<?> l && l.isEmpty()) {
            return key[2].isEmpty() ? "no " + key[1] : key[2];
        }
        String v = value instanceof List<?> l ? String.join(key[0].equals("seeds") ? "," : ", ",
                l.stream().map(TestResultsJson::plain).toList()) : plain(value);
        return key[1] + " " + v + (key[0].endsWith("_s") ? " s" : "");
    }

    private static String plain(Object o) {
        return o instanceof BigDecimal b ? b.stripTrailingZeros().toPlainString() : String.valueOf(o);
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
        long index = whole(file, "shard", s, "index");
        long count = whole(file, "shard", s, "count");
        long plan = whole(file, "shard", s, "plan_checks");
        if (count < 1 || index < 1 || index > count || plan < 0 || count > Integer.MAX_VALUE || plan > Integer.MAX_VALUE) {
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
        return new ShardInfo((int) index, (int) count, (int) plan, checks);
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
            double d = b.doubleValue();
            if (Double.isInfinite(d)) {
                throw bad(file, where + ": \"" + key + "\" is out of range: " + b.toString());
            }
            return d;
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
        // Messages quote the document's strings (a verdict, a policy): one line whatever they hold.
        return InputException.of(new SourceLocation(file, 1, 1), Utf8Text.visible(message));
    }
}
