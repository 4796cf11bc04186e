package org.schedlab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.schedlab.cell.TestResult;

/** The failure text every JUnit-shaped report shows: verdict line, thresholds, per-virtual-CPU table. */
class VerdictDetailsTest {

    private static final List<TestResult> RESULTS = TestsFixture.results().stream().flatMap(r -> r.runs().stream()).toList();

    @Test
    void describe_completedRun_headlineThresholdsAndTable() {
        assertEquals("""
                verdict PASS, expected FAIL: mean error 2.50%, max error 3.00%
                thresholds: max error 5%, mean error 2.5%
                virtual CPU    correct   observed  difference
                QGP00000.0      50.000     48.750      -1.250
                QGP00001.0      50.000     48.750      -1.250
                QGP00002.0      50.000     48.750      -1.250
                QGP00003.0      50.000     48.750      -1.250
                """, VerdictDetails.describe(RESULTS.get(1)));
    }

    @Test
    void describe_failedRun_headlineWithTheRunsErrorAndNoTable() {
        assertEquals("verdict ERROR, expected PASS: policy <x> threw \"boom\" & stopped\n",
                VerdictDetails.describe(RESULTS.get(2)));
    }
}
