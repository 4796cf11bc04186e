package org.schedlab.report.html;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.schedlab.cell.SeedSpread;
import org.schedlab.comparator.Thresholds;
import org.schedlab.comparator.Verdict;
import org.schedlab.core.io.OutputGuard;
import org.schedlab.core.io.OutputTransaction;
import org.schedlab.core.io.WriteException;
import org.schedlab.report.TestResultsJson;

/**
 * The HTML report of {@code schedlab merge --html DIR}: the summary of the merged shards, with the same look
 * and the same sortable table as {@link HtmlReport}'s index. The shards' JSON carries figures, not series, so
 * there are no charts and no problem pages; run {@code schedlab test --html} on one machine for those.
 */
public final class MergedHtml {

    private MergedHtml() {
    }

    /** Writes {@code dir/index.html}, replacing the directory as a whole (nothing half-written is left). */
    public static void write(Path dir, TestResultsJson.Merged merged) throws IOException {
        try (OutputTransaction tx = OutputTransaction.begin()) {
            write(tx, dir, merged, List.of());
            tx.commit();
        }
    }

    /**
     * Builds the report as an output of {@code tx}; {@code inputs} (the shards) must not lie in {@code dir}.
     *
     * @throws org.schedlab.core.io.RefusedOutputException when {@code dir} is not a report schedlab wrote, or holds
     *                                                       an input
     */
    public static void write(OutputTransaction tx, Path dir, TestResultsJson.Merged merged, Collection<Path> inputs)
            throws IOException {
        OutputGuard.checkReportDirectory(dir, inputs);
        Path staged = tx.directory(dir);
        try {
            HtmlReport.marker(staged);
            Files.writeString(staged.resolve("index.html"), index(merged), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw WriteException.of(dir.toAbsolutePath().normalize(), e);
        }
    }

    static String index(TestResultsJson.Merged merged) {
        Thresholds t = merged.thresholds();
        long passed = merged.rows().stream().filter(r -> r.verdict() == Verdict.PASS).count();
        long asExpected = merged.rows().stream().filter(TestResultsJson.Row::asExpected).count();
        StringBuilder b = new StringBuilder();
        b.append("<h1>schedlab test report</h1>\n<p class=\"meta\">Merged from shards. ").append(merged.rows().size())
                .append(" checks: ").append(passed).append(" PASS, ").append(merged.rows().size() - passed)
                .append(" not; ").append(asExpected).append(" as expected. PASS needs every counted interval's error at most ")
                .append(Html.num(t.maxErrorPct())).append('%');
        t.meanErrorPct().ifPresent(m -> b.append(" and the mean at most ").append(Html.num(m)).append('%'));
        b.append(". With several seeds a figure is the worst seed's. Click a column header to sort.</p>\n");
        HtmlReport.byPolicy(b, merged.rows(), TestResultsJson.Row::policy, TestResultsJson.Row::verdict,
                TestResultsJson.Row::asExpected);
        b.append("<div class=\"scroll\"><table class=\"sortable\" id=\"summary\">\n<thead><tr><th>file</th>"
                + "<th>problem</th><th>policy</th><th>seeds</th><th>verdict</th><th>expected</th><th>mean error %</th>"
                + "<th>max error %</th><th>dispatch delay us</th><th>note</th></tr></thead>\n<tbody>\n");
        for (TestResultsJson.Row r : merged.rows()) {
            String verdict = r.verdict().name();
            b.append("<tr><td>").append(Html.esc(r.file())).append("</td><td>").append(Html.esc(r.problem()))
                    .append("</td><td>").append(Html.esc(r.policy())).append("</td><td>")
                    .append(Html.esc(String.join(",", r.seeds().stream().map(String::valueOf).toList())))
                    .append("</td><td class=\"").append(verdict).append("\">").append(verdict).append("</td><td")
                    .append(r.asExpected() ? "" : " class=\"miss\"").append(">").append(r.expectation())
                    .append(r.asExpected() ? "" : " (not met)").append("</td>")
                    .append(HtmlReport.errorCell(worst(r.meanError()), t.meanErrorPct().orElse(Double.POSITIVE_INFINITY)))
                    .append(HtmlReport.errorCell(worst(r.maxError()), t.maxErrorPct()));
            double delay = r.dispatchDelay().map(SeedSpread::median).orElse(Double.NaN);
            b.append("<td class=\"n\" data-v=\"").append(Html.sortKey(delay)).append("\">").append(Html.whole(delay))
                    .append("</td><td>").append(Html.esc(r.error().or(r::seedNote).orElse(""))).append("</td></tr>\n");
        }
        b.append("</tbody></table></div>\n");
        return Html.page("schedlab test report", b.toString());
    }

    private static double worst(Optional<SeedSpread> s) {
        return s.map(SeedSpread::max).orElse(Double.NaN);
    }
}
