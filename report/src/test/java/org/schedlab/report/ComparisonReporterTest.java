package org.schedlab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.schedlab.cell.EtrSummary;
import org.schedlab.cell.RunMetrics;
import org.schedlab.comparator.Comparison;
import org.schedlab.comparator.ErrorAccumulator;
import org.schedlab.comparator.ObservedInterval;
import org.schedlab.comparator.Thresholds;
import org.schedlab.core.io.JsonWriter;

/** The comparison as text and JSON, with and without a run's metrics beside it. */
class ComparisonReporterTest {

    private static String text(String file, String problem, Comparison c, Optional<RunMetrics> metrics) {
        StringWriter out = new StringWriter();
        ReportFormat.TEXT.reporter().comparison(new PrintWriter(out), file, problem, Optional.of(file), c, metrics);
        return out.toString();
    }

    private static String json(String file, String problem, Comparison c, Optional<RunMetrics> metrics) {
        StringWriter out = new StringWriter();
        JsonWriter w = new JsonWriter(out, false);
        JsonReporter.comparison(w, file, problem, Optional.of(file), c, metrics);
        w.finish();
        return out.toString();
    }

    @Test
    void text_withWarmupAndMeanThreshold_listsEverythingAndVerdict() {
        assertEquals("""
                comparison of obs.csv with problem J1
                intervals:
                    0.000-1.000 s  error 100.000%  excluded (warm-up)
                    1.000-2.000 s  error 2.000%
                  11.000-12.000 s  error 3.000%
                  virtual CPU    correct  mean observed
                  QGP00000.0      50.000         48.750
                  QGP00001.0      50.000         48.750
                  QGP00002.0      50.000         48.750
                  QGP00003.0      50.000         48.750
                warm-up: 1 s, 1 interval excluded, 2 counted
                mean error 2.500%, max error 3.000%
                thresholds: max error 5%, mean error 2.5%
                verdict: PASS
                """, text("obs.csv", "J1", Samples.j1Comparison(), Optional.empty()));
    }

    @Test
    void text_withEtrAndDispatchDelay_showsThem() {
        String text = text("run", "J1", Samples.j1Comparison(),
                Optional.of(Samples.metrics(new EtrSummary(60, 1234.5678, 12.3456), 831.04)));
        assertTrue(text.contains("\nETR n/m/sd: 60/1234.568/12.346\nmean dispatch delay: 831 us\nverdict: PASS\n"), text);
    }

    @Test
    void text_allZeroCorrect_saysErrorsAreAbsolute() {
        ErrorAccumulator acc = new ErrorAccumulator(Samples.solve("z.scn", """
                LPAR CP.1
                PROBLEM Z
                USER A CP.100-R
                  VCPU 0 CP 0
                RUNIT
                """), Thresholds.DEFAULT, 0);
        acc.add(new ObservedInterval(0, 1, new double[] {7}));
        assertEquals("""
                comparison of z.csv with problem Z
                the correct vector is all zero, so there is no relative error: errors are absolute, |o - c| in percent of one CPU
                intervals:
                  0.000-1.000 s  abs error 7.000
                  virtual CPU    correct  mean observed
                  A.0              0.000          7.000
                warm-up: 0 s, 0 intervals excluded, 1 counted
                mean abs error 7.000, max abs error 7.000
                thresholds: max abs error 5, mean abs error not set
                verdict: FAIL
                """, text("z.csv", "Z", acc.finish(), Optional.empty()));
    }

    @Test
    void json_fullComparison_hasEveryFieldInOrder() {
        assertEquals("{\"file\":\"obs.csv\",\"problem\":\"J1\",\"observed\":\"obs.csv\",\"verdict\":\"PASS\",\"relative\":true,"
                + "\"mean_error_pct\":2.5,\"max_error_pct\":3,"
                + "\"thresholds\":{\"max_error_pct\":5,\"mean_error_pct\":2.5},"
                + "\"warmup_s\":1,\"excluded_intervals\":1,\"counted_intervals\":2,\"gaps\":1,\"gap_s\":9,\"intervals\":["
                + "{\"start_s\":0,\"end_s\":1,\"error_pct\":100,\"counted\":false},"
                + "{\"start_s\":1,\"end_s\":2,\"error_pct\":2,\"counted\":true},"
                + "{\"start_s\":11,\"end_s\":12,\"error_pct\":3,\"counted\":true}],\"vcpus\":["
                + "{\"user\":\"QGP00000\",\"vcpu\":\"0\",\"correct\":50,\"mean_observed\":48.75},"
                + "{\"user\":\"QGP00001\",\"vcpu\":\"0\",\"correct\":50,\"mean_observed\":48.75},"
                + "{\"user\":\"QGP00002\",\"vcpu\":\"0\",\"correct\":50,\"mean_observed\":48.75},"
                + "{\"user\":\"QGP00003\",\"vcpu\":\"0\",\"correct\":50,\"mean_observed\":48.75}],"
                + "\"etr\":{\"n\":2,\"mean\":10,\"sd\":0.5},\"mean_dispatch_delay_us\":2204}\n",
                json("obs.csv", "J1", Samples.j1Comparison(), Optional.of(Samples.metrics(new EtrSummary(2, 10, 0.5), 2204))));
    }

    @Test
    void json_withoutOptionalFigures_writesNulls() {
        String json = json("f", "J1", Samples.j1Comparison(), Optional.empty());
        assertTrue(json.contains("\"etr\":null,\"mean_dispatch_delay_us\":null}"), json);
        ErrorAccumulator acc = new ErrorAccumulator(Samples.j1(), Thresholds.DEFAULT, 0);
        acc.add(new ObservedInterval(0, 1, new double[] {50, 50, 50, 50}));
        String noMean = json("f", "J1", acc.finish(), Optional.empty());
        assertTrue(noMean.contains("\"thresholds\":{\"max_error_pct\":5,\"mean_error_pct\":null}"), noMean);
    }
}
