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

    /** Without the run's facts: its time is the sum of the checks' (the wall time of a run one at a time). */
    @Override
    public void tests(PrintWriter w, List<TestResult> results, Thresholds thresholds) {
        tests(w, results, thresholds, new TestRunFacts(results.stream().mapToDouble(TestResult::wallSeconds).sum(),
                results.stream().flatMap(r -> r.testCase().seed().stream().boxed()).toList()));
    }

    /**
     * A {@code classname} CI servers read as packages and a class ({@code scenarios.infinite.INF01}), the suite's
     * time as the run's wall time, its seeds and thresholds as properties, and a failure's body the per-virtual-CPU
     * table.
     */
    @Override
    public void tests(PrintWriter w, List<TestResult> results, Thresholds thresholds, TestRunFacts facts) {
        long failures = results.stream().filter(r -> r.verdict() != Verdict.ERROR && !r.asExpected()).count();
        long errors = results.stream().filter(r -> r.verdict() == Verdict.ERROR && !r.asExpected()).count();
        w.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        w.write("<testsuite name=\"schedlab\" tests=\"" + results.size() + "\" failures=\"" + failures + "\" errors=\""
                + errors + "\" skipped=\"0\" time=\"" + Numbers.fixed(facts.wallSeconds(), 3) + "\">\n");
        properties(w, thresholds, facts);
        for (TestResult r : results) {
            w.write("  <testcase classname=\"" + xml(ClassNames.of(r.file())) + "\" name=\"" + xml(r.problem() + " [" + r.policy() + "]")
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
                w.write("    <failure type=\"verdict\" message=\"" + xml(msg) + "\">" + xml(VerdictDetails.describe(r))
                        + "</failure>\n");
            }
            w.write("  </testcase>\n");
        }
        w.write("</testsuite>\n");
    }

    private static void properties(PrintWriter w, Thresholds thresholds, TestRunFacts facts) {
        w.write("  <properties>\n");
        if (!facts.seeds().isEmpty()) {
            w.write(property(facts.seeds().size() == 1 ? "seed" : "seeds",
                    String.join(",", facts.seeds().stream().map(String::valueOf).toList())));
        }
        w.write(property("max-error-pct", Numbers.format(thresholds.maxErrorPct())));
        thresholds.meanErrorPct().ifPresent(m -> w.write(property("mean-error-pct", Numbers.format(m))));
        w.write("  </properties>\n");
    }

    private static String property(String name, String value) {
        return "    <property name=\"" + xml(name) + "\" value=\"" + xml(value) + "\"/>\n";
    }

    private static String xml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
