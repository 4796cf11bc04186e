package org.schedlab.report;

import static org.schedlab.report.Figures.orDash;
import static org.schedlab.report.Figures.padLeft;
import static org.schedlab.report.Figures.padRight;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import org.schedlab.cell.AggregateResult;
import org.schedlab.cell.RunMetrics;
import org.schedlab.cell.TestResult;
import org.schedlab.comparator.Comparison;
import org.schedlab.comparator.IntervalError;
import org.schedlab.comparator.Thresholds;
import org.schedlab.comparator.VcpuComparison;
import org.schedlab.core.Change;
import org.schedlab.core.Numbers;
import org.schedlab.core.Phase;
import org.schedlab.core.Problem;
import org.schedlab.grammar.ScenarioWriter;
import org.schedlab.runner.RunConfig;
import org.schedlab.runner.result.RunSummary;
import org.schedlab.solver.PhaseSolution;
import org.schedlab.solver.PhasedSolution;
import org.schedlab.solver.PoolAllocation;
import org.schedlab.solver.Solution;
import org.schedlab.solver.VcpuAnswer;

/** Plain text for people: aligned columns, figures to three places (the report quotes two). */
final class TextReporter implements Reporter {

    /** Places shown in a comparison: the report quotes errors to two, a third keeps rounding visible. */
    private static final int PLACES = 3;

    @Override
    public ReportFormat format() {
        return ReportFormat.TEXT;
    }

    @Override
    public Set<ReportKind> kinds() {
        return EnumSet.of(ReportKind.SOLUTIONS, ReportKind.COMPARISON, ReportKind.RUN_SUMMARY, ReportKind.TESTS);
    }

    @Override
    public void solutions(PrintWriter out, String file, List<Solution> solutions) {
        boolean first = true;
        for (Solution s : solutions) {
            if (!first) {
                out.println();
            }
            first = false;
            Problem p = s.problem();
            out.println("problem " + p.name() + "  (" + file + ")");
            answers(out, s);
        }
    }

    /**
     * A static problem as {@link #solutions} writes it; a problem that changes while it runs as its phases,
     * each headed by its span and the changes that start it, then its answers as a static problem's.
     */
    @Override
    public void phasedSolutions(PrintWriter out, String file, List<PhasedSolution> solutions) {
        boolean first = true;
        for (PhasedSolution ps : solutions) {
            if (!first) {
                out.println();
            }
            first = false;
            out.println("problem " + ps.problem().name() + "  (" + file + ")");
            if (!ps.dynamic()) {
                answers(out, ps.phases().get(0).solution());
                continue;
            }
            int n = ps.phases().size();
            for (PhaseSolution phase : ps.phases()) {
                Phase p = phase.phase();
                out.println();
                out.print("phase " + (p.index() + 1) + " of " + n + ": " + Numbers.format(p.startS()) + " s to "
                        + (p.endS().isPresent() ? Numbers.format(p.endS().getAsDouble()) + " s" : "the end of the run"));
                out.println(p.changes().isEmpty() ? "" : ", after");
                for (Change c : p.changes()) {
                    out.println("    " + ScenarioWriter.statement(c));
                }
                answers(out, phase.solution());
            }
        }
    }

    /** The pools, then a line per virtual CPU: what a static problem's answer is. */
    private static void answers(PrintWriter out, Solution s) {
        out.printf("  %-6s %10s %10s %10s%n", "pool", "capacity", "allocated", "idle");
        for (PoolAllocation a : s.pools()) {
            out.printf("  %-6s %10s %10s %10s%n", a.type(), Numbers.fixed(a.capacity(), 3),
                    Numbers.fixed(a.allocated(), 3), Numbers.fixed(a.idle(), 3));
        }
        int width = Math.max(12, s.vcpus().stream().mapToInt(v -> v.id().length()).max().orElse(0));
        out.println();
        out.printf("  %-" + width + "s %-5s %-5s %8s %12s %10s %10s%n",
                "vcpu", "type", "pool", "demand", "entitlement", "limit", "correct");
        for (VcpuAnswer v : s.vcpus()) {
            out.printf("  %-" + width + "s %-5s %-5s %8s %12s %10s %10s%n", v.id(), v.type(), v.pool(),
                    v.stopped() ? "stopped" : demand(v.demand()),
                    Numbers.fixed(v.entitlement(), 3), v.limit().isPresent() ? Numbers.fixed(v.limit().getAsDouble(), 3) : "-",
                    Numbers.fixed(v.correct(), 3));
        }
    }

