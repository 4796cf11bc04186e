package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A directory of the user's files survives every output option of every command pointed at it or into it:
 * an output replaces only what schedlab wrote. Each row of the table is a command line; the user's directory
 * is generated (random names, contents and depth, from a seed), with files named as the outputs would be.
 */
class OutputSafetyTest {

    @TempDir
    static Path work;

    private static Path shard;
    private static Path observed;
    private static Path scenario;

    @BeforeAll
    static void inputs() throws IOException {
        scenario = Files.copy(Cli.scenario("J1"), work.resolve("J1.scn"));
        Path runs = work.resolve("runs");
        Cli.run("run", scenario.toString(), "--duration", "10s", "--out", runs.toString()).assertExit(0);
        observed = runs.resolve("J1.fair.series.csv");
        Cli.Result s = Cli.run("test", scenario.toString(), "--duration", "10s", "--format", "json", "--shard", "1/1");
        s.assertExit(0);
        shard = Files.writeString(work.resolve("shard.json"), s.out());
    }

    /**
     * One command line pointing an output at the user's directory {@code d}; {@code refused}: whatever the
     * directory holds (otherwise only when an output's name is taken by a user's file).
     */
    private record Row(String what, boolean refused, Function<Path, List<String>> args) {
        Row(String what, Function<Path, List<String>> args) {
            this(what, true, args);
        }
    }

    private static final List<Row> ROWS = List.of(
            new Row("test --html DIR", d -> List.of("test", scenario.toString(), "--duration", "10s", "--html", d.toString())),
            new Row("test --html DIR holding the input", d -> List.of("test", d.resolve("J1.scn").toString(), "--duration",
                    "10s", "--html", d.toString())),
            new Row("test --junit-xml DIR", d -> List.of("test", scenario.toString(), "--duration", "10s", "--junit-xml",
                    d.toString())),
            new Row("test --junit-xml DIR/notes.txt", d -> List.of("test", scenario.toString(), "--duration", "10s",
                    "--junit-xml", d.resolve("notes.txt").toString())),
            new Row("test --junit-xml an input", d -> List.of("test", d.resolve("J1.scn").toString(), "--duration", "10s",
                    "--junit-xml", d.resolve("J1.scn").toString())),
            new Row("test --junit-xml DIR/expected.csv", d -> List.of("test", d.toString(), "--duration", "10s",
                    "--junit-xml", d.resolve("expected.csv").toString())),
            new Row("merge --html DIR", d -> List.of("merge", shard.toString(), "--html", d.toString())),
            new Row("merge --junit-xml DIR/notes.txt", d -> List.of("merge", shard.toString(), "--junit-xml",
                    d.resolve("notes.txt").toString())),
            new Row("merge --html DIR/sub/important.txt", d -> List.of("merge", shard.toString(), "--html",
                    d.resolve("sub/important.txt").toString())),
            new Row("run --out DIR", d -> List.of("run", scenario.toString(), "--duration", "10s", "--out", d.toString())),
            new Row("run --out DIR --chart", d -> List.of("run", scenario.toString(), "--duration", "10s", "--out",
                    d.toString(), "--chart")),
            new Row("run --out DIR --format json", false, d -> List.of("run", scenario.toString(), "--duration", "10s", "--out",
                    d.toString(), "--format", "json")),
            new Row("run --out DIR/notes.txt", d -> List.of("run", scenario.toString(), "--duration", "10s", "--out",
                    d.resolve("notes.txt").toString())),
            new Row("compare --chart --out DIR", false, d -> List.of("compare", scenario.toString(), "--observed",
                    observed.toString(), "--chart", "--out", d.toString())),
            new Row("compare --chart svg beside the measurements", false, d -> List.of("compare", scenario.toString(),
                    "--observed", d.resolve("J1.fair.series.csv").toString(), "--chart", "svg")),
            new Row("chart --out DIR", false, d -> List.of("chart", observed.toString(), "--scenario", scenario.toString(),
                    "--out", d.toString())),
            new Row("chart beside the file", false, d -> List.of("chart", d.resolve("J1.fair.series.csv").toString(),
                    "--scenario", scenario.toString())),
            new Row("burn --out DIR/notes.txt", d -> List.of("burn", scenario.toString(), "--user", "QGP00000", "--start",
                    "@0", "--duration", "2s", "--out", d.resolve("notes.txt").toString())));

