package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * J1's correct vector is (50, 50, 50, 50), |c| = 100, so an interval's error in percent is simply the
 * Euclidean length of its deviation. The measurement built here has ten 1 s intervals, all exact except:
 * interval 0-1, QGP00000 at 70 (error 20%); interval 4-5, QGP00002 at 53 and QGP00003 at 46
 * (error sqrt(3² + 4²) = 5%).
 */
class CompareCommandTest {

    static final double OFF_FIRST = 100 * 20.0 / 100;
    static final double OFF_FIFTH = 100 * Math.sqrt(3 * 3 + 4 * 4) / 100;

    @TempDir
    Path dir;

    static String j1Measurement() {
        StringBuilder sb = new StringBuilder("start_s,end_s,user,vcpu,busy_pct\n");
        for (int t = 0; t < 10; t++) {
            for (int u = 0; u < 4; u++) {
                int busy = 50;
                if (t == 0 && u == 0) {
                    busy = 70;
                } else if (t == 4 && u == 2) {
                    busy = 53;
                } else if (t == 4 && u == 3) {
                    busy = 46;
                }
                sb.append(t).append(',').append(t + 1).append(",QGP0000").append(u).append(",0,").append(busy).append('\n');
            }
        }
        return sb.toString();
    }

    private Path observed() {
        return Cli.write(dir.resolve("j1.csv"), j1Measurement());
    }

    private static Map<String, Object> json(Cli.Result r) {
        return Json.object(Json.parse(r.out()));
    }

    private static double number(Map<String, Object> m, String key) {
        return (Double) m.get(key);
    }

    @Test
    void compare_knownError_reportsExactMeanAndMaxAndFails() {
        Cli.Result r = Cli.run("compare", Cli.scenarioArg("J1"), "--observed", observed().toString(), "--format", "json",
                "--warmup", "0");

        r.assertExit(1);
        Map<String, Object> j = json(r);
        assertEquals("FAIL", j.get("verdict"));
        assertEquals("J1", j.get("problem"));
        assertEquals((OFF_FIRST + OFF_FIFTH) / 10, number(j, "mean_error_pct"), 1e-9);
        assertEquals(OFF_FIRST, number(j, "max_error_pct"), 1e-9);
        assertTrue(r.out().contains("\"mean_error_pct\": 2.5,"), r::all);
        assertTrue(r.out().contains("\"max_error_pct\": 20,"), r::all);
        List<Object> intervals = Json.array(j.get("intervals"));
        assertEquals(10, intervals.size());
        assertEquals(OFF_FIFTH, number(Json.object(intervals.get(4)), "error_pct"), 1e-9);
        assertEquals(0.0, number(Json.object(intervals.get(5)), "error_pct"), 1e-12);
        Map<String, Object> v0 = Json.object(Json.array(j.get("vcpus")).get(0));
        assertEquals((70 + 9 * 50) / 10.0, number(v0, "mean_observed"), 1e-9);
    }

    @Test
    void compare_warmupExcludesTheBadFirstInterval_passes() {
        Cli.Result r = Cli.run("compare", Cli.scenarioArg("J1"), "--observed", observed().toString(),
                "--warmup", "1s", "--format", "json");

        r.assertExit(0);
        Map<String, Object> j = json(r);
        assertEquals("PASS", j.get("verdict"));
        assertEquals(OFF_FIFTH / 9, number(j, "mean_error_pct"), 1e-9);
        assertEquals(OFF_FIFTH, number(j, "max_error_pct"), 1e-9);
        assertEquals(1.0, number(j, "excluded_intervals"));
        assertEquals(1.0, number(j, "warmup_s"));
        Map<String, Object> first = Json.object(Json.array(j.get("intervals")).get(0));
        assertEquals(Boolean.FALSE, first.get("counted"));
        assertEquals(OFF_FIRST, number(first, "error_pct"), 1e-9, "an excluded interval is still listed");
        Map<String, Object> v0 = Json.object(Json.array(j.get("vcpus")).get(0));
        assertEquals(50.0, number(v0, "mean_observed"), 1e-9, "the warm-up is left out of the means too");
    }

    @Test
    void compare_maxErrorBelowTheError_failsWithExitOne() {
        Cli.Result r = Cli.run("compare", Cli.scenarioArg("J1"), "--observed", observed().toString(),
                "--warmup", "1", "--max-error", "4.99");

        r.assertExit(1);
        assertTrue(r.out().contains("verdict: FAIL"), r::all);
        assertTrue(r.out().contains("mean error 0.556%, max error 5.000%"), r::all);
    }

    @Test
    void compare_maxErrorAtTheError_passes() {
        Cli.Result r = Cli.run("compare", Cli.scenarioArg("J1"), "--observed", observed().toString(),
                "--warmup", "1s", "--max-error", "5");

        r.assertExit(0);
        assertTrue(r.out().contains("verdict: PASS"), r::all);
    }

