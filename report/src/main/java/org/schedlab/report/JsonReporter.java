package org.schedlab.report;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.schedlab.cell.AggregateResult;
import org.schedlab.cell.EtrSummary;
import org.schedlab.cell.RunMetrics;
import org.schedlab.cell.RunSettings;
import org.schedlab.cell.SeedSpread;
import org.schedlab.cell.Shards;
import org.schedlab.cell.TestResult;
import org.schedlab.comparator.Comparison;
import org.schedlab.comparator.IntervalError;
import org.schedlab.comparator.Thresholds;
import org.schedlab.comparator.VcpuComparison;
import org.schedlab.comparator.Verdict;
import org.schedlab.core.Change;
import org.schedlab.core.Phase;
import org.schedlab.core.Topology;
import org.schedlab.core.io.JsonWriter;
import org.schedlab.runner.result.IntervalSample;
import org.schedlab.runner.RunConfig;
import org.schedlab.runner.result.RunSummary;
import org.schedlab.runner.result.VcpuSample;
import org.schedlab.grammar.ScenarioWriter;
import org.schedlab.solver.PhaseSolution;
import org.schedlab.solver.PhasedSolution;
import org.schedlab.solver.PoolAllocation;
import org.schedlab.solver.Solution;
import org.schedlab.solver.VcpuAnswer;

/** JSON for tools: one document per report, keys in a fixed order, absent figures as null. */
final class JsonReporter implements Reporter {

    @Override
    public ReportFormat format() {
        return ReportFormat.JSON;
    }

    @Override
    public Set<ReportKind> kinds() {
        return EnumSet.of(ReportKind.SOLUTIONS, ReportKind.COMPARISON, ReportKind.RUN_FILES, ReportKind.TESTS);
    }

    @Override
    public void solutions(PrintWriter out, String file, List<Solution> solutions) {
        JsonWriter w = JsonWriter.of(out);
        w.beginObject().field("file", file).name("problems").beginArray();
        for (Solution s : solutions) {
            w.beginObject().field("name", s.problem().name());
            answers(w, s);
            w.endObject();
        }
        w.endArray().endObject();
        w.finish();
    }

    /**
     * A static problem as {@link #solutions} writes it: {@code name}, {@code pools}, {@code vcpus}. A problem
     * that changes while it runs as {@code name} and {@code phases}, each with {@code start_s}, {@code end_s}
     * (null when it lasts to the end of the run), the {@code changes} that start it as statements, and its
     * {@code pools} and {@code vcpus} as a static problem's (docs/schema/solve.schema.json).
     */
    @Override
    public void phasedSolutions(PrintWriter out, String file, List<PhasedSolution> solutions) {
        JsonWriter w = JsonWriter.of(out);
        w.beginObject().field("file", file).name("problems").beginArray();
        for (PhasedSolution ps : solutions) {
            w.beginObject().field("name", ps.problem().name());
            if (!ps.dynamic()) {
                answers(w, ps.phases().get(0).solution());
            } else {
                w.name("phases").beginArray();
                for (PhaseSolution phase : ps.phases()) {
                    Phase p = phase.phase();
                    w.beginObject().field("start_s", p.startS()).fieldOrNull("end_s", p.endS().orElse(Double.NaN));
                    w.name("changes").beginArray();
                    for (Change c : p.changes()) {
                        w.value(ScenarioWriter.statement(c));
                    }
                    w.endArray();
                    answers(w, phase.solution());
                    w.endObject();
                }
                w.endArray();
            }
            w.endObject();
        }
        w.endArray().endObject();
        w.finish();
    }

    /** {@code pools} and {@code vcpus} of one static answer, as fields of the object being written. */
    private static void answers(JsonWriter w, Solution s) {
        w.name("pools").beginArray();
        for (PoolAllocation a : s.pools()) {
            w.beginObject().field("type", a.type().name()).field("capacity", a.capacity())
                    .field("allocated", a.allocated()).field("idle", a.idle()).endObject();
        }
        w.endArray().name("vcpus").beginArray();
        for (VcpuAnswer v : s.vcpus()) {
            w.beginObject().field("user", v.user()).field("vcpu", v.vcpu()).field("type", v.type().name())
                    .field("pool", v.pool().name());
            // "*" and a number stay apart from STOPPED (a stopped virtual CPU keeps the demand it was given).
            if (v.demand().isPresent()) {
                w.field("demand", v.demand().getAsDouble());
            } else {
                w.field("demand", "*");
            }
            w.field("stopped", v.stopped());
            w.field("entitlement", v.entitlement());
            w.fieldOrNull("limit", v.limit().orElse(Double.NaN));
            w.field("correct", v.correct()).endObject();
        }
        w.endArray();
    }