    private static String demand(OptionalDouble d) {
        return d.isPresent() ? Numbers.format(d.getAsDouble(), 3) : "*";
    }

    /**
     * One line per interval, then per virtual CPU correct against mean observed, then the figures the
     * verdict rests on, the run's metrics when there are any, and the verdict itself.
     */
    @Override
    public void comparison(PrintWriter out, String file, String problem, Optional<String> observed, Comparison c,
                           Optional<RunMetrics> metrics) {
        out.print(comparison(file, problem, c, metrics));
    }

    static String comparison(String file, String problem, Comparison c, Optional<RunMetrics> metrics) {
        StringBuilder sb = new StringBuilder();
        String unit = c.relative() ? "%" : "";
        String error = c.relative() ? "error" : "abs error";
        sb.append("comparison of ").append(file).append(" with problem ").append(problem).append('\n');
        if (!c.relative()) {
            sb.append("the correct vector is all zero, so there is no relative error: "
                    + "errors are absolute, |o - c| in percent of one CPU\n");
        }

        sb.append("intervals:\n");
        List<String> spans = new ArrayList<>(c.intervals().size());
        int spanWidth = 0;
        for (IntervalError e : c.intervals()) {
            String span = Numbers.fixed(e.startS(), PLACES) + "-" + Numbers.fixed(e.endS(), PLACES);
            spans.add(span);
            spanWidth = Math.max(spanWidth, span.length());
        }
        for (int i = 0; i < spans.size(); i++) {
            IntervalError e = c.intervals().get(i);
            sb.append("  ").append(padLeft(spans.get(i), spanWidth)).append(" s  ").append(error).append(' ')
                    .append(Numbers.fixed(e.errorPct(), PLACES)).append(unit);
            if (!e.counted()) {
                sb.append("  excluded (warm-up)");
            }
            sb.append('\n');
        }

        String idHeader = "virtual CPU";
        int idWidth = idHeader.length();
        for (VcpuComparison v : c.vcpus()) {
            idWidth = Math.max(idWidth, v.id().length());
        }
        sb.append("  ").append(padRight(idHeader, idWidth)).append("    correct  mean observed\n");
        for (VcpuComparison v : c.vcpus()) {
            sb.append("  ").append(padRight(v.id(), idWidth))
                    .append(padLeft(Numbers.fixed(v.correct(), PLACES), 11))
                    .append(padLeft(Numbers.fixed(v.meanObserved(), PLACES), 15)).append('\n');
        }

        sb.append("warm-up: ").append(Numbers.format(c.warmupS())).append(" s, ").append(c.excludedIntervals())
                .append(c.excludedIntervals() == 1 ? " interval" : " intervals").append(" excluded, ")
                .append(c.countedIntervals()).append(" counted\n");
        sb.append("mean ").append(error).append(' ').append(Numbers.fixed(c.meanErrorPct(), PLACES)).append(unit)
                .append(", max ").append(error).append(' ').append(Numbers.fixed(c.maxErrorPct(), PLACES)).append(unit)
                .append('\n');
        Thresholds t = c.thresholds();
        sb.append("thresholds: max ").append(error).append(' ').append(Numbers.format(t.maxErrorPct())).append(unit)
                .append(", mean ").append(error).append(' ')
                .append(t.meanErrorPct().isPresent() ? Numbers.format(t.meanErrorPct().getAsDouble()) + unit : "not set")
                .append('\n');
        metrics.flatMap(RunMetrics::etr).ifPresent(etr -> sb.append("ETR n/m/sd: ").append(etr.n()).append('/')
                .append(Numbers.format(etr.mean(), PLACES)).append('/').append(Numbers.format(etr.sd(), PLACES))
                .append('\n'));
        metrics.ifPresent(m -> sb.append("mean dispatch delay: ").append(Numbers.format(m.meanDispatchDelayUs(), 1))
                .append(" us\n"));
        sb.append("verdict: ").append(c.verdict()).append('\n');
        return sb.toString();
    }

