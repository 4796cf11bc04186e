package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where results go: output paths checked before any work, write errors never ignored, run files named
 * after the whole policy spec, and the defaults that make {@code compare} agree with {@code run}.
 */
class OutputsTest {

    @TempDir
    Path dir;

    /** Standard output on a full disk: every write fails. */
    private static final class FullDisk extends Writer {
        @Override
        public void write(char[] cbuf, int off, int len) throws IOException {
            throw new IOException("No space left on device");
        }

        @Override
        public void flush() throws IOException {
            throw new IOException("No space left on device");
        }

        @Override
        public void close() {
        }
    }

    @Test
    void solve_stdoutFails_exitsFourWithOneLine() {
        StringWriter err = new StringWriter();

        int code = Schedlab.execute(new PrintWriter(new FullDisk()), new PrintWriter(err), () -> "No space left on device",
                "solve", Cli.scenarioArg("J1"));

        assertEquals(ExitCodes.WRITE_FAILED, code, err::toString);
        assertEquals(List.of("schedlab: could not write standard output: No space left on device"), err.toString().lines().toList());
    }

    @Test
    void compare_stdoutFailsOnAPassingVerdict_stillExitsFour() {
        Path out = dir.resolve("runs");
        RunCommandTest.run("J1", out).assertExit(0);
        StringWriter err = new StringWriter();

        int code = Schedlab.execute(new PrintWriter(new FullDisk()), new PrintWriter(err), "compare", Cli.scenarioArg("J1"),
                "--observed", out.resolve("J1.fair.series.csv").toString());

        assertEquals(ExitCodes.WRITE_FAILED, code, err::toString);
        assertEquals(List.of("schedlab: could not write standard output"), err.toString().lines().toList());
    }

    @Test
    void compare_observedIsADirectory_namesThePathAndSaysAFileWasExpected() {
        Cli.Result r = Cli.run("compare", Cli.scenarioArg("J1"), "--observed", dir.toString());

        r.assertExit(ExitCodes.BAD_INPUT);
        assertEquals(List.of("schedlab: --observed " + dir + " is a directory; expected a measurement file (.csv)"), r.errLines());
    }

    @Test
    void run_outIsAFile_saysSoBeforeRunning() {
        Path file = Cli.write(dir.resolve("runs"), "not a directory\n");

        Cli.Result r = Cli.run("run", Cli.scenarioArg("J1"), "--out", file.toString(), "--duration", "10s");

        r.assertExit(ExitCodes.BAD_INPUT);
        assertEquals("", r.out());
        assertEquals(List.of("schedlab: --out " + file + " is a file; expected a directory for the output files"), r.errLines());
    }

    @Test
    void run_outUnderAFile_namesTheFileInTheWay() {
        Path file = Cli.write(dir.resolve("f"), "x\n");
        Path out = file.resolve("runs");

        Cli.Result r = Cli.run("run", Cli.scenarioArg("J1"), "--out", out.toString(), "--duration", "10s");

        r.assertExit(ExitCodes.BAD_INPUT);
        assertEquals(List.of("schedlab: --out " + out + ": " + file.toAbsolutePath() + " is a file, not a directory"), r.errLines());
    }

    @Test
    void test_junitXmlIsADirectory_failsBeforeAnyResultWithoutATemporaryName() {
        Cli.Result r = Cli.run("test", Cli.scenarioArg("J1"), "--junit-xml", dir.toString(), "--duration", "10s");

        r.assertExit(ExitCodes.BAD_INPUT);
        assertEquals("", r.out(), "no results printed before the error");
        assertEquals(List.of("schedlab: --junit-xml " + dir + " is a directory; expected a file name"), r.errLines());
        assertFalse(r.err().contains(".part"), r::all);
    }

    @Test
    void test_directoryWithoutScenarios_exitsTwoNamingIt() {
        Path empty = dir.resolve("empty");
        Cli.write(empty.resolve("notes.txt"), "not a scenario\n");

        Cli.Result r = Cli.run("test", empty.toString(), Cli.scenarioArg("J1"), "--duration", "10s");

        r.assertExit(ExitCodes.BAD_INPUT);
        assertEquals("", r.out());
        assertEquals(List.of("schedlab: no .scn files in " + empty), r.errLines());
    }