    @Override
    public void comparison(PrintWriter out, String file, String problem, Optional<String> observed, Comparison c,
                           Optional<RunMetrics> metrics) {
        JsonWriter w = JsonWriter.of(out);
        comparison(w, file, problem, observed, c, metrics);
        w.finish();
    }

    /**
     * Writes the comparison as one JSON object; the caller owns the document and calls
     * {@link JsonWriter#finish()}, so the object can also sit inside a larger report.
     */
    static void comparison(JsonWriter w, String file, String problem, Optional<String> observed, Comparison c,
                           Optional<RunMetrics> metrics) {
        Thresholds t = c.thresholds();
        w.beginObject()
                .field("file", file)
                .field("problem", problem);
        w.name("observed").value(observed.orElse(null))
                .field("verdict", c.verdict().name())
                .field("relative", c.relative())
                .field("mean_error_pct", c.meanErrorPct())
                .field("max_error_pct", c.maxErrorPct());
        w.name("thresholds").beginObject()
                .field("max_error_pct", t.maxErrorPct())
                .fieldOrNull("mean_error_pct", t.meanErrorPct().orElse(Double.NaN))
                .endObject();
        w.field("warmup_s", c.warmupS()).field("excluded_intervals", c.excludedIntervals())
                .field("counted_intervals", c.countedIntervals()).field("gaps", c.gaps()).field("gap_s", c.gapS());
        w.name("intervals").beginArray();
        for (IntervalError e : c.intervals()) {
            w.beginObject().field("start_s", e.startS()).field("end_s", e.endS()).field("error_pct", e.errorPct())
                    .field("counted", e.counted()).endObject();
        }
        w.endArray();
        w.name("vcpus").beginArray();
        for (VcpuComparison v : c.vcpus()) {
            w.beginObject().field("user", v.user()).field("vcpu", v.vcpu()).field("correct", v.correct())
                    .field("mean_observed", v.meanObserved()).endObject();
        }
        w.endArray();
        w.name("etr");
        Optional<EtrSummary> etr = metrics.flatMap(RunMetrics::etr);
        if (etr.isPresent()) {
            w.beginObject().field("n", etr.get().n()).field("mean", etr.get().mean()).field("sd", etr.get().sd())
                    .endObject();
        } else {
            w.nullValue();
        }
        w.fieldOrNull("mean_dispatch_delay_us", metrics.map(RunMetrics::meanDispatchDelayUs).orElse(Double.NaN));
        w.endObject();
    }

    /** One {@code BASE.json} holding the run's settings, every interval and the summary. */
    @Override
    public RunFiles runFiles(Path dir, String base, Solution solution, String file, String policy, RunConfig config)
            throws IOException {
        Outputs.checkRunFiles(dir, Outputs.runFileNames(ReportFormat.JSON, base, Optional.empty()));
        return new Files(dir, base, solution, solution.running(), file, policy, config);
    }

    /**
     * A problem that changes while it runs: the same document, one entry per dimension in each interval, and each
     * dimension's {@code correct} its time-weighted answer over the counted intervals.
     */
    @Override
    public RunFiles runFiles(Path dir, String base, PhasedSolution solution, String file, String policy,
                             RunConfig config) throws IOException {
        Outputs.checkRunFiles(dir, Outputs.runFileNames(ReportFormat.JSON, base, Optional.empty()));
        return new Files(dir, base, solution.phases().get(0).solution(), RunFiles.dimensions(solution), file, policy,
                config);
    }

    /**
     * The thresholds, the seeds, one object per check (the worst seed's verdict and figures, the spread over
     * the seeds, the expectation, and every seed's run), then the counts the text's last line gives.
     * docs/schema/test.schema.json describes it.
     */
    @Override
    public void tests(PrintWriter out, List<AggregateResult> results, Thresholds thresholds) {
        tests(out, results, thresholds, Optional.empty(), Optional.empty());
    }

    /** With the run's settings, which {@code schedlab merge} holds shards to. */
    @Override
    public void tests(PrintWriter out, List<AggregateResult> results, Thresholds thresholds, TestRunFacts facts) {
        tests(out, results, thresholds, Optional.empty(), facts.settings());
    }

