package org.schedlab.report;

import static org.schedlab.report.Figures.orDash;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.schedlab.comparator.Thresholds;
import org.schedlab.comparator.Verdict;
import org.schedlab.core.Numbers;
import org.schedlab.core.io.JsonReader;
import org.schedlab.core.io.JsonWriter;
import org.schedlab.report.TestResultsJson.Merged;
import org.schedlab.report.TestResultsJson.Row;

/**
 * The report of merged shard results ({@code schedlab merge}), in the layouts {@code schedlab test} writes
 * for one run: a merged JSON document is the unsharded one byte for byte, text and Markdown list the
 * same lines. What the shards' JSON does not carry stays out: run errors' text when the document has
 * none, and wall times (JUnit XML times are 0, as the figures alone decide a check).
 */
public final class MergedReport {

    private MergedReport() {
    }

    /** The formats a merge writes to standard output. */
    public static final List<ReportFormat> FORMATS = List.of(ReportFormat.TEXT, ReportFormat.JSON, ReportFormat.MARKDOWN);

    public static void write(PrintWriter out, ReportFormat format, Merged merged) {
        switch (format) {
            case TEXT -> text(out, merged.rows());
            case JSON -> json(out, merged.rows());
            case MARKDOWN -> markdown(out, merged.rows(), merged.thresholds().orElse(Thresholds.DEFAULT));
            case JUNIT_XML -> junit(out, merged.rows());
            default -> throw new IllegalArgumentException("merge cannot write " + format);
        }
    }

    /** As {@code TextReporter.tests}. */
    static void text(PrintWriter out, List<Row> rows) {
        int pw = rows.stream().mapToInt(r -> r.problem().length()).max().orElse(7);
        int qw = rows.stream().mapToInt(r -> r.policy().length()).max().orElse(6);
        for (Row r : rows) {
            String line = String.format(Locale.ROOT, "%-5s  %-" + pw + "s  %-" + qw + "s  mean %7s%%  max %7s%%  delay %9s us  %s",
                    r.verdict(), r.problem(), r.policy(), orDash(r.meanErrorPct()), orDash(r.maxErrorPct()),
                    orDash(r.meanDispatchDelayUs()), r.file());
            if (r.expected().isPresent()) {
                line += r.asExpected() ? "  (expected " + r.expected().get() + ")" : "  UNEXPECTED: expected " + r.expected().get();
            }
            out.println(line.stripTrailing());
            r.error().ifPresent(e -> out.println("       " + e));
        }
        long pass = rows.stream().filter(r -> r.verdict() == Verdict.PASS).count();
        long fail = rows.stream().filter(r -> r.verdict() == Verdict.FAIL).count();
        long error = rows.size() - pass - fail;
        long unexpected = rows.stream().filter(r -> !r.asExpected()).count();
        out.println();
        out.println("schedlab test: " + rows.size() + " checks: " + pass + " PASS, " + fail + " FAIL, " + error
                + " ERROR; " + (unexpected == 0 ? "all as expected" : unexpected + " not as expected"));
    }

    /** The unsharded document: each result object copied as the shard wrote it. */
    static void json(PrintWriter out, List<Row> rows) {
        JsonWriter w = JsonWriter.of(out);
        w.beginObject().name("results").beginArray();
        rows.forEach(r -> copy(w, r.json()));
        w.endArray().endObject();
        w.finish();
    }

    /** As {@code MarkdownReporter.tests}. */
    static void markdown(PrintWriter out, List<Row> rows, Thresholds t) {
        Set<String> problems = new LinkedHashSet<>();
        Set<String> policies = new LinkedHashSet<>();
        rows.forEach(r -> {
            problems.add(r.problem());
            policies.add(r.policy());
        });
        out.println("Verdicts (PASS when every counted interval's error is at most " + Numbers.format(t.maxErrorPct())
                + "%" + (t.meanErrorPct().isPresent() ? " and the mean at most " + Numbers.format(t.meanErrorPct().getAsDouble()) + "%" : "")
                + "):");
        out.println();
        out.println("| policy | " + String.join(" | ", problems) + " |");
        out.println("|---|" + "---|".repeat(problems.size()));
        for (String pol : policies) {
            StringBuilder row = new StringBuilder("| " + pol + " |");
            for (String pr : problems) {
                row.append(' ').append(rows.stream().filter(r -> r.policy().equals(pol) && r.problem().equals(pr))
                        .map(r -> r.verdict().name()).findFirst().orElse("")).append(" |");
            }
            out.println(row);
        }
        out.println();
        out.println("| problem | policy | verdict | mean error % | max error % | mean dispatch delay us |");
        out.println("|---|---|---|---:|---:|---:|");
        for (Row r : rows) {
            double delay = r.meanDispatchDelayUs();
            out.println("| " + r.problem() + " | " + r.policy() + " | " + r.verdict() + " | "
                    + orDash(r.meanErrorPct()) + " | " + orDash(r.maxErrorPct()) + " | "
                    + (Double.isNaN(delay) ? "-" : Numbers.fixed(delay, 0)) + " |");
        }
    }

    /** As {@code JunitXmlReporter.tests}, with no wall times. */
    static void junit(PrintWriter w, List<Row> rows) {
        long failures = rows.stream().filter(r -> r.verdict() != Verdict.ERROR && !r.asExpected()).count();
        long errors = rows.stream().filter(r -> r.verdict() == Verdict.ERROR && !r.asExpected()).count();
        w.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        w.write("<testsuite name=\"schedlab\" tests=\"" + rows.size() + "\" failures=\"" + failures + "\" errors=\""
                + errors + "\" skipped=\"0\" time=\"0.000\">\n");
        for (Row r : rows) {
            w.write("  <testcase classname=\"" + xml(r.file()) + "\" name=\"" + xml(r.problem() + " [" + r.policy() + "]")
                    + "\" time=\"0.000\"");
            if (r.asExpected()) {
                w.write("/>\n");
                continue;
            }
            w.write(">\n");
            String figures = "mean error " + orDash(r.meanErrorPct()) + "%, max error " + orDash(r.maxErrorPct()) + "%";
            if (r.verdict() == Verdict.ERROR) {
                w.write("    <error type=\"run\" message=\"" + xml(r.error().orElse("the run failed")) + "\"/>\n");
            } else {
                String msg = "verdict " + r.verdict() + ", expected " + r.expectation() + ": " + figures;
                w.write("    <failure type=\"verdict\" message=\"" + xml(msg) + "\"/>\n");
            }
            w.write("  </testcase>\n");
        }
        w.write("</testsuite>\n");
    }

    private static void copy(JsonWriter w, Object v) {
        if (v instanceof Map<?, ?> m) {
            w.beginObject();
            m.forEach((k, x) -> {
                w.name((String) k);
                copy(w, x);
            });
            w.endObject();
        } else if (v instanceof List<?> list) {
            w.beginArray();
            list.forEach(x -> copy(w, x));
            w.endArray();
        } else if (v instanceof String s) {
            w.value(s);
        } else if (v instanceof Boolean b) {
            w.value(b);
        } else if (v instanceof BigDecimal b) {
            // Written as the shard wrote it: whole numbers as longs, others through the same formatting.
            if (b.stripTrailingZeros().scale() <= 0 && b.abs().compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) <= 0) {
                w.value(b.longValueExact());
            } else {
                w.value(b.doubleValue());
            }
        } else if (v == JsonReader.NULL) {
            w.nullValue();
        } else {
            throw new IllegalArgumentException("not a JSON value: " + v);
        }
    }

    private static String xml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
