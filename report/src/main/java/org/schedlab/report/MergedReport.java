package org.schedlab.report;

import static org.schedlab.report.Figures.orDash;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.schedlab.cell.SeedSpread;
import org.schedlab.comparator.Thresholds;
import org.schedlab.comparator.Verdict;
import org.schedlab.core.Numbers;
import org.schedlab.core.io.JsonReader;
import org.schedlab.core.io.JsonWriter;
import org.schedlab.report.TestResultsJson.Merged;
import org.schedlab.report.TestResultsJson.Row;
import org.schedlab.report.TestResultsJson.Run;

/**
 * The report of merged shard results ({@code schedlab merge}) in the layouts {@code schedlab test} writes for
 * one run: the merged JSON is the unsharded document byte for byte, text and Markdown are the unsharded lines.
 * The reporters render {@code AggregateResult}s, which need the runs' comparisons; a merge has only the
 * recorded figures, so the layouts are repeated here from those, and {@code MergeCommandTest} holds the two
 * to the same bytes. JUnit XML times are 0: the shards' JSON does not carry wall times.
 */
public final class MergedReport {

    private MergedReport() {
    }

    public static void write(PrintWriter out, ReportFormat format, Merged merged) {
        switch (format) {
            case TEXT -> text(out, merged.rows());
            case JSON -> json(out, merged);
            case MARKDOWN -> markdown(out, merged.rows(), merged.thresholds());
            case JUNIT_XML -> junit(out, merged.rows());
            default -> throw new IllegalArgumentException("merge cannot write " + format);
        }
    }

    /** As {@code TextReporter.tests}. */
    static void text(PrintWriter out, List<Row> results) {
        boolean spread = severalSeeds(results);
        List<String> header = Figures.testsHeader(spread);
        List<String[]> rows = new ArrayList<>();
        rows.add(header.toArray(String[]::new));
        for (Row r : results) {
            List<String> row = new ArrayList<>(List.of(r.verdict().name(), r.problem(), r.policy()));
            if (spread) {
                row.addAll(Figures.spread(r.meanError()));
                row.addAll(Figures.spread(r.maxError()));
            } else {
                row.add(orDash(r.runs().get(0).meanErrorPct()));
                row.add(orDash(r.runs().get(0).maxErrorPct()));
            }
            row.add(r.dispatchDelay().map(d -> Numbers.fixed(d.median(), 2)).orElse("-"));
            row.add(r.expectation().name());
            row.add(r.file() + (r.asExpected() ? "" : "  UNEXPECTED"));
            rows.add(row.toArray(String[]::new));
        }
        Figures.testsTable(out, rows, (index, indent) -> {
            Row r = results.get(index);
            r.seedNote().ifPresent(note -> out.println(indent + "! " + note));
            for (Run e : r.errors()) {
                out.println(indent + (spread ? "seed " + e.seed() + ": " : "") + e.error().orElseThrow());
            }
        });
        out.println();
        out.println(summary(results));
    }

    /** The unsharded document: thresholds and results as the shards wrote them, seeds and summary over all. */
    static void json(PrintWriter out, Merged merged) {
        List<Row> results = merged.rows();
        JsonWriter w = JsonWriter.of(out);
        w.beginObject();
        w.name("thresholds");
        copy(w, merged.thresholdsJson());
        w.name("settings");
        copy(w, merged.settingsJson());
        w.name("seeds").beginArray();
        seeds(results).forEach(seed -> w.value((long) seed));
        w.endArray();
        w.name("results").beginArray();
        results.forEach(r -> copy(w, r.json()));
        w.endArray();
        long pass = results.stream().filter(r -> r.verdict() == Verdict.PASS).count();
        long fail = results.stream().filter(r -> r.verdict() == Verdict.FAIL).count();
        w.name("summary").beginObject().field("checks", results.size()).field("pass", pass).field("fail", fail)
                .field("error", results.size() - pass - fail)
                .field("seed_dependent", results.stream().filter(Row::seedDependent).count())
                .field("not_as_expected", results.stream().filter(r -> !r.asExpected()).count())
                .endObject();
        w.endObject();
        w.finish();
    }

    /** As {@code MarkdownReporter.tests}. */
    static void markdown(PrintWriter out, List<Row> results, Thresholds t) {
        boolean spread = severalSeeds(results);
        MarkdownReporter.verdictGrid(out, t, spread, seeds(results), results.stream()
                .map(r -> new MarkdownReporter.GridCell(r.file(), r.problem(), r.policy(), cell(r, spread))).toList());
        List<String> notes = new ArrayList<>();
        for (Row r : results) {
            String who = r.problem() + " under " + r.policy();
            r.seedNote().ifPresent(n -> notes.add("- " + who + ": " + n));
            for (Run e : r.errors()) {
                notes.add("- " + who + (spread ? ", seed " + e.seed() : "") + ": run failed: " + e.error().orElseThrow());
            }
        }
        if (!notes.isEmpty()) {
            out.println();
            notes.forEach(out::println);
        }
        out.println();
        MarkdownReporter.perCheckHeader(out, spread);
        for (Row r : results) {
            String delay = r.dispatchDelay().map(d -> Numbers.fixed(d.median(), 0)).orElse("-");
            String head = "| " + r.problem() + " | " + r.policy() + " | " + r.verdict() + " | " + r.expectation()
                    + (r.asExpected() ? "" : " (not met)") + " | ";
            if (spread) {
                out.println(head + Figures.seedList(r.seeds()) + " | " + triple(r.meanError()) + " | "
                        + triple(r.maxError()) + " | " + delay + " |");
            } else {
                Run only = r.runs().get(0);
                out.println(head + orDash(only.meanErrorPct()) + " | " + orDash(only.maxErrorPct()) + " | " + delay + " |");
            }
        }
        out.println();
        out.println(summary(results));
    }