    /**
     * A shard's document ({@code schedlab test --shard}): first a {@code shard} object (which of how many,
     * the plan's number of checks, and the plan index of each check in {@code results}), then exactly what an
     * unsharded run writes, so that {@code schedlab merge} (through {@link TestResultsJson}) can put the
     * whole plan's document back together.
     */
    @Override
    public void shardTests(PrintWriter out, List<AggregateResult> results, Thresholds thresholds, Shards.Shard shard) {
        tests(out, results, thresholds, Optional.of(shard), Optional.empty());
    }

    @Override
    public void shardTests(PrintWriter out, List<AggregateResult> results, Thresholds thresholds, Shards.Shard shard,
                           TestRunFacts facts) {
        tests(out, results, thresholds, Optional.of(shard), facts.settings());
    }

    private static void tests(PrintWriter out, List<AggregateResult> results, Thresholds thresholds,
                              Optional<Shards.Shard> shard, Optional<RunSettings> settings) {
        JsonWriter w = JsonWriter.of(out);
        w.beginObject();
        shard.ifPresent(s -> {
            w.name("shard").beginObject().field("index", s.spec().index()).field("count", s.spec().count())
                    .field("plan_checks", s.planChecks());
            w.name("checks").beginArray();
            s.checks().forEach(i -> w.value(i));
            w.endArray().endObject();
        });
        w.name("thresholds").beginObject().field("max_error_pct", thresholds.maxErrorPct())
                .fieldOrNull("mean_error_pct", thresholds.meanErrorPct().orElse(Double.NaN)).endObject();
        settings(w, settings);
        w.name("seeds").beginArray();
        Figures.seeds(results).forEach(seed -> w.value((long) seed));
        w.endArray();
        w.name("results").beginArray();
        for (AggregateResult r : results) {
            w.beginObject().field("file", r.file()).field("problem", r.problem()).field("policy", r.policy())
                    .field("verdict", r.verdict().name())
                    .field("expected", r.expectation().name())
                    .field("expected_listed", r.expected().isPresent())
                    .field("as_expected", r.asExpected());
            w.name("seeds").beginArray();
            r.seeds().forEach(seed -> w.value((long) seed));
            w.endArray();
            w.field("seed_dependent", r.seedDependent());
            w.name("seed_note").value(r.seedNote().orElse(null));
            w.fieldOrNull("mean_error_pct", r.meanError().map(SeedSpread::max).orElse(Double.NaN))
                    .fieldOrNull("max_error_pct", r.maxError().map(SeedSpread::max).orElse(Double.NaN))
                    .fieldOrNull("mean_dispatch_delay_us", r.dispatchDelay().map(SeedSpread::median).orElse(Double.NaN));
            spread(w, "mean_error_spread", r.meanError());
            spread(w, "max_error_spread", r.maxError());
            spread(w, "dispatch_delay_spread", r.dispatchDelay());
            w.name("error").value(r.error().orElse(null));
            w.name("runs").beginArray();
            for (TestResult t : r.runs()) {
                w.beginObject().field("seed", t.seed()).field("verdict", t.verdict().name())
                        .fieldOrNull("mean_error_pct", t.trial().meanErrorPct())
                        .fieldOrNull("max_error_pct", t.trial().maxErrorPct())
                        .fieldOrNull("mean_dispatch_delay_us", t.trial().meanDispatchDelayUs());
                w.name("error").value(t.trial().error().orElse(null));
                w.endObject();
            }
            w.endArray();
            w.endObject();
        }
        w.endArray();
        long pass = results.stream().filter(r -> r.verdict() == Verdict.PASS).count();
        long fail = results.stream().filter(r -> r.verdict() == Verdict.FAIL).count();
        w.name("summary").beginObject().field("checks", results.size()).field("pass", pass).field("fail", fail)
                .field("error", results.size() - pass - fail)
                .field("seed_dependent", results.stream().filter(AggregateResult::seedDependent).count())
                .field("not_as_expected", results.stream().filter(r -> !r.asExpected()).count())
                .endObject();
        w.endObject();
        w.finish();
    }

