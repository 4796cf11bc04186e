package org.schedlab.report;

import static org.schedlab.report.Figures.orDash;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.schedlab.cell.AggregateResult;
import org.schedlab.cell.SeedSpread;
import org.schedlab.cell.TestResult;
import org.schedlab.comparator.Thresholds;
import org.schedlab.core.Numbers;

/** Markdown tables for the docs (docs/validation.md and docs/library.md's results are made with it). */
final class MarkdownReporter implements Reporter {

    /** The line that opens the per-check table; scripts that want only the verdict table cut here. */
    static final String PER_CHECK = "Per check:";

    @Override
    public ReportFormat format() {
        return ReportFormat.MARKDOWN;
    }

    @Override
    public Set<ReportKind> kinds() {
        return EnumSet.of(ReportKind.TESTS);
    }

    /**
     * A verdict table, one row per problem and one column per policy, each cell the verdict and the max error
     * (with the spread when there are several seeds); the notes (seed-dependent verdicts, failed runs); then one
     * row of figures per check.
     */
    @Override
    public void tests(PrintWriter out, List<AggregateResult> results, Thresholds t) {
        boolean spread = Figures.severalSeeds(results);
        verdictGrid(out, t, spread, Figures.seeds(results), results.stream()
                .map(r -> new GridCell(r.file(), r.problem(), r.policy(), cell(r, spread))).toList());
        List<String> notes = new ArrayList<>();
        for (AggregateResult r : results) {
            String who = r.problem() + " under " + r.policy();
            r.seedNote().ifPresent(n -> notes.add("- " + who + ": " + n));
            for (TestResult e : r.errors()) {
                notes.add("- " + who + (spread ? ", seed " + e.seed() : "") + ": run failed: "
                        + e.trial().error().orElseThrow());
            }
        }
        if (!notes.isEmpty()) {
            out.println();
            notes.forEach(out::println);
        }
        settlingTable(out, t, spread, results);
        out.println();
        perCheckHeader(out, spread);
        for (AggregateResult r : results) {
            String delay = r.dispatchDelay().map(d -> Numbers.fixed(d.median(), 0)).orElse("-");
            String head = "| " + r.problem() + " | " + r.policy() + " | " + r.verdict() + " | " + r.expectation()
                    + (r.asExpected() ? "" : " (not met)") + " | ";
            if (spread) {
                out.println(head + Figures.seedList(r.seeds()) + " | " + triple(r.meanError()) + " | "
                        + triple(r.maxError()) + " | " + delay + " |");
            } else {
                TestResult only = r.runs().get(0);
                out.println(head + orDash(only.trial().meanErrorPct()) + " | " + orDash(only.trial().maxErrorPct())
                        + " | " + delay + " |");
            }
        }
        out.println();
        out.println(Figures.summary(results));
    }


    /**
     * For the checks of problems that change while they run: one row per change, the settling time after it and the
     * worst error meanwhile (with the spread over the seeds when there are several). Nothing for static problems.
     */
    static void settlingTable(PrintWriter out, Thresholds t, boolean spread, List<AggregateResult> results) {
        List<String> rows = new ArrayList<>();
        for (AggregateResult r : results) {
            for (AggregateResult.ChangeSettling c : r.settling()) {
                String settle = spread ? Numbers.fixed(c.settleS().median(), 0) + " / " + Numbers.fixed(c.settleS().max(), 0)
                        : Numbers.fixed(c.settleS().max(), 0);
                String unsettled = c.unsettled().isEmpty() ? "" : " (not settled on seed"
                        + (c.unsettled().size() > 1 ? "s " : " ") + Figures.seedList(c.unsettled()) + ")";
                rows.add("| " + r.problem() + " | " + r.policy() + " | " + Numbers.format(c.atS()) + " | " + settle
                        + unsettled + " | " + Numbers.fixed(c.worstError().max(), 2) + " |");
            }
        }
        if (rows.isEmpty()) {
            return;
        }
        out.println();
        out.println("Settling after each change of the problems that change while they run. Such a problem passes "
                + "when its first phase passes as a static problem does (after the warm-up) and every later phase "
                + "settles within " + Numbers.format(t.settleS()) + " s, so its max error above includes the transients "
                + "after its changes. Here: seconds from the change until every interval's error is within "
                + Numbers.format(t.maxErrorPct()) + "% for good" + (spread
                ? ", median / max over the seeds, and the worst interval error after the change, the largest over the seeds:"
                : ", and the worst interval error after the change:"));
        out.println();
        out.println("| problem | policy | change at s | settle s" + (spread ? " (median / max)" : "") + " | worst error % |");
        out.println("|---|---|---:|---:|---:|");
        rows.forEach(out::println);
    }

    /** A check as the verdict grid shows it: its problem's row (by file and name), its policy's column, its cell. */
    record GridCell(String file, String problem, String policy, String cell) {
    }

    /** The caption and the grid of verdicts, one row per problem (in file order) and one column per policy. */
    static void verdictGrid(PrintWriter out, Thresholds t, boolean spread, List<Long> seeds, List<GridCell> cells) {
        Map<String, String> problems = new LinkedHashMap<>();
        Set<String> policies = new LinkedHashSet<>();
        cells.forEach(c -> {
            problems.putIfAbsent(c.file() + "\u0000" + c.problem(), c.problem());
            policies.add(c.policy());
        });
        out.println("Verdicts (PASS when every counted interval's error is at most " + Numbers.format(t.maxErrorPct())
                + "%" + (t.meanErrorPct().isPresent() ? " and the mean at most " + Numbers.format(t.meanErrorPct().getAsDouble()) + "%" : "")
                + (spread ? "; each check judged by the worst of seeds " + Figures.seedList(seeds)
                + ". A cell is the verdict, the worst seed's max error in percent, and [min, median, max] of the max "
                + "error over the seeds" : ". A cell is the verdict and the max error in percent")
                + "; * marks a verdict that depends on the seed, (expected X) one that is not as expected):");
        out.println();
        out.println("| problem | " + String.join(" | ", policies) + " |");
        out.println("|---|" + "---|".repeat(policies.size()));
        for (Map.Entry<String, String> pr : problems.entrySet()) {
            StringBuilder row = new StringBuilder("| " + pr.getValue() + " |");
            for (String pol : policies) {
                row.append(' ').append(cells.stream()
                        .filter(c -> c.policy().equals(pol) && (c.file() + "\u0000" + c.problem()).equals(pr.getKey()))
                        .map(GridCell::cell).findFirst().orElse("")).append(" |");
            }
            out.println(row);
        }
    }

    /** The caption and header of the figures table, one row per check. */
    static void perCheckHeader(PrintWriter out, boolean spread) {
        out.println(PER_CHECK);
        out.println();
        if (spread) {
            out.println("| problem | policy | verdict | expected | seeds | mean error % (min / median / max) "
                    + "| max error % (min / median / max) | mean dispatch delay us (median) |");
            out.println("|---|---|---|---|---|---:|---:|---:|");
        } else {
            out.println("| problem | policy | verdict | expected | mean error % | max error % | mean dispatch delay us |");
            out.println("|---|---|---|---|---:|---:|---:|");
        }
    }
    private static String cell(AggregateResult r, boolean spread) {
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
}