    /** As {@code JunitXmlReporter.tests}, with no wall times. */
    static void junit(PrintWriter w, List<Row> results) {
        boolean spread = severalSeeds(results);
        long failures = results.stream().filter(r -> r.verdict() != Verdict.ERROR && !r.asExpected()).count();
        long errors = results.stream().filter(r -> r.verdict() == Verdict.ERROR && !r.asExpected()).count();
        w.write(Outputs.JUNIT_PROLOGUE + " tests=\"" + results.size() + "\" failures=\"" + failures + "\" errors=\""
                + errors + "\" skipped=\"0\" time=\"0.000\">\n");
        for (Row r : results) {
            w.write("  <testcase classname=\"" + xml(r.file()) + "\" name=\"" + xml(r.problem() + " [" + r.policy() + "]")
                    + "\" time=\"0.000\"");
            if (r.asExpected() && !spread) {
                w.write("/>\n");
                continue;
            }
            w.write(">\n");
            String figures = "mean error " + worst(r.meanError()) + "%, max error " + worst(r.maxError()) + "%"
                    + (spread ? " (worst of seeds " + Figures.seedList(r.seeds()) + ")" : "");
            String note = r.seedNote().map(n -> "; " + n).orElse("");
            if (!r.asExpected()) {
                if (r.verdict() == Verdict.ERROR) {
                    Run first = r.errors().get(0);
                    w.write("    <error type=\"run\" message=\"" + xml((spread ? "seed " + first.seed() + ": " : "")
                            + first.error().orElseThrow() + note) + "\"/>\n");
                } else {
                    String msg = "verdict " + r.verdict() + ", expected " + r.expectation() + ": " + figures + note;
                    w.write("    <failure type=\"verdict\" message=\"" + xml(msg) + "\"/>\n");
                }
            }
            if (spread) {
                w.write("    <system-out>" + xml("seeds " + Figures.seedList(r.seeds()) + ": mean error % min/median/max "
                        + String.join("/", Figures.spread(r.meanError())) + ", max error % min/median/max "
                        + String.join("/", Figures.spread(r.maxError())) + note) + "</system-out>\n");
            }
            w.write("  </testcase>\n");
        }
        w.write("</testsuite>\n");
    }

    /** As {@code Figures.summary}. */
    private static String summary(List<Row> results) {
        long pass = results.stream().filter(r -> r.verdict() == Verdict.PASS).count();
        long fail = results.stream().filter(r -> r.verdict() == Verdict.FAIL).count();
        long error = results.size() - pass - fail;
        long unexpected = results.stream().filter(r -> !r.asExpected()).count();
        long dependent = results.stream().filter(Row::seedDependent).count();
        StringBuilder sb = new StringBuilder("schedlab test: ").append(results.size())
                .append(results.size() == 1 ? " check" : " checks");
        if (severalSeeds(results)) {
            sb.append(" over seeds ").append(Figures.seedList(seeds(results))).append(", each judged by its worst seed");
        }
        sb.append(": ").append(pass).append(" PASS, ").append(fail).append(" FAIL, ").append(error).append(" ERROR; ");
        if (dependent > 0) {
            sb.append(dependent).append(dependent == 1 ? " depends" : " depend").append(" on the seed; ");
        }
        sb.append(unexpected == 0 ? "all as expected" : unexpected + " not as expected");
        return sb.toString();
    }

    private static boolean severalSeeds(List<Row> results) {
        return results.stream().anyMatch(r -> r.runs().size() > 1);
    }

    private static List<Long> seeds(List<Row> results) {
        Set<Long> seeds = new LinkedHashSet<>();
        results.forEach(r -> seeds.addAll(r.seeds()));
        return new ArrayList<>(seeds);
    }

    private static String cell(Row r, boolean spread) {
        StringBuilder sb = new StringBuilder(r.verdict().name());
        if (r.seedDependent()) {
            sb.append('*');
        }
        Optional<SeedSpread> max = r.maxError();
        if (max.isPresent()) {
            sb.append(' ').append(Numbers.fixed(max.get().max(), 2));
            if (spread) {
                sb.append(" [").append(String.join(", ", Figures.spread(max))).append(']');
            }
        }
        if (!r.asExpected()) {
            sb.append(" (expected ").append(r.expectation()).append(')');
        }
        return sb.toString();
    }

    private static String triple(Optional<SeedSpread> s) {
        return String.join(" / ", Figures.spread(s));
    }

    private static String worst(Optional<SeedSpread> s) {
        return s.map(x -> Numbers.fixed(x.max(), 2)).orElse("-");
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
            // As the shard wrote it: whole numbers through the long path, others through the same formatting.
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
