package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile or odd text inputs: every one is a {@code file:line:col} error (exit 2) read in bounded memory and, with
 * {@code --timeout}, bounded time; the encodings every reader accepts are the same.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class InputLimitsTest {

    @TempDir
    Path dir;

    private Path fifo(String name) {
        Path p = dir.resolve(name);
        try {
            Assumptions.assumeTrue(new ProcessBuilder("mkfifo", p.toString()).start().waitFor() == 0, "no mkfifo");
        } catch (IOException e) {
            Assumptions.abort("no mkfifo: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
        return p;
    }

    /** Writes {@code bytes} bytes of {@code line} repeated into the pipe, until the reader goes away. */
    private static Thread feed(Path fifo, String line, long bytes) {
        Thread t = new Thread(() -> {
            byte[] b = line.repeat(Math.max(1, 65_536 / line.length())).getBytes(StandardCharsets.UTF_8);
            try (OutputStream out = Files.newOutputStream(fifo)) {
                for (long n = 0; n < bytes; n += b.length) {
                    out.write(b);
                }
            } catch (IOException e) {
                // the reader stopped reading: what it should do
            }
        });
        t.setDaemon(true);
        t.start();
        return t;
    }

    @Test
    void check_pipeFeedingAGigabyte_refusedAtTheScenarioLimit() {
        Path p = fifo("endless.scn");
        feed(p, "* a comment that goes on and on\n", 1L << 30);
        Cli.Result r = Cli.run("check", p.toString());
        r.assertExit(2);
        assertEquals(List.of(p + ":1:1: the file has more than 33554432 bytes, a scenario file has at most 33554432 "
                + "(32 MiB)"), r.errLines());
    }

    @Test
    void check_pipeWithAGigabyteLine_refusedAtTheLineLimit() {
        Path p = fifo("one-line.scn");
        feed(p, "*" + "x".repeat(1023), 1L << 30);
        Cli.Result r = Cli.run("check", p.toString());
        r.assertExit(2);
        assertEquals(List.of(p + ":1:1048577: the line is longer than 1048576 bytes (1 MiB): not a scenario file"),
                r.errLines());
    }

    @Test
    void test_scenarioOrExpectationsPipeNobodyWritesTo_errorAtTheTimeout() {
        Path scenario = fifo("silent.scn");
        Cli.Result r = Cli.run("test", scenario.toString(), Cli.scenarioArg("J1"), "--timeout", "1s", "--duration", "6s");
        r.assertExit(2);
        assertTrue(r.errLines().contains(scenario + ":1:1: the file could not be read within the timeout of 1 s (a pipe "
                + "that nobody writes to?)"), r::all);
        assertTrue(r.out().contains("PASS     J1"), () -> "the other file still ran\n" + r.all());

        Path expect = fifo("silent.csv");
        Cli.Result e = Cli.run("test", Cli.scenarioArg("J1"), "--expect", expect.toString(), "--timeout", "1s");
        e.assertExit(2);
        assertEquals(List.of(expect + ":1:1: the file could not be read within the timeout of 1 s (a pipe that nobody "
                + "writes to?)"), e.errLines());
    }

    @Test
    void expectations_utf16AndByteOrderMark_saidAsForScenariosAndAccepted() throws IOException {
        Path utf16 = dir.resolve("utf16.csv");
        Files.write(utf16, "file,problem,policy,verdict\n".getBytes(StandardCharsets.UTF_16LE));
        Files.write(utf16, concat(new byte[] {(byte) 0xFF, (byte) 0xFE}, Files.readAllBytes(utf16)));
        Cli.Result r = Cli.run("test", Cli.scenarioArg("J1"), "--expect", utf16.toString());
        r.assertExit(2);
        assertEquals(List.of(utf16 + ":1:1: the file is UTF-16 (it starts with the byte order mark FF FE): the file "
                + "must be UTF-8"), r.errLines());

        Path bad = Files.write(dir.resolve("bad.csv"), concat("file,problem,policy,verdict\nJ1.scn,J1,fair,PA"
                .getBytes(StandardCharsets.UTF_8), new byte[] {(byte) 0xC3, '\n'}));
        Cli.Result b = Cli.run("test", Cli.scenarioArg("J1"), "--expect", bad.toString());
        b.assertExit(2);
        assertEquals(List.of(bad + ":2:18: invalid UTF-8 byte 0xC3 at byte offset 45: the file must be UTF-8"),
                b.errLines());

        Path bom = Files.write(dir.resolve("bom.csv"), concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF},
                "file,problem,policy,verdict\nJ1.scn,J1,fair,FAIL\n".getBytes(StandardCharsets.UTF_8)));
        Cli.Result ok = Cli.run("test", Cli.scenarioArg("J1"), "--expect", bom.toString(), "--duration", "6s");
        ok.assertExit(1);
        assertTrue(ok.out().contains("FAIL      " + Cli.scenarioArg("J1") + "  UNEXPECTED"), () -> "the row applied\n"
                + ok.all());
    }

    @Test
    void expectationsAndShards_lineTooLong_fileLineColumn() throws IOException {
        Path csv = Files.writeString(dir.resolve("long.csv"), "file,problem,policy,verdict\n# " + "x".repeat(1 << 20)
                + "\n");
        Cli.Result r = Cli.run("test", Cli.scenarioArg("J1"), "--expect", csv.toString());
        r.assertExit(2);
        assertEquals(List.of(csv + ":2:1048577: the line is longer than 1048576 bytes (1 MiB): not an expectations file"),
                r.errLines());

        Path json = Files.writeString(dir.resolve("long.json"), "{\n  \"x\": \"" + "y".repeat(1 << 20) + "\"\n}\n");
        Cli.Result m = Cli.run("merge", json.toString());
        m.assertExit(2);
        assertEquals(List.of(json + ":2:1048577: the line is longer than 1048576 bytes (1 MiB): not the JSON of "
                + "schedlab test"), m.errLines());
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