    @Override
    public void runSummary(PrintWriter out, Problem problem, String policy, RunConfig config, Comparison c,
                           RunMetrics metrics) {
        RunSummary summary = metrics.summary();
        out.println("problem " + problem.name() + " under " + policy + ": " + Numbers.format(config.durationMicros() / 1e6)
                + " s, seed " + config.seed() + ", warm-up " + Numbers.format(config.warmupMicros() / 1e6) + " s");
        int width = Math.max(11, c.vcpus().stream().mapToInt(v -> v.id().length()).max().orElse(0));
        out.printf("  %-" + width + "s %9s %9s %10s %10s%n", "virtual CPU", "correct", "observed", "delay us", "p99 us");
        for (int i = 0; i < c.vcpus().size(); i++) {
            VcpuComparison v = c.vcpus().get(i);
            RunSummary.DelayStats d = summary.vcpuDelays().get(i);
            out.printf("  %-" + width + "s %9s %9s %10s %10d%n", v.id(), Numbers.fixed(v.correct(), 3),
                    Numbers.fixed(v.meanObserved(), 3), Numbers.fixed(d.meanUs(), 1), d.p99Us());
        }
        String unit = c.relative() ? "%" : " (absolute)";
        out.println("  error mean " + Numbers.fixed(c.meanErrorPct(), 3) + unit + ", max " + Numbers.fixed(c.maxErrorPct(), 3)
                + unit + "; mean dispatch delay " + Numbers.fixed(summary.meanDispatchDelayUs(), 1) + " us");
    }

    /**
     * A header naming the columns, one line per check (problem and policy), the notes of a check under it
     * (why a run failed, that the verdict depends on the seed), then the counts. With one seed per check the
     * columns are that run's figures; with several they are the spread over the seeds, and the verdict is the
     * worst seed's.
     */
    @Override
    public void tests(PrintWriter out, List<AggregateResult> results, Thresholds thresholds) {
        boolean spread = Figures.severalSeeds(results);
        List<String> header = Figures.testsHeader(spread);
        List<String[]> rows = new ArrayList<>();
        rows.add(header.toArray(String[]::new));
        for (AggregateResult r : results) {
            List<String> row = new ArrayList<>(List.of(r.verdict().name(), r.problem(), r.policy()));
            if (spread) {
                row.addAll(Figures.spread(r.meanError()));
                row.addAll(Figures.spread(r.maxError()));
            } else {
                row.add(orDash(r.runs().get(0).trial().meanErrorPct()));
                row.add(orDash(r.runs().get(0).trial().maxErrorPct()));
            }
            row.add(r.dispatchDelay().map(d -> Numbers.fixed(d.median(), 2)).orElse("-"));
            row.add(r.expectation().name());
            row.add(r.file() + (r.asExpected() ? "" : "  UNEXPECTED"));
            rows.add(row.toArray(String[]::new));
        }
        Figures.testsTable(out, rows, (index, indent) -> {
            AggregateResult r = results.get(index);
            r.seedNote().ifPresent(note -> out.println(indent + "! " + note));
            for (TestResult e : r.errors()) {
                out.println(indent + (spread ? "seed " + e.seed() + ": " : "") + e.trial().error().orElseThrow());
            }
        });
        out.println();
        out.println(Figures.summary(results));
    }
}
