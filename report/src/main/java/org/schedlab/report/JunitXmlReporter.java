package org.schedlab.report;

import static org.schedlab.report.Figures.orDash;

import java.io.PrintWriter;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
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

    @Override
    public void tests(PrintWriter w, List<TestResult> results, Thresholds thresholds) {
        long failures = results.stream().filter(r -> r.verdict() != Verdict.ERROR && !r.asExpected()).count();
        long errors = results.stream().filter(r -> r.verdict() == Verdict.ERROR && !r.asExpected()).count();
        double total = results.stream().mapToDouble(TestResult::wallSeconds).sum();
        w.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        w.write("<testsuite name=\"schedlab\" tests=\"" + results.size() + "\" failures=\"" + failures + "\" errors=\""
                + errors + "\" skipped=\"0\" time=\"" + Numbers.fixed(total, 3) + "\">\n");
        for (TestResult r : results) {
            w.write("  <testcase classname=\"" + xml(r.file()) + "\" name=\"" + xml(r.problem() + " [" + r.policy() + "]")
                    + "\" time=\"" + Numbers.fixed(r.wallSeconds(), 3) + "\"");
            if (r.asExpected()) {
                w.write("/>\n");
                continue;
            }
            w.write(">\n");
            String figures = "mean error " + orDash(r.trial().meanErrorPct()) + "%, max error "
                    + orDash(r.trial().maxErrorPct()) + "%";
            if (r.trial().error().isPresent()) {
                w.write("    <error type=\"run\" message=\"" + xml(r.trial().error().get()) + "\"/>\n");
            } else {
                String msg = "verdict " + r.verdict() + ", expected " + r.expectation() + ": " + figures;
                w.write("    <failure type=\"verdict\" message=\"" + xml(msg) + "\"/>\n");
            }
            w.write("  </testcase>\n");
        }
        w.write("</testsuite>\n");
    }

    private static String xml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
