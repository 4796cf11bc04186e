package org.schedlab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.cell.EtrSummary;
import org.schedlab.cell.RunMetrics;
import org.schedlab.runner.result.IntervalSample;
import org.schedlab.runner.RunConfig;
import org.schedlab.runner.result.RunSummary;
import org.schedlab.runner.result.VcpuSample;
import org.schedlab.solver.Solution;

/** A run's summary lines and its files, streamed and moved into place only on finish. */
class RunReporterTest {

    private static final List<VcpuSample> SAMPLES = List.of(new VcpuSample(49.5, 38.076923077, 123.25),
            new VcpuSample(50.5, 50.5, 0), new VcpuSample(50, 50, 10), new VcpuSample(50, 50, 10));

    @Test
    void runSummary_text_perVcpuDelaysThenErrorAndMeanDelay() {
        StringWriter out = new StringWriter();
        Solution j1 = Samples.j1();
        ReportFormat.TEXT.reporter().runSummary(new PrintWriter(out), j1.problem(), "fair",
                RunConfig.forProblem(j1.problem()), Samples.j1Comparison(), Samples.metrics(new EtrSummary(2, 10, 0.5), 815.5));
        assertEquals("""
                problem J1 under fair: 60 s, seed 1, warm-up 5 s
                  virtual CPU   correct  observed   delay us     p99 us
                  QGP00000.0     50.000    48.750      800.2       2000
                  QGP00001.0     50.000    48.750      810.0       2010
                  QGP00002.0     50.000    48.750      820.0       2020
                  QGP00003.0     50.000    48.750      830.0       2030
                  error mean 2.500%, max 3.000%; mean dispatch delay 815.5 us
                """, out.toString());
    }

    @Test
    void runFiles_csv_fourFilesAfterFinishNoneBefore(@TempDir Path dir) throws Exception {
        Solution j1 = Samples.j1();
        RunSummary summary = Samples.j1Summary(815.5);
        try (RunFiles files = ReportFormat.CSV.reporter().runFiles(dir, "J1.fair", j1, "J1.scn", "fair",
                RunConfig.forProblem(j1.problem()))) {
            files.interval(new IntervalSample(0, 0, 500_000, SAMPLES));
            files.interval(new IntervalSample(1, 500_000, 1_000_000, SAMPLES));
            assertFalse(Files.exists(dir.resolve("J1.fair.series.csv")));
            files.finish(Samples.j1Comparison(), new RunMetrics(summary, Optional.empty()));
            assertEquals(List.of("J1.fair.series.csv", "J1.fair.vcpus.csv", "J1.fair.cpus.csv", "J1.fair.buckets.csv"),
                    files.paths().stream().map(p -> p.getFileName().toString()).toList());
        }
        assertEquals("""
                start_s,end_s,user,vcpu,busy_pct,mt1_busy_pct,etr
                0,0.5,QGP00000,0,49.5,38.076923077,123.25
                0,0.5,QGP00001,0,50.5,50.5,0
                0,0.5,QGP00002,0,50,50,10
                0,0.5,QGP00003,0,50,50,10
                0.5,1,QGP00000,0,49.5,38.076923077,123.25
                0.5,1,QGP00001,0,50.5,50.5,0
                0.5,1,QGP00002,0,50,50,10
                0.5,1,QGP00003,0,50,50,10
                """, read(dir.resolve("J1.fair.series.csv")));
        assertEquals("""
                user,vcpu,dispatches,delay_mean_us,delay_p50_us,delay_p99_us,delay_max_us
                QGP00000,0,10,800.25,700,2000,3100
                QGP00001,0,11,810,710,2010,3110
                QGP00002,0,12,820,720,2020,3120
                QGP00003,0,13,830,730,2030,3130
                """, read(dir.resolve("J1.fair.vcpus.csv")));
        assertEquals("""
                cpu,type,core,thread,busy_pct,dispatches,preemptions,affinity_misses,steals_same_chip,steals_other_chip,steals_other_node
                0,CP,0,0,99.5,40,3,1,1,2,3
                1,CP,1,0,98.25,41,4,2,1,2,3
                """, read(dir.resolve("J1.fair.cpus.csv")));
        assertEquals("bucket,limit_list_pct\nCP,12.5\n", read(dir.resolve("J1.fair.buckets.csv")));
    }

    @Test
    void runFiles_closedWithoutFinish_leavesNothing(@TempDir Path dir) throws Exception {
        Solution j1 = Samples.j1();
        try (RunFiles files = ReportFormat.JSON.reporter().runFiles(dir, "J1.fair", j1, "J1.scn", "fair",
                RunConfig.forProblem(j1.problem()))) {
            files.interval(new IntervalSample(0, 0, 500_000, SAMPLES));
        }
        try (var listing = Files.list(dir)) {
            assertTrue(listing.findAny().isEmpty());
        }
    }

    @Test
    void runFiles_json_oneDocumentWithSettingsIntervalsAndSummary(@TempDir Path dir) throws Exception {
        Solution j1 = Samples.j1();
        try (RunFiles files = ReportFormat.JSON.reporter().runFiles(dir, "J1.fair", j1, "J1.scn", "fair",
                RunConfig.forProblem(j1.problem()))) {
            files.interval(new IntervalSample(0, 0, 500_000, SAMPLES));
            files.finish(Samples.j1Comparison(), Samples.metrics(new EtrSummary(2, 10, 0.5), 815.5));
        }
        String json = read(dir.resolve("J1.fair.json")).replaceAll("\\s+", "");
        assertTrue(json.startsWith("{\"file\":\"J1.scn\",\"problem\":\"J1\",\"policy\":\"fair\",\"seed\":1,"
                + "\"duration_s\":60,\"interval_s\":1,\"warmup_s\":5,\"intervals\":[{\"start_s\":0,\"end_s\":0.5,"
                + "\"vcpus\":[{\"user\":\"QGP00000\",\"vcpu\":\"0\",\"busy_pct\":49.5,"), json);
        assertTrue(json.contains("\"steals\":{\"same_chip\":1,\"other_chip\":2,\"other_node\":3}"), json);
        assertTrue(json.contains("\"buckets\":[{\"bucket\":\"CP\",\"limit_list_pct\":12.5}],"
                + "\"mean_dispatch_delay_us\":815.5,\"comparison\":{\"file\":\"J1.scn\",\"problem\":\"J1\","
                + "\"observed\":null,\"verdict\":\"PASS\",\"relative\":true,\"mean_error_pct\":2.5,\"max_error_pct\":3,"), json);
        assertTrue(json.endsWith("\"etr\":{\"n\":2,\"mean\":10,\"sd\":0.5},\"mean_dispatch_delay_us\":815.5}}"), json);
    }

    private static String read(Path p) throws Exception {
        return Files.readString(p, StandardCharsets.UTF_8);
    }
}
