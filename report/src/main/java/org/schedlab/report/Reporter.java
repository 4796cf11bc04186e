package org.schedlab.report;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.schedlab.cell.RunMetrics;
import org.schedlab.cell.AggregateResult;
import org.schedlab.cell.Shards;
import org.schedlab.comparator.Comparison;
import org.schedlab.comparator.Thresholds;
import org.schedlab.core.Problem;
import org.schedlab.runner.RunConfig;
import org.schedlab.solver.PhasedSolution;
import org.schedlab.solver.Solution;

/**
 * One output format. A format writes only some {@link ReportKind}s; the others throw, and callers check
 * {@link ReportFormat#supports} first. Writers are the caller's: a reporter never closes or flushes
 * them, so a report can go to standard output or into a file moved into place afterwards.
 *
 * <p>A new kind of report (a chart, an HTML page) is a new method with a throwing default, implemented
 * by the formats that can draw it; a new format is a new implementation and an enum constant.
 */
public interface Reporter {

    ReportFormat format();

    /** What this format writes. */
    Set<ReportKind> kinds();

    /** The solver's answers for the problems of {@code file}. */
    default void solutions(PrintWriter out, String file, List<Solution> solutions) {
        throw unsupported(ReportKind.SOLUTIONS);
    }

    /**
     * The solver's answers for the problems of {@code file}, phase by phase for a problem that changes while it
     * runs. A static problem is written exactly as {@link #solutions} writes it.
     */
    default void phasedSolutions(PrintWriter out, String file, List<PhasedSolution> solutions) {
        throw unsupported(ReportKind.SOLUTIONS);
    }

    /**
     * One comparison; {@code observed} names the measurements (a file) when they came from elsewhere,
     * {@code metrics} are there when they came from a run of the cell.
     */
    default void comparison(PrintWriter out, String file, String problem, Optional<String> observed,
                            Comparison comparison, Optional<RunMetrics> metrics) {
        throw unsupported(ReportKind.COMPARISON);
    }

    /** What a finished run prints: per virtual CPU correct, observed and delays, then the error. */
    default void runSummary(PrintWriter out, Problem problem, String policy, RunConfig config, Comparison comparison,
                            RunMetrics metrics) {
        throw unsupported(ReportKind.RUN_SUMMARY);
    }

    /**
     * Opens a run's files under {@code dir}, named {@code base.*}; they fill as intervals arrive and are
     * moved into place by {@link RunFiles#finish}.
     */
    default RunFiles runFiles(Path dir, String base, Solution solution, String file, String policy, RunConfig config)
            throws IOException {
        throw unsupported(ReportKind.RUN_FILES);
    }

    /**
     * A run's files for a problem solved phase by phase: one row per dimension ({@code PhasedSolution.dimensions()}).
     * A static problem's are {@link #runFiles(Path, String, Solution, String, String, RunConfig)}'s.
     */
    default RunFiles runFiles(Path dir, String base, PhasedSolution solution, String file, String policy,
                              RunConfig config) throws IOException {
        if (!solution.dynamic()) {
            return runFiles(dir, base, solution.phases().get(0).solution(), file, policy, config);
        }
        throw unsupported(ReportKind.RUN_FILES);
    }

    /**
     * The results of a test plan, one per file, problem and policy in plan order, each over the seeds it ran
     * under ({@link AggregateResult#group}).
     */
    default void tests(PrintWriter out, List<AggregateResult> results, Thresholds thresholds) {
        throw unsupported(ReportKind.TESTS);
    }

    /**
     * The results of a test plan with what only its run knows (wall time, seeds); formats that show neither
     * write what {@link #tests(PrintWriter, List, Thresholds)} writes.
     */
    default void tests(PrintWriter out, List<AggregateResult> results, Thresholds thresholds, TestRunFacts facts) {
        tests(out, results, thresholds);
    }

    /**
     * The results of one shard of a test plan ({@code schedlab test --shard}), in plan order. Formats that
     * {@code schedlab merge} reads back (JSON) add what a merge needs; the others write {@link #tests}.
     */
    default void shardTests(PrintWriter out, List<AggregateResult> results, Thresholds thresholds, Shards.Shard shard) {
        tests(out, results, thresholds);
    }

    /** {@link #shardTests(PrintWriter, List, Thresholds, Shards.Shard)} with what only its run knows. */
    default void shardTests(PrintWriter out, List<AggregateResult> results, Thresholds thresholds, Shards.Shard shard,
                            TestRunFacts facts) {
        shardTests(out, results, thresholds, shard);
    }

    private UnsupportedOperationException unsupported(ReportKind kind) {
        return new UnsupportedOperationException(format().label() + " cannot report " + kind);
    }
}