    @Test
    void check_directoryWithoutScenarios_exitsTwoNamingIt() {
        Cli.Result r = Cli.run("check", dir.toString());

        r.assertExit(ExitCodes.BAD_INPUT);
        assertEquals(List.of("schedlab: no .scn files in " + dir), r.errLines());
    }

    @Test
    void run_policyWithOptions_writesItsOwnSetBesideThePlainPolicys() throws IOException {
        Path out = dir.resolve("runs");
        RunCommandTest.run("J1", out, "--policy", "zvm64").assertExit(0);
        byte[] plain = Files.readAllBytes(out.resolve("J1.zvm64.series.csv"));

        RunCommandTest.run("J1", out, "--policy", "zvm64:limitsoft-leak=off").assertExit(0);

        List<String> expected = new java.util.ArrayList<>();
        for (String base : List.of("J1.zvm64", "J1.zvm64-limitsoft-leak-off")) {
            RunCommandTest.CSV_SUFFIXES.forEach(s -> expected.add(base + s));
        }
        expected.sort(null);
        assertEquals(expected, Cli.list(out));
        assertEquals(new String(plain), Files.readString(out.resolve("J1.zvm64.series.csv")), "the plain run is untouched");
    }

    @Test
    void fileName_policySpecs_fileSystemSafeAndPlainNamesUnchanged() {
        assertEquals("zvm64", RunCommand.fileName("zvm64"));
        assertEquals("fair", RunCommand.fileName("FAIR"));
        assertEquals("zvm64-limitsoft-leak-off", RunCommand.fileName("zvm64:limitsoft-leak=off"));
        assertEquals("zvm63-a-1-b-2", RunCommand.fileName("zvm63:a=1,b=2"));
        assertEquals("com-example-mypolicy", RunCommand.fileName("com.example.MyPolicy"));
        assertEquals("x-y", RunCommand.fileName("x/../y"));
    }

    @Test
    void compare_defaults_giveTheErrorRunReported() {
        Path out = dir.resolve("runs");
        // zvm63 settles during the first seconds: with no warm-up its max error would be several times larger.
        Cli.Result run = Cli.run("run", Cli.scenarioArg("J1"), "--policy", "zvm63", "--duration", "20s", "--out", out.toString());
        run.assertExit(0);
        Matcher said = Pattern.compile("error mean ([0-9.]+)%, max ([0-9.]+)%").matcher(run.out());
        assertTrue(said.find(), run::all);

        Cli.Result compare = Cli.run("compare", Cli.scenarioArg("J1"), "--observed", out.resolve("J1.zvm63.series.csv").toString());

        assertTrue(compare.out().contains("mean error " + said.group(1) + "%, max error " + said.group(2) + "%"), compare::all);
        assertTrue(compare.out().contains("warm-up: 5 s"), compare::all);
        Cli.Result noWarmup = Cli.run("compare", Cli.scenarioArg("J1"), "--observed", out.resolve("J1.zvm63.series.csv").toString(),
                "--warmup", "0");
        assertFalse(noWarmup.out().contains("max error " + said.group(2) + "%"), "the warm-up matters here: " + noWarmup.all());
    }

    @Test
    void progress_followsStandardErrorAndStaysQuietInCi(@TempDir Path links) throws IOException {
        Path tty = Files.createSymbolicLink(links.resolve("tty"), Path.of("/dev/pts/7"));
        Path oldTty = Files.createSymbolicLink(links.resolve("console"), Path.of("/dev/tty1"));
        Path file = Files.createSymbolicLink(links.resolve("file"), Path.of("/tmp/log.txt"));
        Path pipe = Files.createSymbolicLink(links.resolve("pipe"), Path.of("pipe:[12345]"));

        assertTrue(Progress.wanted(Map.of("TERM", "xterm"), tty));
        assertTrue(Progress.wanted(Map.of(), oldTty));
        assertFalse(Progress.wanted(Map.of(), file));
        assertFalse(Progress.wanted(Map.of(), pipe));
        assertFalse(Progress.wanted(Map.of(), links.resolve("missing")));
        assertFalse(Progress.wanted(Map.of("CI", "true"), tty));
        assertFalse(Progress.wanted(Map.of("TERM", "dumb"), tty));
    }
}
