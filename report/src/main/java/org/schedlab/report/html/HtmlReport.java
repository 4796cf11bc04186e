package org.schedlab.report.html;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.function.Predicate;
import org.schedlab.cell.RunMetrics;
import org.schedlab.cell.TestResult;
import org.schedlab.comparator.Thresholds;
import org.schedlab.comparator.Verdict;
import org.schedlab.core.io.OutputGuard;
import org.schedlab.core.io.OutputTransaction;
import org.schedlab.core.io.WriteException;
import org.schedlab.report.chart.ChartFormat;
import org.schedlab.report.chart.Charts;
import org.schedlab.report.chart.Figure;
import org.schedlab.report.chart.SeriesData;

/**
 * {@code schedlab test --html DIR}: a static report that opens from the file system with nothing
 * fetched. {@code DIR/index.html} has the summary table (sortable by clicking a header; inline script)
 * and the cross-problem charts; {@code DIR/pNNN.html} one page per problem of a file, with the
 * scenario's text, the solver's answer and, per policy (and seed), the charts and the per-virtual-CPU
 * table. Charts are PNG files under {@code DIR/img/}, referenced relatively.
 *
 * <p>The report is one output of an {@link OutputTransaction}: built in a hidden staging directory beside
 * {@code DIR} and moved into place, replacing the previous report as a whole, when the transaction commits
 * (with the command's other outputs). It carries {@link OutputGuard#REPORT_MARKER}, and only a directory that
 * carries it (or is missing or empty) is ever replaced.
 */
public final class HtmlReport {

    private HtmlReport() {
    }

    /**
     * Writes the report of {@code results}; {@code series.get(i)} is result i's recorded series (empty when
     * its run failed), for its utilization chart.
     */
    public static void write(Path dir, List<TestResult> results, List<Optional<SeriesData>> series,
                             Thresholds thresholds) throws IOException {
        write(dir, results, series, thresholds, 1);
    }

    /**
     * {@link #write(Path, List, List, Thresholds)} drawing {@code jobs} problem pages at a time: drawing is
     * most of the report's cost, and pages share nothing but the directory. The files are the same for any
     * {@code jobs}.
     */
    public static void write(Path dir, List<TestResult> results, List<Optional<SeriesData>> series,
                             Thresholds thresholds, int jobs) throws IOException {
        try (OutputTransaction tx = OutputTransaction.begin()) {
            write(tx, dir, results, series, thresholds, jobs);
            tx.commit();
        }
    }

    /**
     * Builds the report as an output of {@code tx}: it appears in {@code dir} when {@code tx} commits.
     *
     * @throws org.schedlab.core.io.RefusedOutputException when {@code dir} is not a report schedlab wrote, or holds
     *                                                       a scenario of {@code results}
     * @throws org.schedlab.core.io.WriteException         when a file cannot be written (named as {@code dir})
     */
    public static void write(OutputTransaction tx, Path dir, List<TestResult> results, List<Optional<SeriesData>> series,
                             Thresholds thresholds, int jobs) throws IOException {
        if (jobs < 1) {
            throw new IllegalArgumentException("jobs must be at least 1, got " + jobs);
        }
        if (series.size() != results.size()) {
            throw new IllegalArgumentException(results.size() + " results but " + series.size() + " series");
        }
        OutputGuard.checkReportDirectory(dir, results.stream().map(r -> r.testCase().file()).distinct().toList());
        Path staged = tx.directory(dir);
        try {
            Files.createDirectories(staged.resolve("img"));
            marker(staged);
            build(staged, results, series, thresholds, jobs);
        } catch (IOException e) {
            throw WriteException.of(dir.toAbsolutePath().normalize(), e);
        }
    }

    /** The file that says the directory is schedlab's report, so that the next report may replace it. */
    static void marker(Path staged) throws IOException {
        Files.writeString(staged.resolve(OutputGuard.REPORT_MARKER), OutputGuard.REPORT_MARKER_TEXT, StandardCharsets.UTF_8);
    }

