package org.schedlab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.schedlab.cell.AggregateResult;
import org.junit.jupiter.api.Test;

/** The results of a test plan in each format that writes them: a PASS, an unexpected PASS, a failed run. */
class TestsReporterTest {

    private static String report(ReportFormat format) {
        return report(format, TestsFixture.results());
    }

    private static String report(ReportFormat format, List<AggregateResult> results) {
        StringWriter out = new StringWriter();
        format.reporter().tests(new PrintWriter(out), results, TestsFixture.THRESHOLDS);
        return out.toString();
    }

    @Test
    void text_oneSeed_headerLinesErrorAndSummary() {
        assertEquals("""
                verdict  problem  policy  mean%  max%  delay_us  expected  file
                PASS     J1       fair     2.50  3.00    815.50  PASS      J1.scn
                PASS     J1       zvm63    2.50  3.00    815.50  FAIL      J1.scn  UNEXPECTED
                ERROR    J1       zvm64       -     -         -  PASS      J1.scn  UNEXPECTED
                         policy <x> threw "boom" & stopped

                schedlab test: 3 checks: 2 PASS, 0 FAIL, 1 ERROR; 2 not as expected
                """, report(ReportFormat.TEXT));
    }

    @Test
    void text_severalSeeds_spreadColumnsSeedNoteAndSeededErrors() {
        assertEquals("""
                verdict  problem  policy  mean%min  mean%med  mean%max  max%min  max%med  max%max  delay_us  expected  file
                FAIL     J1       fair        1.00      2.00     10.00     1.00     2.00    10.00    800.00  PASS      J1.scn  UNEXPECTED
                         ! verdict depends on the seed: PASS on 1,3, FAIL on 2
                ERROR    J1       zvm64       0.00      1.00      2.00     0.00     1.00     2.00    700.00  FAIL      J1.scn  UNEXPECTED
                         ! verdict depends on the seed: PASS on 1,3, ERROR on 2
                         seed 2: timed out

                schedlab test: 2 checks over seeds 1..3, each judged by its worst seed: 0 PASS, 1 FAIL, 1 ERROR; 2 depend on the seed; 2 not as expected
                """, report(ReportFormat.TEXT, TestsFixture.seeded()));
    }

    @Test
    void text_header_namesEveryColumnAlignedWithTheFigures() {
        List<String> lines = report(ReportFormat.TEXT).lines().toList();
        String header = lines.get(0);
        String row = lines.get(1);
        // Figures are right-aligned under their column name: each name ends where its figure ends.
        for (String column : List.of("mean%", "max%", "delay_us")) {
            int end = header.indexOf(column) + column.length();
            assertTrue(end <= row.length() && row.charAt(end - 1) != ' ' && (end == row.length() || row.charAt(end) == ' '),
                    column + " misaligned:\n" + header + "\n" + row);
        }
    }