    @Test
    void everyOutputOption_pointedAtAUsersDirectory_leavesEveryFileAsItWas() throws IOException {
        Random random = new Random(23);
        for (int round = 0; round < 3; round++) {
            for (Row row : ROWS) {
                Path d = work.resolve("user-" + round + "-" + ROWS.indexOf(row));
                userDirectory(d, random);
                Map<String, String> before = snapshot(d);
                Cli.Result r = Cli.run(row.args().apply(d).toArray(String[]::new));
                r.assertNoStackTrace();
                Map<String, String> after = snapshot(d);
                after.keySet().retainAll(before.keySet());
                assertEquals(before, after, () -> row.what() + ": a user's file changed or disappeared\n" + r.all());
                assertTrue(r.code() == 0 || r.code() == 2, () -> row.what() + "\n" + r.all());
                if (row.refused()) {
                    r.assertExit(2);
                }
                if (r.code() == 2) {
                    assertEquals(1, r.errLines().size(), () -> row.what() + ": one line\n" + r.all());
                    assertFalse(r.err().contains(".part"), r::all);
                    assertEquals("", r.out(), () -> row.what() + ": refused before anything ran\n" + r.all());
                }
            }
        }
    }

    @Test
    void html_theWorkingDirectory_refusedBeforeRunning() {
        Cli.Result r = Cli.run("test", scenario.toString(), "--duration", "10s", "--html", ".");
        r.assertExit(2);
        assertEquals(List.of("schedlab: --html . is the working directory; a report directory is replaced as a whole: "
                + "name a new directory for it"), r.errLines());
        assertEquals("", r.out());
    }

    @Test
    void html_aRegularFile_refusedAndKept() throws IOException {
        Path file = Files.writeString(work.resolve("afile"), "mine");
        Cli.Result r = Cli.run("test", scenario.toString(), "--duration", "10s", "--html", file.toString());
        r.assertExit(2);
        assertEquals(List.of("schedlab: --html " + file + " is a file; expected a directory for the report"), r.errLines());
        assertEquals("mine", Files.readString(file));
    }

    @Test
    void html_theLibrarysExampleOfDataLoss_refusedNamingTheInput() throws IOException {
        Path lib = Files.createDirectories(work.resolve("lib"));
        Files.copy(Cli.scenario("J1"), lib.resolve("J1.scn"));
        Files.copy(Cli.scenario("J2"), lib.resolve("J2.scn"));
        Files.writeString(lib.resolve("expected.csv"), "file,problem,policy,verdict\n");
        Cli.Result r = Cli.run("test", lib.resolve("J1.scn").toString(), "--duration", "10s", "--html", lib.toString());
        r.assertExit(2);
        assertEquals(List.of("schedlab: --html " + lib + " holds the input " + lib.resolve("J1.scn") + "; a report "
                + "directory is replaced as a whole: name a directory apart from the inputs"), r.errLines());
        assertEquals(List.of("J1.scn", "J2.scn", "expected.csv"), Cli.list(lib));
    }

    @Test
    void html_aReportWrittenBefore_replacedWhole() throws IOException {
        Path out = work.resolve("report");
        Cli.run("test", scenario.toString(), "--duration", "10s", "--html", out.toString()).assertExit(0);
        assertTrue(Files.exists(out.resolve(".schedlab-report")));
        Files.writeString(out.resolve("p099.html"), "a page the next report does not have");
        Cli.Result again = Cli.run("test", scenario.toString(), "--duration", "10s", "--html", out.toString());
        again.assertExit(0);
        assertFalse(Files.exists(out.resolve("p099.html")), "a report is replaced as a whole");
        assertEquals(List.of("schedlab: wrote " + out.toAbsolutePath()), again.errLines());
        assertEquals(List.of(), Cli.list(work).stream().filter(n -> n.startsWith(".")).toList(), "nothing staged left");
    }

