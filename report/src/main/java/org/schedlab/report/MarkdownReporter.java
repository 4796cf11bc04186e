package org.schedlab.report;

import static org.schedlab.report.Figures.orDash;

import java.io.PrintWriter;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.schedlab.cell.TestResult;
import org.schedlab.comparator.Thresholds;
import org.schedlab.core.Numbers;

/** Markdown tables for the docs (docs/validation.md is made with it). */
final class MarkdownReporter implements Reporter {

    @Override
    public ReportFormat format() {
        return ReportFormat.MARKDOWN;
    }

    @Override
    public Set<ReportKind> kinds() {
        return EnumSet.of(ReportKind.TESTS);
    }

    /** A verdict table of policies by problems, then one row of figures per check. */
    @Override
    public void tests(PrintWriter out, List<TestResult> results, Thresholds t) {
        Set<String> problems = new LinkedHashSet<>();
        Set<String> policies = new LinkedHashSet<>();
        results.forEach(r -> {
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
                row.append(' ').append(results.stream().filter(r -> r.policy().equals(pol) && r.problem().equals(pr))
                        .map(r -> r.verdict().name()).findFirst().orElse("")).append(" |");
            }
            out.println(row);
        }
        out.println();
        out.println("| problem | policy | verdict | mean error % | max error % | mean dispatch delay us |");
        out.println("|---|---|---|---:|---:|---:|");
        for (TestResult r : results) {
            double delay = r.trial().meanDispatchDelayUs();
            out.println("| " + r.problem() + " | " + r.policy() + " | " + r.verdict() + " | "
                    + orDash(r.trial().meanErrorPct()) + " | " + orDash(r.trial().maxErrorPct()) + " | "
                    + (Double.isNaN(delay) ? "-" : Numbers.fixed(delay, 0)) + " |");
        }
    }
}
