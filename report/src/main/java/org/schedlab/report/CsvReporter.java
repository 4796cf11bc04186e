package org.schedlab.report;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.schedlab.cell.RunMetrics;
import org.schedlab.comparator.Comparison;
import org.schedlab.core.Numbers;
import org.schedlab.core.Topology;
import org.schedlab.runner.result.IntervalSample;
import org.schedlab.runner.RunConfig;
import org.schedlab.runner.result.RunSummary;
import org.schedlab.solver.PhaseSolution;
import org.schedlab.solver.PhasedSolution;
import org.schedlab.solver.Solution;
import org.schedlab.solver.VcpuAnswer;

/** CSV for spreadsheets and for {@code compare}: one row per virtual CPU, or per interval and virtual CPU. */
final class CsvReporter implements Reporter {

    @Override
    public ReportFormat format() {
        return ReportFormat.CSV;
    }

    @Override
    public Set<ReportKind> kinds() {
        return EnumSet.of(ReportKind.SOLUTIONS, ReportKind.RUN_FILES);
    }

    @Override
    public void solutions(PrintWriter out, String file, List<Solution> solutions) {
        out.println(HEADER);
        for (Solution s : solutions) {
            rows(out, s, "");
        }
    }

    /**
     * A file of static problems as {@link #solutions} writes it. When a problem changes while it runs, every row
     * gains the span of its phase, {@code phase_start_s} and {@code phase_end_s} (empty when the phase lasts to
     * the end of the run), and a static problem's rows the whole run's, from 0.
     */
    @Override
    public void phasedSolutions(PrintWriter out, String file, List<PhasedSolution> solutions) {
        boolean phased = solutions.stream().anyMatch(PhasedSolution::dynamic);
        out.println(phased ? HEADER + ",phase_start_s,phase_end_s" : HEADER);
        for (PhasedSolution ps : solutions) {
            for (PhaseSolution phase : ps.phases()) {
                var p = phase.phase();
                rows(out, phase.solution(), phased ? "," + Numbers.format(p.startS()) + ","
                        + (p.endS().isPresent() ? Numbers.format(p.endS().getAsDouble()) : "") : "");
            }
        }
    }

    private static final String HEADER = "problem,user,vcpu,type,pool,demand,entitlement,limit,correct";

    private static void rows(PrintWriter out, Solution s, String suffix) {
        for (VcpuAnswer v : s.vcpus()) {
            out.println(String.join(",", s.problem().name(), v.user(), v.vcpu(), v.type().name(), v.pool().name(),
                    v.stopped() ? "stopped" : v.demand().isPresent() ? Numbers.format(v.demand().getAsDouble()) : "*",
                    Numbers.format(v.entitlement()),
                    v.limit().isPresent() ? Numbers.format(v.limit().getAsDouble()) : "",
                    Numbers.format(v.correct())) + suffix);
        }
    }

    /**
     * Four files: {@code BASE.series.csv} (the long format {@code compare --observed} reads, plus
     * MT1-equivalent busy and ETR), {@code BASE.vcpus.csv} (dispatch delays), {@code BASE.cpus.csv}
     * (logical CPUs) and {@code BASE.buckets.csv} (limit-list time).
     */
    @Override
    public RunFiles runFiles(Path dir, String base, Solution solution, String file, String policy, RunConfig config)
            throws IOException {
        Outputs.checkRunFiles(dir, Outputs.runFileNames(ReportFormat.CSV, base, java.util.Optional.empty()));
        return new Files(dir, base, solution, solution.running());
    }

    /** A problem that changes while it runs: the same files, one row per dimension (a logged-off guest reads 0). */
    @Override
    public RunFiles runFiles(Path dir, String base, PhasedSolution solution, String file, String policy,
                             RunConfig config) throws IOException {
        Outputs.checkRunFiles(dir, Outputs.runFileNames(ReportFormat.CSV, base, java.util.Optional.empty()));
        return new Files(dir, base, solution.phases().get(0).solution(), RunFiles.dimensions(solution));
    }

    private static final class Files extends RunFiles {

        private final SeriesCsv series;
        private final Writer vcpus;
        private final Writer cpus;
        private final Writer buckets;

        Files(Path dir, String base, Solution solution, List<VcpuAnswer> running) throws IOException {
            super(solution, running, dir, base);
            Writer seriesFile = file(dir.resolve(base + ".series.csv"));
            vcpus = file(dir.resolve(base + ".vcpus.csv"));
            cpus = file(dir.resolve(base + ".cpus.csv"));
            buckets = file(dir.resolve(base + ".buckets.csv"));
            series = SeriesCsv.runner(seriesFile, solution.problem().name(), this.running);
        }

        @Override
        public void interval(IntervalSample s) {
            series.sample(s);
        }

        @Override
        protected void writeSummary(Comparison comparison, RunMetrics metrics) throws IOException {
            RunSummary summary = metrics.summary();
            vcpus.write(Outputs.vcpusHeader());
            for (int i = 0; i < running.size(); i++) {
                VcpuAnswer v = running.get(i);
                RunSummary.DelayStats d = summary.vcpuDelays().get(i);
                vcpus.write(v.user() + "," + v.vcpu() + "," + d.count() + "," + Numbers.format(d.meanUs()) + ","
                        + d.p50Us() + "," + d.p99Us() + "," + d.maxUs() + "\n");
            }
            cpus.write(Outputs.cpusHeader());
            for (RunSummary.LogicalCpuStats c : summary.logicalCpus()) {
                cpus.write(c.index() + "," + c.type() + "," + c.core() + "," + c.thread() + ","
                        + Numbers.format(c.busyPct()) + "," + c.dispatches() + "," + c.preemptions() + ","
                        + c.affinityMisses() + "," + c.steals().get(Topology.Distance.SAME_CHIP) + ","
                        + c.steals().get(Topology.Distance.OTHER_CHIP) + ","
                        + c.steals().get(Topology.Distance.OTHER_NODE) + "\n");
            }
            buckets.write(Outputs.bucketsHeader());
            for (RunSummary.BucketStats b : summary.buckets()) {
                buckets.write(b.id() + "," + Numbers.format(b.limitListPct()) + "\n");
            }
        }
    }
}
