package org.schedlab.report;

import java.io.PrintWriter;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.schedlab.cell.AggregateResult;
import org.schedlab.cell.SeedSpread;
import org.schedlab.cell.TestResult;
import org.schedlab.comparator.Thresholds;
import org.schedlab.comparator.Verdict;
import org.schedlab.core.Numbers;

/**
 * The Surefire XML layout CI servers read: one testcase per check, a failure for a verdict not as
 * expected, an error for a run that failed unexpectedly. The only format that carries wall times.
 */
final class JunitXmlReporter implements Reporter {

    @Override
    public ReportFormat format() {
        return ReportFormat.JUNIT_XML;
    }

    @Override
    public Set<ReportKind> kinds() {
        return EnumSet.of(ReportKind.TESTS);
    }

    /**
     * One testcase per check (problem and policy). With several seeds its verdict is the worst seed's, and a
     * {@code system-out} gives the seeds and the spread of the errors, so a CI page shows them.
     */
    @Override
    public void tests(PrintWriter w, List<AggregateResult> results, Thresholds thresholds) {
        boolean spread = Figures.severalSeeds(results);
        long failures = results.stream().filter(r -> r.verdict() != Verdict.ERROR && !r.asExpected()).count();
        long errors = results.stream().filter(r -> r.verdict() == Verdict.ERROR && !r.asExpected()).count();
        double total = results.stream().mapToDouble(AggregateResult::wallSeconds).sum();
        w.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        w.write("<testsuite name=\"schedlab\" tests=\"" + results.size() + "\" failures=\"" + failures + "\" errors=\""
                + errors + "\" skipped=\"0\" time=\"" + Numbers.fixed(total, 3) + "\">\n");
        for (AggregateResult r : results) {
            w.write("  <testcase classname=\"" + xml(r.file()) + "\" name=\"" + xml(r.problem() + " [" + r.policy() + "]")
                    + "\" time=\"" + Numbers.fixed(r.wallSeconds(), 3) + "\"");
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
                    TestResult first = r.errors().get(0);
                    w.write("    <error type=\"run\" message=\"" + xml((spread ? "seed " + first.seed() + ": " : "")
                            + first.trial().error().orElseThrow() + note) + "\"/>\n");
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

    private static String worst(Optional<SeedSpread> s) {
        return s.map(x -> Numbers.fixed(x.max(), 2)).orElse("-");
    }

    private static String xml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
