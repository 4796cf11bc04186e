package org.schedlab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The results of a test plan in each format that writes them: a PASS, an unexpected PASS, a failed run. */
class TestsReporterTest {

    private static String report(ReportFormat format) {
        StringWriter out = new StringWriter();
        format.reporter().tests(new PrintWriter(out), TestsFixture.results(), TestsFixture.THRESHOLDS);
        return out.toString();
    }

    @Test
    void text_mixedResults_linesErrorAndSummary() {
        assertEquals("""
                PASS   J1  fair   mean    2.50%  max    3.00%  delay    815.50 us  J1.scn
                PASS   J1  zvm63  mean    2.50%  max    3.00%  delay    815.50 us  J1.scn  UNEXPECTED: expected FAIL
                ERROR  J1  zvm64  mean       -%  max       -%  delay         - us  J1.scn
                       policy <x> threw "boom" & stopped

                schedlab test: 3 checks: 2 PASS, 0 FAIL, 1 ERROR; 2 not as expected
                """, report(ReportFormat.TEXT));
    }

    @Test
    void json_mixedResults_nullFiguresForFailedRun() {
        assertEquals("""
                {
                  "results": [
                    {
                      "file": "J1.scn",
                      "problem": "J1",
                      "policy": "fair",
                      "verdict": "PASS",
                      "mean_error_pct": 2.5,
                      "max_error_pct": 3,
                      "mean_dispatch_delay_us": 815.5
                    },
                    {
                      "file": "J1.scn",
                      "problem": "J1",
                      "policy": "zvm63",
                      "verdict": "PASS",
                      "mean_error_pct": 2.5,
                      "max_error_pct": 3,
                      "mean_dispatch_delay_us": 815.5
                    },
                    {
                      "file": "J1.scn",
                      "problem": "J1",
                      "policy": "zvm64",
                      "verdict": "ERROR",
                      "mean_error_pct": null,
                      "max_error_pct": null,
                      "mean_dispatch_delay_us": null
                    }
                  ]
                }
                """, report(ReportFormat.JSON));
    }

    @Test
    void markdown_mixedResults_verdictTableThenFigures() {
        assertEquals("""
                Verdicts (PASS when every counted interval's error is at most 5% and the mean at most 2.5%):

                | policy | J1 |
                |---|---|
                | fair | PASS |
                | zvm63 | PASS |
                | zvm64 | ERROR |

                | problem | policy | verdict | mean error % | max error % | mean dispatch delay us |
                |---|---|---|---:|---:|---:|
                | J1 | fair | PASS | 2.50 | 3.00 | 816 |
                | J1 | zvm63 | PASS | 2.50 | 3.00 | 816 |
                | J1 | zvm64 | ERROR | - | - | - |
                """, report(ReportFormat.MARKDOWN));
    }

    @Test
    void junitXml_mixedResults_failureWithVcpuTableErrorForFailedRunEscaped() {
        assertEquals("""
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuite name="schedlab" tests="3" failures="1" errors="1" skipped="0" time="0.875">
                  <properties>
                    <property name="max-error-pct" value="5"/>
                    <property name="mean-error-pct" value="2.5"/>
                  </properties>
                  <testcase classname="J1" name="J1 [fair]" time="0.250"/>
                  <testcase classname="J1" name="J1 [zvm63]" time="0.500">
                    <failure type="verdict" message="verdict PASS, expected FAIL: mean error 2.50%, max error 3.00%">verdict PASS, expected FAIL: mean error 2.50%, max error 3.00%
                thresholds: max error 5%, mean error 2.5%
                virtual CPU    correct   observed  difference
                QGP00000.0      50.000     48.750      -1.250
                QGP00001.0      50.000     48.750      -1.250
                QGP00002.0      50.000     48.750      -1.250
                QGP00003.0      50.000     48.750      -1.250
                </failure>
                  </testcase>
                  <testcase classname="J1" name="J1 [zvm64]" time="0.125">
                    <error type="run" message="policy &lt;x&gt; threw &quot;boom&quot; &amp; stopped"/>
                  </testcase>
                </testsuite>
                """, report(ReportFormat.JUNIT_XML));
    }

    @Test
    void junitXml_runFacts_suiteTimeIsWallTimeAndSeedsAreProperties() {
        StringWriter out = new StringWriter();
        ReportFormat.JUNIT_XML.reporter().tests(new PrintWriter(out), TestsFixture.results(), TestsFixture.THRESHOLDS,
                new TestRunFacts(0.5, List.of(3L, 1L, 3L)));
        String xml = out.toString();

        assertTrue(xml.contains("skipped=\"0\" time=\"0.500\">\n  <properties>\n    <property name=\"seeds\" value=\"1,3\"/>\n"),
                xml);
    }

    @Test
    void junitXml_oneSeed_seedProperty() {
        StringWriter out = new StringWriter();
        ReportFormat.JUNIT_XML.reporter().tests(new PrintWriter(out), TestsFixture.results(), TestsFixture.THRESHOLDS,
                new TestRunFacts(2, List.of(7L)));

        assertTrue(out.toString().contains("<property name=\"seed\" value=\"7\"/>"), out.toString());
    }

    @Test
    void otherFormats_runFacts_sameAsWithout() {
        for (ReportFormat f : List.of(ReportFormat.TEXT, ReportFormat.JSON, ReportFormat.MARKDOWN)) {
            StringWriter out = new StringWriter();
            f.reporter().tests(new PrintWriter(out), TestsFixture.results(), TestsFixture.THRESHOLDS,
                    new TestRunFacts(9, List.of(1L)));
            assertEquals(report(f), out.toString(), f.label());
        }
    }
}
