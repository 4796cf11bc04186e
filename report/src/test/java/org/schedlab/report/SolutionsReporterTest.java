package org.schedlab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The solver's answers in each format that writes them: a running, a stopped and a limited virtual CPU. */
class SolutionsReporterTest {

    private static String report(ReportFormat format) {
        StringWriter out = new StringWriter();
        format.reporter().solutions(new PrintWriter(out), "small.scn", List.of(Samples.solve("small.scn", Samples.SMALL)));
        return out.toString();
    }

    @Test
    void text_smallProblem_poolsThenVcpusAligned() {
        assertEquals("""
                problem S  (small.scn)
                  pool     capacity  allocated       idle
                  CP        100.000    100.000      0.000

                  vcpu         type  pool    demand  entitlement      limit    correct
                  A.0          CP    CP          30       50.000          -     30.000
                  A.1          CP    CP     stopped        0.000          -      0.000
                  B.0          CP    CP           *       50.000     40.000     70.000
                """, report(ReportFormat.TEXT));
    }

    @Test
    void json_smallProblem_starForUnboundedDemandStoppedFlagAndNullForNoLimit() {
        assertEquals("""
                {
                  "file": "small.scn",
                  "problems": [
                    {
                      "name": "S",
                      "pools": [
                        {
                          "type": "CP",
                          "capacity": 100,
                          "allocated": 100,
                          "idle": 0
                        }
                      ],
                      "vcpus": [
                        {
                          "user": "A",
                          "vcpu": "0",
                          "type": "CP",
                          "pool": "CP",
                          "demand": 30,
                          "stopped": false,
                          "entitlement": 50,
                          "limit": null,
                          "correct": 30
                        },
                        {
                          "user": "A",
                          "vcpu": "1",
                          "type": "CP",
                          "pool": "CP",
                          "demand": "*",
                          "stopped": true,
                          "entitlement": 0,
                          "limit": null,
                          "correct": 0
                        },
                        {
                          "user": "B",
                          "vcpu": "0",
                          "type": "CP",
                          "pool": "CP",
                          "demand": "*",
                          "stopped": false,
                          "entitlement": 50,
                          "limit": 40,
                          "correct": 70
                        }
                      ]
                    }
                  ]
                }
                """, report(ReportFormat.JSON));
    }

    @Test
    void csv_smallProblem_oneRowPerVcpu() {
        assertEquals("""
                problem,user,vcpu,type,pool,demand,entitlement,limit,correct
                S,A,0,CP,CP,30,50,,30
                S,A,1,CP,CP,stopped,0,,0
                S,B,0,CP,CP,*,50,40,70
                """, report(ReportFormat.CSV));
    }
}
