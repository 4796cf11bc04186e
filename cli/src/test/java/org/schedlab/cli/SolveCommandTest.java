package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SolveCommandTest {

    /**
     * Two users of RELATIVE 100 on two CPs (capacity 200, entitlement 100 each). alice wants as much as
     * she can get but is held to ABSOLUTE 25% LIMITHARD (200 x 25 / 100 = 50); her second virtual CPU,
     * written in lower case, is stopped; bob wants 30. Allocated: 50 + 30 = 80.
     */
    static final String SMALL = """
            LPAR CP.2
            PROBLEM T1
            USER alice CP.100-R,25-AL
              VCPU a CP *
              VCPU 1b CP 40 STOPPED
            USER bob CP.100-R
              VCPU 0 CP 30
            RUNIT
            """;

    static final List<String> VCPU_KEYS =
            List.of("user", "vcpu", "type", "pool", "demand", "stopped", "entitlement", "limit", "correct");

    @TempDir
    Path dir;

    @Test
    void solve_mz0Text_containsTheSpecsZiipAnswers() {
        Cli.Result r = Cli.run("solve", Cli.scenarioArg("MZ0"));

        r.assertExit(0);
        assertEquals("", r.err());
        Map<String, String> correct = new java.util.HashMap<>();
        for (String line : r.outLines()) {
            String[] f = line.trim().split("\\s+");
            if (f.length > 0 && f[0].startsWith("QGP")) {
                correct.put(f[0], f[f.length - 1]);
            }
        }
        assertEquals("2.000", correct.get("QGP00000.1"), r::all);
        assertEquals("5.000", correct.get("QGP00000.2"), r::all);
        assertEquals("8.000", correct.get("QGP00001.3"), r::all);
        assertEquals("14.833", correct.get("QGP00002.1"), r::all);
        assertEquals("14.833", correct.get("QGP00002.2"), r::all);
        assertEquals("29.667", correct.get("QGP00003.1"), r::all);
        assertEquals("29.667", correct.get("QGP00003.2"), r::all);
        assertEquals("44.500", correct.get("QGP00004.1"), r::all);
        assertEquals("44.500", correct.get("QGP00004.2"), r::all);
        assertEquals("0.000", correct.get("QGP00004.0"), r::all);
    }

    @Test
    void solve_smallProblemJson_isExactlyTheDocumentedDocument() {
        Path f = Cli.write(dir.resolve("small.scn"), SMALL);

        Cli.Result r = Cli.run("solve", f.toString(), "--format", "json");

        r.assertExit(0);
        assertEquals("", r.err());
        String expected = """
                {
                  "file": "%s",
                  "problems": [
                    {
                      "name": "T1",
                      "pools": [
                        {
                          "type": "CP",
                          "capacity": 200,
                          "allocated": 80,
                          "idle": 120
                        }
                      ],
                      "vcpus": [
                        {
                          "user": "alice",
                          "vcpu": "A",
                          "type": "CP",
                          "pool": "CP",
                          "demand": "*",
                          "stopped": false,
                          "entitlement": 100,
                          "limit": 50,
                          "correct": 50
                        },
                        {
                          "user": "alice",
                          "vcpu": "1B",
                          "type": "CP",
                          "pool": "CP",
                          "demand": 40,
                          "stopped": true,
                          "entitlement": 0,
                          "limit": null,
                          "correct": 0
                        },
                        {
                          "user": "bob",
                          "vcpu": "0",
                          "type": "CP",
                          "pool": "CP",
                          "demand": 30,
                          "stopped": false,
                          "entitlement": 100,
                          "limit": null,
                          "correct": 30
                        }
                      ]
                    }
                  ]
                }
                """.formatted(f.toString());
        assertEquals(expected, r.out());
    }

    @Test
    void solve_j3Json_hasTheDocumentedShapeAndAnswersInFileOrder() {
        Cli.Result r = Cli.run("solve", Cli.scenarioArg("J3"), "--problem", "J3", "--format", "json");

        r.assertExit(0);
        Map<String, Object> doc = Json.object(Json.parse(r.out()));
        assertEquals(List.of("file", "problems"), List.copyOf(doc.keySet()));
        assertEquals(Cli.scenarioArg("J3"), doc.get("file"));
        List<Object> problems = Json.array(doc.get("problems"));
        assertEquals(1, problems.size());
        Map<String, Object> p = Json.object(problems.get(0));
        assertEquals(List.of("name", "pools", "vcpus"), List.copyOf(p.keySet()));
        assertEquals("J3", p.get("name"));
        List<Object> pools = Json.array(p.get("pools"));
        assertEquals(1, pools.size());
        Map<String, Object> cp = Json.object(pools.get(0));
        assertEquals(List.of("type", "capacity", "allocated", "idle"), List.copyOf(cp.keySet()));
        assertEquals("CP", cp.get("type"));
        assertEquals(200.0, cp.get("capacity"));
        assertEquals(200.0, cp.get("allocated"));

        List<Object> vcpus = Json.array(p.get("vcpus"));
        double[] answers = {24.5, 49, 24.5, 98, 2, 2};
        assertEquals(answers.length, vcpus.size());
        for (int i = 0; i < answers.length; i++) {
            Map<String, Object> v = Json.object(vcpus.get(i));
            assertEquals(VCPU_KEYS, List.copyOf(v.keySet()));
            assertEquals("QGP0000" + i, v.get("user"), "file order");
            assertEquals("0", v.get("vcpu"));
            assertEquals("CP", v.get("type"));
            assertEquals("CP", v.get("pool"));
            assertEquals(answers[i], (Double) v.get("correct"), 1e-9, "correct of QGP0000" + i);
            assertEquals(Json.NULL, v.get("limit"));
            assertEquals(i < 4 ? "*" : (Object) 2.0, v.get("demand"), "demand of QGP0000" + i);
        }
    }

    @Test
    void solve_csv_hasHeaderAndOneRowPerVcpu() {
        Cli.Result r = Cli.run("solve", Cli.scenarioArg("J3"), "--format", "csv");

        r.assertExit(0);
        assertEquals(List.of(
                "problem,user,vcpu,type,pool,demand,entitlement,limit,correct",
                "J3,QGP00000,0,CP,CP,*,12.5,,24.5",
                "J3,QGP00001,0,CP,CP,*,25,,49",
                "J3,QGP00002,0,CP,CP,*,12.5,,24.5",
                "J3,QGP00003,0,CP,CP,*,50,,98",
                "J3,QGP00004,0,CP,CP,2,50,,2",
                "J3,QGP00005,0,CP,CP,2,50,,2"), r.outLines());
    }

    @Test
    void solve_problemOption_selectsOneOfSeveral() {
        Path f = Cli.write(dir.resolve("two.scn"), SMALL + SMALL.replace("T1", "T2").replace("25-AL", "75-AL"));

        Cli.Result r = Cli.run("solve", f.toString(), "--problem", "t2", "--format", "csv");

        r.assertExit(0);
        assertEquals(4, r.outLines().size(), r::all);
        assertTrue(r.outLines().subList(1, 4).stream().allMatch(l -> l.startsWith("T2,")), r::all);
        // 75% of 200 does not bind: alice gets everything bob leaves, 170, capped at 100 for one VCPU.
        assertEquals("T2,alice,A,CP,CP,*,100,150,100", r.outLines().get(1));
    }

    @Test
    void solve_unknownProblem_exitsTwoNamingTheFilesProblems() {
        Path f = Cli.write(dir.resolve("two.scn"), SMALL + SMALL.replace("T1", "T2"));

        Cli.Result r = Cli.run("solve", f.toString(), "--problem", "T3");

        r.assertExit(2);
        r.assertNoStackTrace();
        assertEquals("", r.out());
        assertEquals(1, r.errLines().size(), r::all);
        assertTrue(r.err().contains("T3") && r.err().contains("T1, T2"), r::all);
    }

    @Test
    void solve_badFormat_exitsTwoWithUsageHint() {
        Cli.Result r = Cli.run("solve", Cli.scenarioArg("J1"), "--format", "xml");

        r.assertExit(2);
        r.assertNoStackTrace();
        assertEquals("", r.out());
        assertTrue(r.err().contains("--format") && r.err().contains("xml"), r::all);
    }

    @Test
    void solve_fileWithErrors_exitsTwoWithDiagnosticsAndNoSolution() {
        Path bad = Cli.write(dir.resolve("bad.scn"), CheckCommandTest.THREE_MISTAKES);

        Cli.Result r = Cli.run("solve", bad.toString(), "--format", "json");

        r.assertExit(2);
        r.assertNoStackTrace();
        assertEquals("", r.out());
        assertEquals(3, r.errLines().size(), r::all);
    }

    @Test
    void solve_missingFile_exitsTwoWithOneLine() {
        Cli.Result r = Cli.run("solve", dir.resolve("nope.scn").toString());

        r.assertExit(2);
        assertEquals(1, r.errLines().size(), r::all);
        assertTrue(r.err().contains("no such file"), r::all);
    }
}