    @Test
    void json_oneSeed_superset_expectationSpreadRunsAndErrorReason() {
        assertEquals("""
                {
                  "thresholds": {
                    "max_error_pct": 5,
                    "mean_error_pct": 2.5
                  },
                  "settings": null,
                  "seeds": [
                    1
                  ],
                  "results": [
                    {
                      "file": "J1.scn",
                      "problem": "J1",
                      "policy": "fair",
                      "verdict": "PASS",
                      "expected": "PASS",
                      "expected_listed": false,
                      "as_expected": true,
                      "seeds": [
                        1
                      ],
                      "seed_dependent": false,
                      "seed_note": null,
                      "mean_error_pct": 2.5,
                      "max_error_pct": 3,
                      "mean_dispatch_delay_us": 815.5,
                      "mean_error_spread": {
                        "min": 2.5,
                        "median": 2.5,
                        "max": 2.5
                      },
                      "max_error_spread": {
                        "min": 3,
                        "median": 3,
                        "max": 3
                      },
                      "dispatch_delay_spread": {
                        "min": 815.5,
                        "median": 815.5,
                        "max": 815.5
                      },
                      "error": null,
                      "runs": [
                        {
                          "seed": 1,
                          "verdict": "PASS",
                          "mean_error_pct": 2.5,
                          "max_error_pct": 3,
                          "mean_dispatch_delay_us": 815.5,
                          "error": null
                        }
                      ]
                    },
                    {
                      "file": "J1.scn",
                      "problem": "J1",
                      "policy": "zvm63",
                      "verdict": "PASS",
                      "expected": "FAIL",
                      "expected_listed": true,
                      "as_expected": false,
                      "seeds": [
                        1
                      ],
                      "seed_dependent": false,
                      "seed_note": null,
                      "mean_error_pct": 2.5,
                      "max_error_pct": 3,
                      "mean_dispatch_delay_us": 815.5,
                      "mean_error_spread": {
                        "min": 2.5,
                        "median": 2.5,
                        "max": 2.5
                      },
                      "max_error_spread": {
                        "min": 3,
                        "median": 3,
                        "max": 3
                      },
                      "dispatch_delay_spread": {
                        "min": 815.5,
                        "median": 815.5,
                        "max": 815.5
                      },
                      "error": null,
                      "runs": [
                        {
                          "seed": 1,
                          "verdict": "PASS",
                          "mean_error_pct": 2.5,
                          "max_error_pct": 3,
                          "mean_dispatch_delay_us": 815.5,
                          "error": null
                        }
                      ]
                    },
                    {
                      "file": "J1.scn",
                      "problem": "J1",
                      "policy": "zvm64",
                      "verdict": "ERROR",
                      "expected": "PASS",
                      "expected_listed": false,
                      "as_expected": false,
                      "seeds": [
                        1
                      ],
                      "seed_dependent": false,
                      "seed_note": null,
                      "mean_error_pct": null,
                      "max_error_pct": null,
                      "mean_dispatch_delay_us": null,
                      "mean_error_spread": null,
                      "max_error_spread": null,
                      "dispatch_delay_spread": null,
                      "error": "policy <x> threw \\"boom\\" & stopped",
                      "runs": [
                        {
                          "seed": 1,
                          "verdict": "ERROR",
                          "mean_error_pct": null,
                          "max_error_pct": null,
                          "mean_dispatch_delay_us": null,
                          "error": "policy <x> threw \\"boom\\" & stopped"
                        }
                      ]
                    }
                  ],
                  "summary": {
                    "checks": 3,
                    "pass": 2,
                    "fail": 0,
                    "error": 1,
                    "seed_dependent": 0,
                    "not_as_expected": 2
                  }
                }
                """, report(ReportFormat.JSON));
    }

