package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run} and {@code test} on problems that change while they run (the library's dynamic/ folder). */
class DynamicCommandsTest {

    @TempDir
    Path dir;

    private static String dynamic(String name) {
        return Cli.SCENARIOS.resolve("dynamic").resolve(name + ".scn").toString();
    }

    /** One row per dimension and interval, a logged-off or not yet logged-on user reading 0, as the comparator reads. */
    @Test
    void run_dynamicProblem_seriesHasEveryDimensionAndSummarySaysHowEachChangeSettled() throws Exception {
        Path out = dir.resolve("runs");
        Cli.Result r = Cli.run("run", dynamic("DYN02"), "--policy", "fair", "--out", out.toString(), "--chart");
        r.assertExit(0);
        List<String> series = Cli.read(out.resolve("DYN02.fair.series.csv")).lines().toList();
        assertEquals(1 + 90 * 5, series.size(), "90 one-second intervals of A.0, A.1, B.0, C.0, C.1");
        assertTrue(series.get(1).startsWith("0,1,DYN02A,0,"), series.get(1));
        assertTrue(series.get(4).startsWith("0,1,DYN02C,0,0,0,0"), "C is not logged on yet: " + series.get(4));
        assertTrue(series.get(series.size() - 5).startsWith("89,90,DYN02A,0,0,0,0"), "A has logged off");
        assertTrue(r.out().contains("change at 30 s: settled after 0 s"), r::all);
        assertTrue(r.out().contains("change at 60 s: settled after 0 s"), r::all);
        assertTrue(Files.exists(out.resolve("DYN02.fair.utilization.png")), r::all);
        // The series reads back as a measurement of the problem, phase by phase, and passes as the run did.
        Cli.Result c = Cli.run("compare", dynamic("DYN02"), "--observed", out.resolve("DYN02.fair.series.csv").toString());
        c.assertExit(0);
        Path charts = dir.resolve("charts");
        Cli.Result ch = Cli.run("chart", "--scenario", dynamic("DYN02"), out.resolve("DYN02.fair.series.csv").toString(),
                "--out", charts.toString());
        ch.assertExit(0);
        assertTrue(Files.exists(charts.resolve("DYN02.fair.utilization.png")), ch::all);
    }

    @Test
    void run_dynamicProblemJson_eachDimensionsCorrectIsItsTimeWeightedAnswer() {
        Path out = dir.resolve("runs");
        Cli.run("run", dynamic("DYN05"), "--policy", "fair", "--out", out.toString(), "--format", "json").assertExit(0);
        String json = Cli.read(out.resolve("DYN05.fair.json"));
        // A is entitled to 50 per virtual CPU for 30 s and 25 for the last 30 s: over the 55 s after the warm-up,
        // (25 x 50 + 30 x 25) / 55 = 36.36.
        assertTrue(json.contains("\"correct\": 36.36"), json.substring(json.indexOf("\"vcpus\": [", json.length() / 2)));
    }

    @Test
    void test_dynamicLibrary_settlingNotedPerChange_markdownHasItsTable() {
        Cli.Result r = Cli.run("test", dynamic("DYN01"), dynamic("DYN03"), "--policy", "zvm63", "--policy", "fair",
                "--expect", Cli.SCENARIOS.resolve("expected.csv").toString());
        r.assertExit(0);
        assertTrue(r.out().contains("settles after each change (s): at 30 s 0"), r::all);
        assertTrue(r.out().contains("at 20 s 0, at 40 s 0, at 60 s 0"), r::all);
        Cli.Result m = Cli.run("test", dynamic("DYN01"), "--policy", "fair", "--format", "markdown");
        m.assertExit(0);
        assertTrue(m.out().contains("| problem | policy | change at s | settle s | worst error % |"), m::all);
        assertTrue(m.out().contains("| DYN01 | fair | 30 | 0 |"), m::all);
    }

    /** --settle sets the settle limit: a 6.3 that takes seconds to settle passes with a limit long enough. */
    @Test
    void test_settleOption_decidesWhetherASlowSettlingPasses() {
        String file = dynamic("DYN01");
        Cli.Result strict = Cli.run("test", file, "--policy", "zvm64", "--settle", "0s");
        Cli.Result loose = Cli.run("test", file, "--policy", "zvm64", "--settle", "5s");
        strict.assertExit(1);
        loose.assertExit(0);
    }
}