    @Test
    void compare_meanErrorThreshold_judgesTheMeanToo() {
        String obs = observed().toString();
        // mean after the warm-up is 5/9 = 0.556%: 0.5 fails it, 0.6 passes it; max 5 passes in both.
        Cli.Result fail = Cli.run("compare", Cli.scenarioArg("J1"), "--observed", obs, "--warmup", "1s",
                "--mean-error", "0.5", "--format", "json");
        Cli.Result pass = Cli.run("compare", Cli.scenarioArg("J1"), "--observed", obs, "--warmup", "1s",
                "--mean-error", "0.6", "--format", "json");

        fail.assertExit(1);
        assertEquals("FAIL", json(fail).get("verdict"));
        assertEquals(0.5, number(Json.object(json(fail).get("thresholds")), "mean_error_pct"));
        pass.assertExit(0);
        assertEquals("PASS", json(pass).get("verdict"));
    }

    @Test
    void compare_warmupCoveringEveryInterval_exitsTwo() {
        Cli.Result r = Cli.run("compare", Cli.scenarioArg("J1"), "--observed", observed().toString(), "--warmup", "30s");

        r.assertExit(2);
        r.assertNoStackTrace();
        assertEquals(1, r.errLines().size(), r::all);
    }

    @Test
    void compare_negativeThreshold_exitsTwo() {
        Cli.Result r = Cli.run("compare", Cli.scenarioArg("J1"), "--observed", observed().toString(), "--max-error", "-1");

        r.assertExit(2);
        assertTrue(r.errLines().get(0).contains("'-1' is out of range: a percentage is from 0"), r::all);
    }

    @Test
    void compare_malformedCsv_exitsTwoWithLocatedLines() {
        List<String> lines = new java.util.ArrayList<>(j1Measurement().lines().toList());
        lines.set(2, "0,1,QGP00001,0,abc");   // line 3: busy_pct is not a number
        lines.set(6, "1,2,NOBODY,0,50");      // line 7: unknown user
        Path bad = Cli.write(dir.resolve("bad.csv"), String.join("\n", lines) + "\n");

        Cli.Result r = Cli.run("compare", Cli.scenarioArg("J1"), "--observed", bad.toString());

        r.assertExit(2);
        r.assertNoStackTrace();
        assertEquals("", r.out());
        List<String> err = r.errLines();
        assertTrue(err.size() >= 2, r::all);
        for (String l : err) {
            assertTrue(l.matches("\\Q" + bad + "\\E:\\d+:\\d+: \\S.*"), l);
        }
        assertTrue(err.contains(bad + ":3:" + ("0,1,QGP00001,0,".length() + 1) + ": busy_pct 'abc' is not a number"), r::all);
        assertTrue(err.stream().anyMatch(l -> l.startsWith(bad + ":7:" + ("1,2,".length() + 1) + ": unknown user NOBODY")),
                r::all);
    }

    @Test
    void compare_missingObservedFile_exitsTwoWithOneLine() {
        Cli.Result r = Cli.run("compare", Cli.scenarioArg("J1"), "--observed", dir.resolve("none.csv").toString());

        r.assertExit(2);
        assertEquals(1, r.errLines().size(), r::all);
        assertTrue(r.err().contains("no such file"), r::all);
    }

    @Test
    void compare_multiProblemFileWithoutProblem_exitsTwo() {
        Path two = Cli.write(dir.resolve("two.scn"), Cli.read(Cli.scenario("J1"))
                + Cli.read(Cli.scenario("J1")).replace("PROBLEM J1", "PROBLEM J1B"));

        Cli.Result r = Cli.run("compare", two.toString(), "--observed", observed().toString());
        Cli.Result chosen = Cli.run("compare", two.toString(), "--problem", "J1B", "--observed", observed().toString(),
                "--warmup", "0");

        r.assertExit(2);
        assertTrue(r.err().contains("--problem"), r::all);
        chosen.assertExit(1);
        assertTrue(chosen.out().contains("with problem J1B"), chosen::all);
    }

    @Test
    void compare_gapsBetweenIntervals_warnsOnStderrAndWeighsByLength() {
        // Intervals 0-1 (error 20%) and 4-5 (5%) left out, 3-4 folded into a 2-4 interval: the series starts
        // late (no gap) and has one gap, 4..5 s.
        String text = j1Measurement().lines()
                .filter(l -> !l.startsWith("0,1,") && !l.startsWith("4,5,") && !l.startsWith("3,4,"))
                .map(l -> l.startsWith("2,3,") ? l.replace("2,3,", "2,4,") : l)
                .reduce("", (a, b) -> a + b + "\n");
        Path gappy = Cli.write(dir.resolve("gappy.csv"), text);

        Cli.Result r = Cli.run("compare", Cli.scenarioArg("J1"), "--observed", gappy.toString());

        r.assertExit(0);
        assertEquals(List.of("schedlab: warning: " + gappy + ": 1 gap between intervals, 1 s in all:"
                + " that time is in neither the mean nor the max error"), r.errLines(), r::all);
        assertTrue(r.out().contains("verdict: PASS"), r::all);
    }

    @Test
    void compare_noGaps_nothingOnStderr() {
        Cli.Result r = Cli.run("compare", Cli.scenarioArg("J1"), "--observed", observed().toString());

        assertEquals("", r.err(), r::all);
    }
}