    @Test
    void json_severalSeeds_worstFiguresSpreadAndSeedNote() {
        assertEquals("""
                {
                  "thresholds": {
                    "max_error_pct": 5,
                    "mean_error_pct": 2.5
                  },
                  "settings": null,
                  "seeds": [
                    1,
                    2,
                    3
                  ],
                  "results": [
                    {
                      "file": "J1.scn",
                      "problem": "J1",
                      "policy": "fair",
                      "verdict": "FAIL",
                      "expected": "PASS",
                      "expected_listed": false,
                      "as_expected": false,
                      "seeds": [
                        1,
                        2,
                        3
                      ],
                      "seed_dependent": true,
                      "seed_note": "verdict depends on the seed: PASS on 1,3, FAIL on 2",
                      "mean_error_pct": 10,
                      "max_error_pct": 10,
                      "mean_dispatch_delay_us": 800,
                      "mean_error_spread": {
                        "min": 1,
                        "median": 2,
                        "max": 10
                      },
                      "max_error_spread": {
                        "min": 1,
                        "median": 2,
                        "max": 10
                      },
                      "dispatch_delay_spread": {
                        "min": 700,
                        "median": 800,
                        "max": 900
                      },
                      "error": null,
                      "runs": [
                        {
                          "seed": 1,
                          "verdict": "PASS",
                          "mean_error_pct": 2,
                          "max_error_pct": 2,
                          "mean_dispatch_delay_us": 800,
                          "error": null
                        },
                        {
                          "seed": 2,
                          "verdict": "FAIL",
                          "mean_error_pct": 10,
                          "max_error_pct": 10,
                          "mean_dispatch_delay_us": 900,
                          "error": null
                        },
                        {
                          "seed": 3,
                          "verdict": "PASS",
                          "mean_error_pct": 1,
                          "max_error_pct": 1,
                          "mean_dispatch_delay_us": 700,
                          "error": null
                        }
                      ]
                    },
                    {
                      "file": "J1.scn",
                      "problem": "J1",
                      "policy": "zvm64",
                      "verdict": "ERROR",
                      "expected": "FAIL",
                      "expected_listed": true,
                      "as_expected": false,
                      "seeds": [
                        1,
                        2,
                        3
                      ],
                      "seed_dependent": true,
                      "seed_note": "verdict depends on the seed: PASS on 1,3, ERROR on 2",
                      "mean_error_pct": 2,
                      "max_error_pct": 2,
                      "mean_dispatch_delay_us": 700,
                      "mean_error_spread": {
                        "min": 0,
                        "median": 1,
                        "max": 2
                      },
                      "max_error_spread": {
                        "min": 0,
                        "median": 1,
                        "max": 2
                      },
                      "dispatch_delay_spread": {
                        "min": 600,
                        "median": 700,
                        "max": 800
                      },
                      "error": "timed out",
                      "runs": [
                        {
                          "seed": 1,
                          "verdict": "PASS",
                          "mean_error_pct": 2,
                          "max_error_pct": 2,
                          "mean_dispatch_delay_us": 800,
                          "error": null
                        },
                        {
                          "seed": 2,
                          "verdict": "ERROR",
                          "mean_error_pct": null,
                          "max_error_pct": null,
                          "mean_dispatch_delay_us": null,
                          "error": "timed out"
                        },
                        {
                          "seed": 3,
                          "verdict": "PASS",
                          "mean_error_pct": 0,
                          "max_error_pct": 0,
                          "mean_dispatch_delay_us": 600,
                          "error": null
                        }
                      ]
                    }
                  ],
                  "summary": {
                    "checks": 2,
                    "pass": 0,
                    "fail": 1,
                    "error": 1,
                    "seed_dependent": 2,
                    "not_as_expected": 2
                  }
                }
                """, report(ReportFormat.JSON, TestsFixture.seeded()));
    }

    @Test
    void markdown_oneSeed_problemRowsPolicyColumnsThenFigures() {
        assertEquals("""
                Verdicts (PASS when every counted interval's error is at most 5% and the mean at most 2.5%. A cell is the verdict and the max error in percent; * marks a verdict that depends on the seed, (expected X) one that is not as expected):

                | problem | fair | zvm63 | zvm64 |
                |---|---|---|---|
                | J1 | PASS 3.00 | PASS 3.00 (expected FAIL) | ERROR (expected PASS) |

                - J1 under zvm64: run failed: policy <x> threw "boom" & stopped

                Per check:

                | problem | policy | verdict | expected | mean error % | max error % | mean dispatch delay us |
                |---|---|---|---|---:|---:|---:|
                | J1 | fair | PASS | PASS | 2.50 | 3.00 | 816 |
                | J1 | zvm63 | PASS | FAIL (not met) | 2.50 | 3.00 | 816 |
                | J1 | zvm64 | ERROR | PASS (not met) | - | - | - |

                schedlab test: 3 checks: 2 PASS, 0 FAIL, 1 ERROR; 2 not as expected
                """, report(ReportFormat.MARKDOWN));
    }

