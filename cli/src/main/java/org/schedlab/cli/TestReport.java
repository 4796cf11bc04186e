package org.schedlab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.schedlab.comparator.Thresholds;
import org.schedlab.core.Numbers;
import org.schedlab.core.io.JsonWriter;

/** The formats {@code schedlab test} reports in. Only the JUnit XML carries wall times. */
final class TestReport {

    private TestReport() {
    }

    static void text(PrintWriter out, List<TestCommand.TestResult> results) {
        int pw = results.stream().mapToInt(r -> r.problem().length()).max().orElse(7);
        int qw = results.stream().mapToInt(r -> r.policy().length()).max().orElse(6);
        for (TestCommand.TestResult r : results) {
            String line = String.format(Locale.ROOT, "%-5s  %-" + pw + "s  %-" + qw + "s  mean %7s%%  max %7s%%  delay %9s us  %s",
                    r.verdict(), r.problem(), r.policy(), TestCommand.TestResult.fmt(r.mean()),
                    TestCommand.TestResult.fmt(r.max()), TestCommand.TestResult.fmt(r.delay()), r.file());
            if (r.expected().isPresent()) {
                line += r.asExpected() ? "  (expected " + r.expected().get() + ")" : "  UNEXPECTED: expected " + r.expected().get();
            }
            out.println(line.stripTrailing());
            r.error().ifPresent(e -> out.println("       " + e));
        }
        long pass = results.stream().filter(r -> r.verdict().equals("PASS")).count();
        long fail = results.stream().filter(r -> r.verdict().equals("FAIL")).count();
        long error = results.size() - pass - fail;
        long unexpected = results.stream().filter(r -> !r.asExpected()).count();
        out.println();
        out.println("schedlab test: " + results.size() + " checks: " + pass + " PASS, " + fail + " FAIL, " + error
                + " ERROR; " + (unexpected == 0 ? "all as expected" : unexpected + " not as expected"));
    }

    static void json(JsonWriter w, List<TestCommand.TestResult> results) {
        w.beginObject().name("results").beginArray();
        for (TestCommand.TestResult r : results) {
            w.beginObject().field("file", r.file()).field("problem", r.problem()).field("policy", r.policy())
                    .field("verdict", r.verdict()).fieldOrNull("mean_error_pct", r.mean())
                    .fieldOrNull("max_error_pct", r.max()).fieldOrNull("mean_dispatch_delay_us", r.delay());
            w.endObject();
        }
        w.endArray().endObject();
        w.finish();
    }

    /** A table per policy and problem, for docs/validation.md. */
    static void markdown(PrintWriter out, List<TestCommand.TestResult> results, Thresholds t) {
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
                        .map(TestCommand.TestResult::verdict).findFirst().orElse("")).append(" |");
            }
            out.println(row);
        }
        out.println();
        out.println("| problem | policy | verdict | mean error % | max error % | mean dispatch delay us |");
        out.println("|---|---|---|---:|---:|---:|");
        for (TestCommand.TestResult r : results) {
            out.println("| " + r.problem() + " | " + r.policy() + " | " + r.verdict() + " | "
                    + TestCommand.TestResult.fmt(r.mean()) + " | " + TestCommand.TestResult.fmt(r.max()) + " | "
                    + (Double.isNaN(r.delay()) ? "-" : Numbers.fixed(r.delay(), 0)) + " |");
        }
    }

    /** The Surefire XML layout CI servers read: one testcase per problem and policy. */
    static void junit(Writer w, List<TestCommand.TestResult> results) throws IOException {
        long failures = results.stream().filter(r -> !r.verdict().equals("ERROR") && !r.asExpected()).count();
        long errors = results.stream().filter(r -> r.verdict().equals("ERROR") && !r.asExpected()).count();
        double total = results.stream().mapToDouble(TestCommand.TestResult::wallSeconds).sum();
        w.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        w.write("<testsuite name=\"schedlab\" tests=\"" + results.size() + "\" failures=\"" + failures + "\" errors=\""
                + errors + "\" skipped=\"0\" time=\"" + Numbers.fixed(total, 3) + "\">\n");
        for (TestCommand.TestResult r : results) {
            w.write("  <testcase classname=\"" + xml(r.file()) + "\" name=\"" + xml(r.problem() + " [" + r.policy() + "]")
                    + "\" time=\"" + Numbers.fixed(r.wallSeconds(), 3) + "\"");
            if (r.asExpected()) {
                w.write("/>\n");
                continue;
            }
            w.write(">\n");
            String figures = "mean error " + TestCommand.TestResult.fmt(r.mean()) + "%, max error "
                    + TestCommand.TestResult.fmt(r.max()) + "%";
            if (r.error().isPresent()) {
                w.write("    <error type=\"run\" message=\"" + xml(r.error().get()) + "\"/>\n");
            } else {
                String msg = "verdict " + r.verdict() + ", expected " + r.expected().map(Enum::name).orElse("PASS") + ": " + figures;
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
