package org.schedlab.report.html;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.schedlab.cell.RunMetrics;
import org.schedlab.cell.TestResult;
import org.schedlab.comparator.Comparison;
import org.schedlab.comparator.VcpuComparison;
import org.schedlab.core.InputException;
import org.schedlab.core.Phase;
import org.schedlab.core.Problem;
import org.schedlab.core.Scenario;
import org.schedlab.core.io.Utf8Text;
import org.schedlab.grammar.ScenarioWriter;
import org.schedlab.report.chart.RunCharts;
import org.schedlab.report.chart.RunFigures;
import org.schedlab.report.chart.SeriesData;
import org.schedlab.runner.result.RunSummary;
import org.schedlab.solver.PhaseSolution;
import org.schedlab.solver.Solution;
import org.schedlab.solver.Solver;
import org.schedlab.solver.VcpuAnswer;

/** One problem's page of the HTML report: scenario text, solver answer, and per case charts and tables. */
final class ProblemPage {

    private ProblemPage() {
    }

    static String render(Path dir, String name, List<Integer> cases, List<TestResult> results,
                         List<Optional<SeriesData>> series) throws IOException {
        TestResult first = results.get(cases.get(0));
        Problem problem = first.testCase().problem();
        Path file = first.testCase().file();
        StringBuilder b = new StringBuilder();
        b.append("<p><a href=\"index.html\">&larr; all checks</a></p>\n<h1>").append(Html.esc(problem.name()))
                .append("</h1>\n<p class=\"meta\">").append(Html.esc(first.file())).append("</p>\n");
        b.append("<h2>Checks</h2>\n<ul>\n");
        for (int i : cases) {
            TestResult r = results.get(i);
            b.append("<li><a href=\"#c").append(i).append("\">").append(Html.esc(caseLabel(r))).append("</a>: <span class=\"")
                    .append(r.verdict().name()).append("\">").append(r.verdict()).append("</span></li>\n");
        }
        b.append("</ul>\n<h2>Scenario</h2>\n<pre>").append(Html.esc(scenarioText(file, first.testCase().scenario()))).append("</pre>\n");
        if (problem.dynamic()) {
            // A problem that changes while it runs: one answer per phase.
            for (PhaseSolution phase : Solver.solvePhases(problem).phases()) {
                Phase ph = phase.phase();
                b.append("<h2>Phase ").append(ph.index() + 1).append(": from ").append(Html.num(ph.startS())).append(" s")
                        .append(ph.endS().isPresent() ? " to " + Html.num(ph.endS().getAsDouble()) + " s" : "")
                        .append("</h2>\n");
                answerTable(b, phase.solution());
            }
        } else {
            answerTable(b, Solver.solve(problem));
        }
        for (int i : cases) {
            caseSection(b, dir, i, results.get(i), series.get(i));
        }
        return Html.page(problem.name() + " - schedlab", b.toString());
    }

    private static String caseLabel(TestResult r) {
        return "under " + r.policy() + (r.testCase().seed().isPresent() ? ", seed " + r.testCase().seed().getAsLong() : "");
    }

    /**
     * The scenario file's text as the user wrote it, read again within a scenario's limits; a file that is not there
     * to read again as it was (a pipe, read once already) shows its canonical text instead.
     */
    private static String scenarioText(Path file, Scenario scenario) {
        if (Files.isRegularFile(file)) {
            try {
                return Utf8Text.read(file, Utf8Text.SCENARIO);
            } catch (IOException | InputException e) {
                // changed since it was loaded: the canonical text below is what was tested
            }
        }
        return ScenarioWriter.write(scenario);
    }

    private static void answerTable(StringBuilder b, Solution solution) {
        b.append("<h2>Solver's answer</h2>\n<table class=\"sortable\">\n<thead><tr><th>user</th><th>vcpu</th>"
                + "<th>type</th><th>pool</th><th>demand</th><th>entitlement</th><th>limit</th><th>correct</th></tr>"
                + "</thead>\n<tbody>\n");
        for (VcpuAnswer v : solution.vcpus()) {
            b.append("<tr><td>").append(Html.esc(v.user())).append("</td><td>").append(Html.esc(v.vcpu()))
                    .append(v.stopped() ? " (stopped)" : "").append("</td><td>").append(v.type()).append("</td><td>")
                    .append(v.pool()).append("</td><td class=\"n\">")
                    .append(v.demand().isPresent() ? Html.num(v.demand().getAsDouble()) : "*")
                    .append("</td><td class=\"n\">").append(Html.num(v.entitlement())).append("</td><td class=\"n\">")
                    .append(v.limit().isPresent() ? Html.num(v.limit().getAsDouble()) : "")
                    .append("</td><td class=\"n\"><b>").append(Html.num(v.correct())).append("</b></td></tr>\n");
        }
        b.append("</tbody></table>\n");
    }

    private static void caseSection(StringBuilder b, Path dir, int i, TestResult r, Optional<SeriesData> series)
            throws IOException {
        b.append("<div class=\"case\" id=\"c").append(i).append("\">\n<h2>").append(Html.esc(caseLabel(r)))
                .append(": <span class=\"").append(r.verdict().name()).append("\">").append(r.verdict())
                .append("</span></h2>\n");
        if (r.trial().error().isPresent()) {
            b.append("<p class=\"miss\">The run failed: ").append(Html.esc(r.trial().error().get())).append("</p>\n</div>\n");
            return;
        }
        Comparison c = r.trial().comparison().orElseThrow();
        RunMetrics m = r.trial().metrics().orElseThrow();
        RunFigures figures = RunFigures.of(r.problem(), r.policy(), c, Optional.of(m));
        b.append("<p class=\"meta\">").append(Html.esc(figures.figures())).append("; expected ").append(r.expectation())
                .append(r.asExpected() ? "" : " <span class=\"miss\">(not met)</span>").append("</p>\n<div class=\"charts\">\n");
        if (series.isPresent()) {
            for (RunCharts.Named n : RunCharts.figures(series.get(), c, figures)) {
                b.append(HtmlReport.img(dir, "img/c" + i + "." + n.kind() + ".png", n.figure(), n.kind() + " chart"));
            }
        }
        b.append("</div>\n");
        vcpuTable(b, c, m.summary());
        b.append("</div>\n");
    }

    private static void vcpuTable(StringBuilder b, Comparison c, RunSummary summary) {
        b.append("<table class=\"sortable\">\n<thead><tr><th>virtual CPU</th><th>correct %</th><th>observed %</th>"
                + "<th>observed - correct</th><th>delay mean us</th><th>delay p99 us</th></tr></thead>\n<tbody>\n");
        for (int v = 0; v < c.vcpus().size(); v++) {
            VcpuComparison x = c.vcpus().get(v);
            double diff = x.meanObserved() - x.correct();
            RunSummary.DelayStats d = v < summary.vcpuDelays().size() ? summary.vcpuDelays().get(v) : null;
            boolean off = Math.abs(diff) > Math.max(0.5, 0.05 * Math.abs(x.correct()));
            b.append("<tr><td>").append(Html.esc(x.id())).append("</td><td class=\"n\">").append(Html.num(x.correct()))
                    .append("</td><td class=\"n\">").append(Html.num(x.meanObserved())).append("</td><td class=\"n")
                    .append(off ? " over" : "").append("\">").append(Html.num(diff)).append("</td><td class=\"n\">")
                    .append(d == null ? "–" : Html.whole(d.meanUs())).append("</td><td class=\"n\">")
                    .append(d == null ? "–" : String.valueOf(d.p99Us())).append("</td></tr>\n");
        }
        b.append("</tbody></table>\n");
    }
}
