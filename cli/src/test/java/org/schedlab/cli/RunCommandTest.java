package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunCommandTest {

    static final String[] SHORT = {"--duration", "10s", "--warmup", "2s"};
    static final List<String> CSV_SUFFIXES = List.of(".buckets.csv", ".cpus.csv", ".series.csv", ".vcpus.csv");

    @TempDir
    Path dir;

    static Cli.Result run(String scenario, Path out, String... more) {
        List<String> a = new java.util.ArrayList<>(List.of("run", Cli.scenarioArg(scenario), "--out", out.toString()));
        a.addAll(List.of(SHORT));
        a.addAll(List.of(more));
        return Cli.run(a.toArray(String[]::new));
    }

    @Test
    void run_durationWithoutWarmup_getsTheDocumentedDefaultWarmup() throws IOException {
        // 5 s, or half the run when that is shorter than 10 s: as for RUNIT DURATION (docs/outputs.md).
        Map<String, String> warmupByDuration = Map.of("2s", "1", "5s", "2.5", "9s", "4.5", "10s", "5", "30s", "5");
        for (Map.Entry<String, String> e : warmupByDuration.entrySet()) {
            Path out = dir.resolve("warmup-" + e.getKey());
            Cli.Result r = Cli.run("run", Cli.scenarioArg("J1"), "--duration", e.getKey(), "--format", "json", "--out",
                    out.toString());
            r.assertExit(0);
            assertTrue(Cli.read(out.resolve("J1.fair.json")).contains("\"warmup_s\": " + e.getValue() + ",\n"),
                    () -> e.getKey() + "\n" + r.all());
        }
    }

    @Test
    void run_csv_writesTheFourProblemPolicyFilesIntoOut() {
        Path out = dir.resolve("runs");

        Cli.Result r = run("J1", out);

        r.assertExit(0);
        assertEquals(CSV_SUFFIXES.stream().map(s -> "J1.fair" + s).toList(), Cli.list(out));
        List<String> series = Cli.read(out.resolve("J1.fair.series.csv")).lines().toList();
        assertEquals("start_s,end_s,user,vcpu,busy_pct,mt1_busy_pct,etr", series.get(0));
        assertEquals(1 + 10 * 4, series.size(), "10 one-second intervals of 4 virtual CPUs");
        assertTrue(series.get(1).startsWith("0,1,QGP00000,0,"), series.get(1));
        assertTrue(series.get(40).startsWith("9,10,QGP00003,0,"), series.get(40));
        assertTrue(Cli.read(out.resolve("J1.fair.vcpus.csv")).startsWith("user,vcpu,dispatches,"));
        assertTrue(Cli.read(out.resolve("J1.fair.cpus.csv")).startsWith("cpu,type,core,thread,busy_pct,"));
        assertEquals(List.of("bucket,limit_list_pct", "QGP00000/CP,0", "QGP00001/CP,0", "QGP00002/CP,0", "QGP00003/CP,0"),
                Cli.read(out.resolve("J1.fair.buckets.csv")).lines().toList());
        assertTrue(r.out().contains("problem J1 under fair: 10 s, seed 1, warm-up 2 s"), r::all);
        for (String s : CSV_SUFFIXES) {
            assertTrue(r.out().contains("wrote " + out.toAbsolutePath().resolve("J1.fair" + s)), r::all);
        }
    }

    @Test
    void run_seriesCsv_comparesDirectlyAndPassesUnderFair() {
        Path out = dir.resolve("runs");
        run("J1", out).assertExit(0);

        Cli.Result c = Cli.run("compare", Cli.scenarioArg("J1"), "--observed", out.resolve("J1.fair.series.csv").toString(),
                "--warmup", "2s");

        c.assertExit(0);
        assertTrue(c.out().contains("verdict: PASS"), c::all);
        assertTrue(c.out().contains("warm-up: 2 s, 2 intervals excluded, 8 counted"), c::all);
    }

    @Test
    void run_policyOption_namesTheFiles() {
        Path out = dir.resolve("runs");

        Cli.Result r = run("J1", out, "--policy", "ZVM64");

        r.assertExit(0);
        assertEquals(CSV_SUFFIXES.stream().map(s -> "J1.zvm64" + s).toList(), Cli.list(out));
    }

    @Test
    void run_json_writesOneParseableFile() {
        Path out = dir.resolve("runs");

        Cli.Result r = run("MZ0", out, "--format", "json");

        r.assertExit(0);
        assertEquals(List.of("MZ0.fair.json"), Cli.list(out));
        String text = Cli.read(out.resolve("MZ0.fair.json"));
        assertTrue(text.contains("\"problem\": \"MZ0\""), text);
        assertTrue(text.contains("\"policy\": \"fair\""), text);
        assertTrue(text.contains("\"seed\": 1,"), text);
        assertTrue(text.contains("\"duration_s\": 10,"), text);
        assertTrue(text.contains("\"warmup_s\": 2,"), text);
        Map<String, Object> j = Json.object(Json.parse(text));
        assertEquals(List.of("file", "problem", "policy", "seed", "duration_s", "interval_s", "warmup_s", "intervals",
                "vcpus", "cpus", "buckets", "mean_dispatch_delay_us", "comparison"), List.copyOf(j.keySet()));
        Map<String, Object> c = Json.object(j.get("comparison"));
        assertTrue(c.get("mean_error_pct") instanceof Double && c.get("max_error_pct") instanceof Double, c::toString);
        assertEquals(16, Json.array(c.get("vcpus")).size());
        List<Object> intervals = Json.array(j.get("intervals"));
        assertEquals(10, intervals.size());
        assertEquals(16, Json.array(Json.object(intervals.get(0)).get("vcpus")).size(), "MZ0 has 16 virtual CPUs");
        assertEquals(16, Json.array(j.get("vcpus")).size());
        assertEquals(3, Json.array(j.get("cpus")).size(), "one CP and two zIIPs");
    }

    @Test
    void run_sameSeedAnyThreadCount_writesByteIdenticalFiles() throws IOException {
        // Short: with more workers than processors the runner's spin barriers make each window slow.
        for (String threads : List.of("1", "2", "8")) {
            Cli.run("run", Cli.scenarioArg("MZ0"), "--out", dir.resolve("t" + threads).toString(), "--duration", "4s",
                    "--warmup", "1s", "--threads", threads, "--seed", "7").assertExit(0);
        }
        for (String s : CSV_SUFFIXES) {
            byte[] one = Files.readAllBytes(dir.resolve("t1").resolve("MZ0.fair" + s));
            assertTrue(one.length > 0);
            assertArrayEquals(one, Files.readAllBytes(dir.resolve("t2").resolve("MZ0.fair" + s)), s + ", 1 vs 2 threads");
            assertArrayEquals(one, Files.readAllBytes(dir.resolve("t8").resolve("MZ0.fair" + s)), s + ", 1 vs 8 threads");
        }
    }

    @Test
    void run_sameSeedJsonAnyThreadCount_isByteIdentical() throws IOException {
        run("J3", dir.resolve("a"), "--threads", "1", "--format", "json").assertExit(0);
        run("J3", dir.resolve("b"), "--threads", "8", "--format", "json").assertExit(0);

        assertArrayEquals(Files.readAllBytes(dir.resolve("a").resolve("J3.fair.json")),
                Files.readAllBytes(dir.resolve("b").resolve("J3.fair.json")));
    }

    @Test
    void run_differentSeed_changesTheMz0Series() throws IOException {
        run("MZ0", dir.resolve("s1"), "--seed", "1").assertExit(0);
        run("MZ0", dir.resolve("s1again"), "--seed", "1").assertExit(0);
        run("MZ0", dir.resolve("s2"), "--seed", "2").assertExit(0);

        byte[] one = Files.readAllBytes(dir.resolve("s1").resolve("MZ0.fair.series.csv"));
        assertArrayEquals(one, Files.readAllBytes(dir.resolve("s1again").resolve("MZ0.fair.series.csv")));
        assertFalse(java.util.Arrays.equals(one, Files.readAllBytes(dir.resolve("s2").resolve("MZ0.fair.series.csv"))),
                "seed 2 gave the same series as seed 1");
    }

    @Test
    void run_policyThrowingMidRun_leavesNothingAndExitsOneWithOneLine() {
        Path out = dir.resolve("runs");

        Cli.Result r = Cli.run("run", Cli.scenarioArg("J1"), "--out", out.toString(), "--duration", "60s",
                "--policy", ThrowingPolicy.CLASS + ":after=3000000");

        r.assertExit(1);
        r.assertNoStackTrace();
        assertEquals(List.of(), Cli.list(out), "no outputs and no .part files");
        assertEquals(1, r.errLines().size(), r::all);
        assertTrue(r.err().contains("J1") && r.err().contains(ThrowingPolicy.MESSAGE), r::all);
        assertFalse(r.out().contains("wrote"), r::all);
    }

    @Test
    void run_policyThrowingAtStart_leavesNothingAndExitsOne() {
        Path out = dir.resolve("runs");

        Cli.Result r = Cli.run("run", Cli.scenarioArg("MZ0"), "--out", out.toString(), "--duration", "10s",
                "--policy", ThrowingPolicy.CLASS, "--format", "json");

        r.assertExit(1);
        assertEquals(List.of(), Cli.list(out));
        assertEquals(1, r.errLines().size(), r::all);
    }

    @Test
    void run_timeout_leavesNothingAndExitsOneWithOneLine() {
        Path out = dir.resolve("runs");

        Cli.Result r = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> Cli.run("run", Cli.scenarioArg("MZ0"),
                "--out", out.toString(), "--duration", "30m", "--timeout", "1ms"));

        r.assertExit(1);
        r.assertNoStackTrace();
        assertEquals(List.of(), Cli.list(out));
        assertEquals(1, r.errLines().size(), r::all);
        assertTrue(r.err().contains("timeout"), r::all);
    }

    @Test
    void run_failedRun_keepsAnEarlierRunsFilesIntact() throws IOException {
        Path out = dir.resolve("runs");
        run("J1", out).assertExit(0);
        byte[] before = Files.readAllBytes(out.resolve("J1.fair.series.csv"));

        // The same base name: a failing run must not clobber or truncate it.
        Cli.Result r = Cli.run("run", Cli.scenarioArg("J1"), "--out", out.toString(), "--duration", "30m", "--timeout", "1ms");

        r.assertExit(1);
        assertEquals(CSV_SUFFIXES.stream().map(s -> "J1.fair" + s).toList(), Cli.list(out));
        assertArrayEquals(before, Files.readAllBytes(out.resolve("J1.fair.series.csv")));
    }

    @Test
    void run_unknownPolicy_exitsTwoListingKnownPolicies() {
        Path out = dir.resolve("runs");

        Cli.Result r = run("J1", out, "--policy", "nosuch");

        r.assertExit(2);
        assertEquals(1, r.errLines().size(), r::all);
        assertTrue(r.err().contains("nosuch") && r.err().contains("fair") && r.err().contains("zvm63")
                && r.err().contains("zvm64"), r::all);
        assertEquals(List.of(), Cli.list(out));
    }

    @Test
    void run_unknownProblem_exitsTwo() {
        Cli.Result r = run("J1", dir.resolve("runs"), "--problem", "J9");

        r.assertExit(2);
        assertTrue(r.err().contains("J9") && r.err().contains("J1"), r::all);
    }

    @Test
    void run_warmupCoveringEveryInterval_exitsTwoBeforeRunning() {
        Path out = dir.resolve("runs");

        // Intervals start at 0, 1 and 2 s: none at or after 2.5 s, so there would be nothing to judge.
        Cli.Result r = Cli.run("run", Cli.scenarioArg("J1"), "--out", out.toString(), "--duration", "3s",
                "--warmup", "2.5s");

        r.assertExit(2);
        r.assertNoStackTrace();
        assertEquals(1, r.errLines().size(), r::all);
        assertTrue(r.err().contains("warm-up"), r::all);
        assertFalse(r.err().contains("internal error"), r::all);
        assertEquals(List.of(), Cli.list(out));
    }

    @Test
    void run_scenarioRunitWithOneIntervalInsideTheDefaultWarmup_exitsTwo() {
        // RUNIT DURATION 10S INTERVAL 10S: one interval starting at 0, inside the default 5 s warm-up.
        Path f = Cli.write(dir.resolve("one.scn"), Cli.read(Cli.scenario("J1")).replace("RUNIT ",
                "RUNIT DURATION 10S INTERVAL 10S "));
        Path out = dir.resolve("runs");

        Cli.Result r = Cli.run("run", f.toString(), "--out", out.toString());
        Cli.Result fixed = Cli.run("run", f.toString(), "--out", out.toString(), "--warmup", "0");

        r.assertExit(2);
        assertEquals(1, r.errLines().size(), r::all);
        assertFalse(r.err().contains("internal error"), r::all);
        fixed.assertExit(0);
    }

    @Test
    void run_badDuration_exitsTwoWithMessage() {
        Cli.Result r = Cli.run("run", Cli.scenarioArg("J1"), "--out", dir.resolve("runs").toString(), "--duration", "ten");

        r.assertExit(2);
        r.assertNoStackTrace();
        assertTrue(r.err().contains("'ten' is not a duration"), r::all);
        assertNotEquals("", r.err());
    }
}
