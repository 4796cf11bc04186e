package org.schedlab.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.schedlab.comparator.ObservedCsv;
import org.schedlab.core.Numbers;
import org.schedlab.core.Topology;
import org.schedlab.core.io.AtomicOutput;
import org.schedlab.core.io.JsonWriter;
import org.schedlab.runner.RunConfig;
import org.schedlab.runner.RunListener;
import org.schedlab.runner.result.IntervalSample;
import org.schedlab.runner.result.RunSummary;
import org.schedlab.runner.result.VcpuSample;
import org.schedlab.solver.Solution;
import org.schedlab.solver.VcpuAnswer;

/**
 * A run's files, streamed as the intervals arrive and moved into place only when the run
 * finishes: a failed or interrupted run leaves nothing behind.
 *
 * <p>CSV writes four files, {@code BASE.series.csv} (the long format {@code compare --observed}
 * reads, plus MT1-equivalent busy and ETR), {@code BASE.vcpus.csv} (dispatch delays),
 * {@code BASE.cpus.csv} (logical CPUs) and {@code BASE.buckets.csv} (limit-list time).
 * JSON writes one {@code BASE.json} holding all of it.
 */
abstract sealed class RunOutput implements RunListener, AutoCloseable {

    enum Format { csv, json }

    protected final Solution solution;
    protected final List<VcpuAnswer> running;
    private final List<AtomicOutput> files = new ArrayList<>();

    private RunOutput(Solution solution) {
        this.solution = solution;
        this.running = solution.running();
    }

    static RunOutput open(Format format, Path dir, String base, Solution solution, String file, String policy,
                          RunConfig config) throws IOException {
        return format == Format.csv ? new Csv(dir, base, solution) : new Json(dir, base, solution, file, policy, config);
    }

    protected final Writer file(Path path) throws IOException {
        AtomicOutput out = AtomicOutput.create(path);
        files.add(out);
        return out.writer();
    }

    /** Paths written, once {@link #finish} has committed them. */
    final List<Path> paths() {
        return files.stream().map(AtomicOutput::target).toList();
    }

    /** Writes the summary and moves every file into place. */
    final void finish(RunSummary summary) throws IOException {
        writeSummary(summary);
        for (AtomicOutput f : files) {
            f.commit();
        }
    }

    protected abstract void writeSummary(RunSummary summary) throws IOException;

    @Override
    public final void close() {
        files.forEach(AtomicOutput::close);
    }

    private static String seconds(long micros) {
        return Numbers.format(micros / 1e6);
    }

    static final class Csv extends RunOutput {

        private final Writer series;
        private final Writer vcpus;
        private final Writer cpus;
        private final Writer buckets;

        Csv(Path dir, String base, Solution solution) throws IOException {
            super(solution);
            series = file(dir.resolve(base + ".series.csv"));
            vcpus = file(dir.resolve(base + ".vcpus.csv"));
            cpus = file(dir.resolve(base + ".cpus.csv"));
            buckets = file(dir.resolve(base + ".buckets.csv"));
            series.write(ObservedCsv.HEADER + "," + String.join(",", ObservedCsv.RUNNER_COLUMNS) + "\n");
        }

        @Override
        public void interval(IntervalSample s) {
            String span = seconds(s.startMicros()) + "," + seconds(s.endMicros()) + ",";
            try {
                for (int i = 0; i < running.size(); i++) {
                    VcpuAnswer v = running.get(i);
                    VcpuSample x = s.vcpus().get(i);
                    series.write(span + v.user() + "," + v.vcpu() + "," + Numbers.format(x.busyPct()) + ","
                            + Numbers.format(x.mt1BusyPct()) + "," + Numbers.format(x.etr()) + "\n");
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        protected void writeSummary(RunSummary summary) throws IOException {
            vcpus.write("user,vcpu,dispatches,delay_mean_us,delay_p50_us,delay_p99_us,delay_max_us\n");
            for (int i = 0; i < running.size(); i++) {
                VcpuAnswer v = running.get(i);
                RunSummary.DelayStats d = summary.vcpuDelays().get(i);
                vcpus.write(v.user() + "," + v.vcpu() + "," + d.count() + "," + Numbers.format(d.meanUs()) + ","
                        + d.p50Us() + "," + d.p99Us() + "," + d.maxUs() + "\n");
            }
            cpus.write("cpu,type,core,thread,busy_pct,dispatches,preemptions,affinity_misses,"
                    + "steals_same_chip,steals_other_chip,steals_other_node\n");
            for (RunSummary.LogicalCpuStats c : summary.logicalCpus()) {
                cpus.write(c.index() + "," + c.type() + "," + c.core() + "," + c.thread() + ","
                        + Numbers.format(c.busyPct()) + "," + c.dispatches() + "," + c.preemptions() + ","
                        + c.affinityMisses() + "," + c.steals().get(Topology.Distance.SAME_CHIP) + ","
                        + c.steals().get(Topology.Distance.OTHER_CHIP) + ","
                        + c.steals().get(Topology.Distance.OTHER_NODE) + "\n");
            }
            buckets.write("bucket,limit_list_pct\n");
            for (RunSummary.BucketStats b : summary.buckets()) {
                buckets.write(b.id() + "," + Numbers.format(b.limitListPct()) + "\n");
            }
        }
    }

    static final class Json extends RunOutput {

        private final JsonWriter w;

        Json(Path dir, String base, Solution solution, String file, String policy, RunConfig config) throws IOException {
            super(solution);
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
        protected void writeSummary(RunSummary summary) {
            w.endArray();
            w.name("vcpus").beginArray();
            for (int i = 0; i < running.size(); i++) {
                VcpuAnswer v = running.get(i);
                RunSummary.DelayStats d = summary.vcpuDelays().get(i);
                w.beginObject().field("user", v.user()).field("vcpu", v.vcpu()).field("correct", v.correct())
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
                        w.field(d.name().toLowerCase(java.util.Locale.ROOT), c.steals().get(d));
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
            w.endObject();
            w.finish();
        }
    }
}