    @Test
    void test_whatKilledRunsLeft_sweptByTheNextRunIntoTheSamePlace() throws IOException {
        Path out = Files.createDirectories(work.resolve("swept"));
        // What kill -9 leaves of HTML and JUnit outputs, as older versions staged them and as they are staged now.
        Files.createDirectories(out.resolve(".report.1f2e3d4c5b6a7988.part/img"));
        Files.writeString(out.resolve(".junit.xml.7f7f7f7f.part"), "<half");
        Files.createDirectories(out.resolve(".report.00000000000000aa.part/report/img"));
        Files.writeString(out.resolve(".report.00000000000000aa.part/report/index.html"), "half");
        Files.createDirectories(out.resolve(".junit.xml.00000000000000bb.part"));
        Files.writeString(out.resolve(".junit.xml.00000000000000bb.part/junit.xml"), "<half");
        Files.createDirectories(out.resolve(".report.00000000000000cc.old/img"));
        Cli.Result r = Cli.run("test", scenario.toString(), "--duration", "10s", "--html", out.resolve("report").toString(),
                "--junit-xml", out.resolve("junit.xml").toString());
        r.assertExit(0);
        assertEquals(List.of("junit.xml", "report"), Cli.list(out));
        assertTrue(Cli.read(out.resolve("junit.xml")).startsWith("<?xml"));
    }

    /** A user's directory: random files and folders, and files named as schedlab's outputs would be. */
    private static void userDirectory(Path d, Random random) throws IOException {
        Files.createDirectories(d.resolve("sub"));
        Files.writeString(d.resolve("sub/important.txt"), "important " + random.nextLong());
        Files.writeString(d.resolve("notes.txt"), "notes " + random.nextLong());
        Files.copy(Cli.scenario("J1"), d.resolve("J1.scn"));
        Files.writeString(d.resolve("expected.csv"), "file,problem,policy,verdict\nJ1.scn,J1,fair,PASS\n");
        // The user's own measurements (the five columns of a measurement made elsewhere), named as run names its series.
        List<String> measured = Files.readAllLines(observed).stream()
                .map(l -> String.join(",", java.util.Arrays.asList(l.split(",")).subList(0, 5))).toList();
        Files.write(d.resolve("J1.fair.series.csv"), measured);
        List<String> collide = new ArrayList<>(List.of("index.html", "J1.fair.vcpus.csv", "J1.fair.json",
                "J1.fair.utilization.png", "J1.fair.error.svg", "img"));
        int n = 1 + random.nextInt(collide.size());
        java.util.Collections.shuffle(collide, random);
        for (String name : collide.subList(0, n)) {
            if (name.equals("img")) {
                Files.createDirectories(d.resolve("img"));
                Files.writeString(d.resolve("img/photo.png"), "not a chart " + random.nextLong());
            } else {
                Files.writeString(d.resolve(name), "user data " + random.nextLong());
            }
        }
        for (int i = 0; i < random.nextInt(4); i++) {
            Path deep = Files.createDirectories(d.resolve("deep" + i).resolve("x" + random.nextInt(100)));
            Files.write(deep.resolve("blob" + i), randomBytes(random));
        }
    }

    private static byte[] randomBytes(Random random) {
        byte[] b = new byte[random.nextInt(200)];
        random.nextBytes(b);
        return b;
    }

    /** Every regular file under {@code d} with its content. */
    private static Map<String, String> snapshot(Path d) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> s = Files.walk(d)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                out.put(d.relativize(p).toString(), new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1));
            }
        }
        return out;
    }
}
