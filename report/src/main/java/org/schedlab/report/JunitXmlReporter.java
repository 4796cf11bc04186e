package org.schedlab.report;

import java.io.PrintWriter;
import java.util.Comparator;
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

    /** Without the run's facts: its time is the sum of the checks' (the wall time of a run one at a time). */
    @Override
    public void tests(PrintWriter w, List<AggregateResult> results, Thresholds thresholds) {
        tests(w, results, thresholds, new TestRunFacts(results.stream().mapToDouble(AggregateResult::wallSeconds).sum(),
                results.stream().flatMap(r -> r.seeds().stream()).distinct().sorted().toList()));
    }

    /**
     * A {@code classname} CI servers read as packages and a class ({@code scenarios.infinite.INF01}), the suite's
     * time as the run's wall time, its seeds and thresholds as properties, a failure's body the per-virtual-CPU
     * table of the worst seed. With several seeds a check's verdict is the worst seed's, and a {@code system-out}
     * gives the seeds and the spread of the errors, so a CI page shows them.
     */
    @Override
    public void tests(PrintWriter w, List<AggregateResult> results, Thresholds thresholds, TestRunFacts facts) {
        boolean spread = Figures.severalSeeds(results);
        long failures = results.stream().filter(r -> r.verdict() != Verdict.ERROR && !r.asExpected()).count();
        long errors = results.stream().filter(r -> r.verdict() == Verdict.ERROR && !r.asExpected()).count();
        w.write(Outputs.JUNIT_PROLOGUE + " tests=\"" + results.size() + "\" failures=\"" + failures + "\" errors=\""
                + errors + "\" skipped=\"0\" time=\"" + Numbers.fixed(facts.wallSeconds(), 3) + "\">\n");
        properties(w, thresholds, facts);
        for (AggregateResult r : results) {
            w.write("  <testcase classname=\"" + xml(ClassNames.of(r.file())) + "\" name=\""
                    + xml(r.problem() + " [" + r.policy() + "]") + "\" time=\"" + Numbers.fixed(r.wallSeconds(), 3) + "\"");
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
                    w.write("    <failure type=\"verdict\" message=\"" + xml(msg) + "\">"
                            + xml(VerdictDetails.describe(worstRun(r))) + "</failure>\n");
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

    /** The seed whose run had the largest max error: the one whose table explains the verdict. */
    private static TestResult worstRun(AggregateResult r) {
        return r.runs().stream().filter(x -> x.trial().comparison().isPresent())
                .max(Comparator.comparingDouble(x -> x.trial().maxErrorPct())).orElse(r.runs().get(0));
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

    private static String worst(Optional<SeedSpread> s) {
        return s.map(x -> Numbers.fixed(x.max(), 2)).orElse("-");
    }

    private static String xml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