    private static void build(Path dir, List<TestResult> results, List<Optional<SeriesData>> series,
                              Thresholds thresholds, int jobs) throws IOException {
        Map<String, List<Integer>> byProblem = new LinkedHashMap<>();
        for (int i = 0; i < results.size(); i++) {
            TestResult r = results.get(i);
            byProblem.computeIfAbsent(r.testCase().file() + "\u0000" + r.problem(), k -> new ArrayList<>()).add(i);
        }
        List<String> pageOf = new ArrayList<>(results.size());
        for (int i = 0; i < results.size(); i++) {
            pageOf.add(null);
        }
        int page = 0;
        ExecutorService pool = Executors.newFixedThreadPool(jobs);
        try {
            List<Future<?>> pages = new ArrayList<>();
            for (List<Integer> cases : byProblem.values()) {
                page++;
                String name = String.format(Locale.ROOT, "p%03d.html", page);
                for (int i : cases) {
                    pageOf.set(i, name);
                }
                pages.add(pool.submit(() -> {
                    Files.writeString(dir.resolve(name), ProblemPage.render(dir, name, cases, results, series),
                            StandardCharsets.UTF_8);
                    return null;
                }));
            }
            for (Future<?> f : pages) {
                f.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while drawing the report", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
        Files.writeString(dir.resolve("index.html"), index(dir, results, pageOf, thresholds), StandardCharsets.UTF_8);
    }

    private static String index(Path dir, List<TestResult> results, List<String> pageOf, Thresholds thresholds)
            throws IOException {
        long passed = results.stream().filter(r -> r.verdict() == Verdict.PASS).count();
        long asExpected = results.stream().filter(TestResult::asExpected).count();
        boolean seeds = results.stream().anyMatch(r -> r.testCase().seed().isPresent());
        StringBuilder b = new StringBuilder();
        b.append("<h1>schedlab test report</h1>\n<p class=\"meta\">").append(results.size()).append(" checks: ")
                .append(passed).append(" PASS, ").append(results.size() - passed).append(" not; ").append(asExpected)
                .append(" as expected. PASS needs every counted interval's error at most ")
                .append(Html.num(thresholds.maxErrorPct())).append('%');
        thresholds.meanErrorPct().ifPresent(m -> b.append(" and the mean at most ").append(Html.num(m)).append('%'));
        b.append(". Click a column header to sort.</p>\n");
        byPolicy(b, results);
        b.append("<div class=\"scroll\"><table class=\"sortable\" id=\"summary\">\n<thead><tr><th>file</th><th>problem</th><th>policy</th>");
        if (seeds) {
            b.append("<th>seed</th>");
        }
        b.append("<th>verdict</th><th>expected</th><th>mean error %</th><th>max error %</th>"
                + "<th>dispatch delay us</th><th>ETR n/m/sd</th></tr></thead>\n<tbody>\n");
        for (int i = 0; i < results.size(); i++) {
            TestResult r = results.get(i);
            String verdict = r.verdict().name();
            double max = r.trial().maxErrorPct();
            double mean = r.trial().meanErrorPct();
            b.append("<tr><td>").append(Html.esc(r.testCase().file().getFileName().toString())).append("</td><td><a href=\"")
                    .append(pageOf.get(i)).append("#c").append(i).append("\">").append(Html.esc(r.problem()))
                    .append("</a></td><td>").append(Html.esc(r.policy())).append("</td>");
            if (seeds) {
                b.append("<td class=\"n\">").append(r.testCase().seed().isPresent()
                        ? String.valueOf(r.testCase().seed().getAsLong()) : "").append("</td>");
            }
            b.append("<td class=\"").append(verdict).append("\">").append(verdict).append("</td><td")
                    .append(r.asExpected() ? "" : " class=\"miss\"").append(">").append(r.expectation())
                    .append(r.asExpected() ? "" : " (not met)").append("</td>")
                    .append(errorCell(mean, thresholds.meanErrorPct().orElse(Double.POSITIVE_INFINITY)))
                    .append(errorCell(max, thresholds.maxErrorPct()))
                    .append("<td class=\"n\" data-v=\"").append(Html.sortKey(r.trial().meanDispatchDelayUs()))
                    .append("\">").append(Html.whole(r.trial().meanDispatchDelayUs())).append("</td><td class=\"n\">")
                    .append(etr(r.trial().metrics())).append("</td></tr>\n");
        }
        b.append("</tbody></table></div>\n");
        List<List<Charts.DelayBar>> groups = SummaryCharts.byScenarioGroups(SummaryCharts.delayBars(results),
                SummaryCharts.SCENARIOS_PER_DELAY_CHART);
        if (!groups.isEmpty()) {
            b.append("<h2>Dispatch delay</h2>\n<div class=\"charts\">\n");
            for (int g = 0; g < groups.size(); g++) {
                b.append(img(dir, "img/dispatch-delay-" + (g + 1) + ".png", Charts.dispatchDelay(groups.get(g)),
                        "mean and p99 dispatch delay per scenario and policy"));
            }
            b.append("</div>\n");
        }
        List<Charts.SeedPoint> spread = SummaryCharts.seedPoints(results);
        if (!spread.isEmpty()) {
            b.append("<h2>Error per seed</h2>\n").append(img(dir, "img/seed-spread.png",
                    Charts.seedSpread(spread, thresholds.maxErrorPct()), "error per seed"));
        }
        return Html.page("schedlab test report", b.toString());
    }

    /** Verdict counts per policy: the first thing a reader of a library-wide run wants. */
    private static void byPolicy(StringBuilder b, List<TestResult> results) {
        byPolicy(b, results, TestResult::policy, TestResult::verdict, TestResult::asExpected);
    }

    /** The verdict-count table for any kind of result row (a run's, or a merge's read back from JSON). */
    static <T> void byPolicy(StringBuilder b, List<T> rows, Function<T, String> policyOf, Function<T, Verdict> verdictOf,
                             Predicate<T> asExpected) {
        // Per policy: a count per verdict, then the count not as expected.
        int missed = Verdict.values().length;
        Map<String, long[]> counts = new LinkedHashMap<>();
        for (T r : rows) {
            long[] c = counts.computeIfAbsent(policyOf.apply(r), k -> new long[missed + 1]);
            c[verdictOf.apply(r).ordinal()]++;
            c[missed] += asExpected.test(r) ? 0 : 1;
        }
        b.append("<table id=\"policies\"><thead><tr><th>policy</th>");
        for (Verdict v : Verdict.values()) {
            b.append("<th>").append(v).append("</th>");
        }
        b.append("<th>not as expected</th></tr></thead>\n<tbody>\n");
        counts.forEach((policy, c) -> {
            b.append("<tr><td>").append(Html.esc(policy)).append("</td>");
            for (Verdict v : Verdict.values()) {
                long n = c[v.ordinal()];
                b.append("<td class=\"n").append(n > 0 ? " " + v.name() : "").append("\">").append(n).append("</td>");
            }
            b.append("<td class=\"n").append(c[missed] > 0 ? " miss" : "").append("\">").append(c[missed])
                    .append("</td></tr>\n");
        });
        b.append("</tbody></table>\n");
    }

    static String errorCell(double value, double threshold) {
        String cls = !Double.isFinite(value) ? "" : value > threshold ? " over" : " ok";
        return "<td class=\"n" + cls + "\" data-v=\"" + Html.sortKey(value) + "\">" + Html.num(value) + "</td>";
    }

    static String etr(Optional<RunMetrics> metrics) {
        return metrics.flatMap(RunMetrics::etr).map(e -> e.n() + "/" + Html.num(e.mean()) + "/" + Html.num(e.sd()))
                .orElse("–");
    }

    /** Renders the figure to {@code dir/file} and returns the tag showing it. */
    static String img(Path dir, String file, Figure figure, String alt) throws IOException {
        Files.write(dir.resolve(file), ChartFormat.PNG.render(figure));
        return "<img src=\"" + file + "\" alt=\"" + Html.esc(alt) + "\" width=\"" + figure.width() + "\">\n";
    }
}