    @Test
    void markdown_severalSeeds_cellsCarryTheSpreadAndNotesNameTheSeeds() {
        assertEquals("""
                Verdicts (PASS when every counted interval's error is at most 5% and the mean at most 2.5%; each check judged by the worst of seeds 1..3. A cell is the verdict, the worst seed's max error in percent, and [min, median, max] of the max error over the seeds; * marks a verdict that depends on the seed, (expected X) one that is not as expected):

                | problem | fair | zvm64 |
                |---|---|---|
                | J1 | FAIL* 10.00 [1.00, 2.00, 10.00] (expected PASS) | ERROR* 2.00 [0.00, 1.00, 2.00] (expected FAIL) |

                - J1 under fair: verdict depends on the seed: PASS on 1,3, FAIL on 2
                - J1 under zvm64: verdict depends on the seed: PASS on 1,3, ERROR on 2
                - J1 under zvm64, seed 2: run failed: timed out

                Per check:

                | problem | policy | verdict | expected | seeds | mean error % (min / median / max) | max error % (min / median / max) | mean dispatch delay us (median) |
                |---|---|---|---|---|---:|---:|---:|
                | J1 | fair | FAIL | PASS (not met) | 1..3 | 1.00 / 2.00 / 10.00 | 1.00 / 2.00 / 10.00 | 800 |
                | J1 | zvm64 | ERROR | FAIL (not met) | 1..3 | 0.00 / 1.00 / 2.00 | 0.00 / 1.00 / 2.00 | 700 |

                schedlab test: 2 checks over seeds 1..3, each judged by its worst seed: 0 PASS, 1 FAIL, 1 ERROR; 2 depend on the seed; 2 not as expected
                """, report(ReportFormat.MARKDOWN, TestsFixture.seeded()));
    }

    @Test
    void junitXml_oneSeed_failureForUnexpectedErrorForFailedRunEscaped() {
        assertEquals("""
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuite name="schedlab" tests="3" failures="1" errors="1" skipped="0" time="0.875">
                  <properties>
                    <property name="seed" value="1"/>
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

    @Test
    void junitXml_severalSeeds_worstVerdictSeedNoteAndSpreadInSystemOut() {
        assertEquals("""
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuite name="schedlab" tests="2" failures="1" errors="1" skipped="0" time="1.125">
                  <properties>
                    <property name="seeds" value="1,2,3"/>
                    <property name="max-error-pct" value="5"/>
                    <property name="mean-error-pct" value="2.5"/>
                  </properties>
                  <testcase classname="J1" name="J1 [fair]" time="0.750">
                    <failure type="verdict" message="verdict FAIL, expected PASS: mean error 10.00%, max error 10.00% (worst of seeds 1..3); verdict depends on the seed: PASS on 1,3, FAIL on 2">verdict FAIL, expected PASS: mean error 10.00%, max error 10.00%
                thresholds: max error 5%, mean error not set
                virtual CPU    correct   observed  difference
                QGP00000.0      50.000     45.000      -5.000
                QGP00001.0      50.000     45.000      -5.000
                QGP00002.0      50.000     45.000      -5.000
                QGP00003.0      50.000     45.000      -5.000
                </failure>
                    <system-out>seeds 1..3: mean error % min/median/max 1.00/2.00/10.00, max error % min/median/max 1.00/2.00/10.00; verdict depends on the seed: PASS on 1,3, FAIL on 2</system-out>
                  </testcase>
                  <testcase classname="J1" name="J1 [zvm64]" time="0.375">
                    <error type="run" message="seed 2: timed out; verdict depends on the seed: PASS on 1,3, ERROR on 2"/>
                    <system-out>seeds 1..3: mean error % min/median/max 0.00/1.00/2.00, max error % min/median/max 0.00/1.00/2.00; verdict depends on the seed: PASS on 1,3, ERROR on 2</system-out>
                  </testcase>
                </testsuite>
                """, report(ReportFormat.JUNIT_XML, TestsFixture.seeded()));
    }
}