    /** The options the plan was run with ({@link RunSettings}), null for a value not given; null when unknown. */
    static void settings(JsonWriter w, Optional<RunSettings> settings) {
        w.name("settings");
        if (settings.isEmpty()) {
            w.nullValue();
            return;
        }
        RunSettings s = settings.get();
        w.beginObject().name("policies").beginArray();
        s.policies().forEach(w::value);
        w.endArray();
        w.name("seed");
        if (s.seed().isPresent()) {
            w.value(s.seed().getAsLong());
        } else {
            w.nullValue();
        }
        w.name("seeds").beginArray();
        s.seeds().forEach(seed -> w.value((long) seed));
        w.endArray();
        w.fieldOrNull("duration_s", seconds(s.duration())).fieldOrNull("interval_s", seconds(s.interval()))
                .fieldOrNull("warmup_s", seconds(s.warmup())).fieldOrNull("timeout_s", seconds(s.timeout()));
        w.endObject();
    }

    private static double seconds(Optional<java.time.Duration> d) {
        return d.map(x -> x.toNanos() / 1e9).orElse(Double.NaN);
    }

    private static void spread(JsonWriter w, String key, Optional<SeedSpread> s) {
        w.name(key);
        if (s.isPresent()) {
            w.beginObject().field("min", s.get().min()).field("median", s.get().median()).field("max", s.get().max())
                    .endObject();
        } else {
            w.nullValue();
        }
    }

    private static final class Files extends RunFiles {

        private final JsonWriter w;
        private final String file;

        Files(Path dir, String base, Solution solution, List<VcpuAnswer> running, String file, String policy,
              RunConfig config) throws IOException {
            super(solution, running, dir, base);
            this.file = file;
            w = JsonWriter.of(file(dir.resolve(base + ".json")));
            w.beginObject().field("file", file).field("problem", solution.problem().name()).field("policy", policy)
                    .field("seed", config.seed()).field("duration_s", config.durationMicros() / 1e6)
                    .field("interval_s", config.intervalMicros() / 1e6).field("warmup_s", config.warmupMicros() / 1e6);
            w.name("intervals").beginArray();
        }

        @Override
        public void interval(IntervalSample s) {
            w.beginObject().field("start_s", s.startMicros() / 1e6).field("end_s", s.endMicros() / 1e6);
            w.name("vcpus").beginArray();
            for (int i = 0; i < running.size(); i++) {
                VcpuAnswer v = running.get(i);
                VcpuSample x = s.vcpus().get(i);
                w.beginObject().field("user", v.user()).field("vcpu", v.vcpu()).field("busy_pct", x.busyPct())
                        .field("mt1_busy_pct", x.mt1BusyPct()).field("etr", x.etr()).endObject();
            }
            w.endArray().endObject();
        }

        @Override
        protected void writeSummary(Comparison comparison, RunMetrics metrics) {
            RunSummary summary = metrics.summary();
            w.endArray();
            w.name("vcpus").beginArray();
            for (int i = 0; i < running.size(); i++) {
                VcpuAnswer v = running.get(i);
                RunSummary.DelayStats d = summary.vcpuDelays().get(i);
                double correct = comparison.dynamic() ? comparison.vcpus().get(i).correct() : v.correct();
                w.beginObject().field("user", v.user()).field("vcpu", v.vcpu()).field("correct", correct)
                        .field("dispatches", d.count()).field("delay_mean_us", d.meanUs()).field("delay_p50_us", d.p50Us())
                        .field("delay_p99_us", d.p99Us()).field("delay_max_us", d.maxUs()).endObject();
            }
            w.endArray();
            w.name("cpus").beginArray();
            for (RunSummary.LogicalCpuStats c : summary.logicalCpus()) {
                w.beginObject().field("cpu", c.index()).field("type", c.type().name()).field("core", c.core())
                        .field("thread", c.thread()).field("busy_pct", c.busyPct()).field("dispatches", c.dispatches())
                        .field("preemptions", c.preemptions()).field("affinity_misses", c.affinityMisses());
                w.name("steals").beginObject();
                for (Topology.Distance d : Topology.Distance.values()) {
                    if (d != Topology.Distance.SAME_CORE) {
                        w.field(d.name().toLowerCase(Locale.ROOT), c.steals().get(d));
                    }
                }
                w.endObject().endObject();
            }
            w.endArray();
            w.name("buckets").beginArray();
            for (RunSummary.BucketStats b : summary.buckets()) {
                w.beginObject().field("bucket", b.id()).field("limit_list_pct", b.limitListPct()).endObject();
            }
            w.endArray();
            w.field("mean_dispatch_delay_us", summary.meanDispatchDelayUs());
            // What the text summary prints beside the files: the error figures and the verdict (issue 8).
            w.name("comparison");
            comparison(w, file, solution.problem().name(), Optional.empty(), comparison, Optional.of(metrics));
            w.endObject();
            w.finish();
        }
    }
}
