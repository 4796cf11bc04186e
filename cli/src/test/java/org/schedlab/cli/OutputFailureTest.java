package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Outputs that cannot be written: a full disk is exit 4 naming the user's path (never a temporary name) and leaves
 * nothing; a read-only directory is said before anything runs (exit 2), a verdict included. Full and read-only
 * file systems are small tmpfs mounts, so these run where the tests may mount (as root on Linux) and are skipped
 * elsewhere.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class OutputFailureTest {

    @TempDir
    Path dir;

    private final List<Path> mounts = new ArrayList<>();

    /** A tmpfs of {@code kib} KiB at {@code dir/name}, read-only when asked; skips the test where it cannot mount. */
    private Path mount(String name, int kib, boolean readOnly) throws Exception {
        Path at = Files.createDirectories(dir.resolve(name));
        Process p = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=" + kib + "k" + (readOnly ? ",ro" : ""), "tmpfs",
                at.toString()).redirectErrorStream(true).start();
        Assumptions.assumeTrue(p.waitFor() == 0, "cannot mount a tmpfs here");
        mounts.add(at);
        return at;
    }

    @AfterEach
    void unmount() throws Exception {
        for (Path m : mounts) {
            new ProcessBuilder("umount", "-l", m.toString()).start().waitFor();
        }
    }

    @Test
    void html_diskFull_exitFourNamingTheReportAndNothingLeft() throws Exception {
        Path full = mount("full", 64, false);
        Path report = full.resolve("report");
        Cli.Result r = Cli.run("test", Cli.scenarioArg("J1"), Cli.scenarioArg("J2"), "--duration", "6s", "--html",
                report.toString());
        r.assertExit(ExitCodes.WRITE_FAILED);
        r.assertNoStackTrace();
        assertEquals(List.of("schedlab: could not write " + report.toAbsolutePath() + ": No space left on device"),
                r.errLines());
        assertEquals(List.of(), Cli.list(full), "nothing staged left on the full disk");
    }

    @Test
    void junitAndRun_diskFull_exitFourNamingTheFile() throws Exception {
        Path full = mount("tiny", 16, false);
        Files.write(full.resolve("filler"), new byte[12 * 1024]);
        Path xml = full.resolve("junit.xml");
        Cli.Result r = Cli.run("test", Cli.scenarioArg("J1"), Cli.scenarioArg("J2"), Cli.scenarioArg("J3"), "--duration",
                "6s", "--policy", "fair", "--policy", "zvm64", "--policy", "zvm63", "--junit-xml", xml.toString());
        r.assertExit(ExitCodes.WRITE_FAILED);
        assertEquals(List.of("schedlab: could not write " + xml.toAbsolutePath() + ": No space left on device"),
                r.errLines());
        assertEquals(List.of("filler"), Cli.list(full));

        Cli.Result run = Cli.run("run", Cli.scenarioArg("MR2"), "--duration", "60s", "--out", full.toString());
        run.assertExit(ExitCodes.WRITE_FAILED);
        assertEquals(1, run.errLines().size(), run::all);
        assertTrue(run.errLines().get(0).startsWith("schedlab: could not write " + full.toAbsolutePath().resolve("MR2.fair.")),
                run::all);
        assertTrue(run.errLines().get(0).endsWith(": No space left on device"), run::all);
        assertFalse(run.err().contains(".part"), run::all);
        assertEquals(List.of("filler"), Cli.list(full));
    }

    @Test
    void readOnlyDirectory_everyOutputSaidBeforeAnythingRuns() throws Exception {
        Path ro = mount("ro", 16, true);
        Path observed = dir.resolve("runs/J1.fair.series.csv");
        Cli.run("run", Cli.scenarioArg("J1"), "--duration", "6s", "--out", dir.resolve("runs").toString()).assertExit(0);
        List<List<String>> commands = List.of(
                List.of("test", Cli.scenarioArg("J1"), "--html", ro.resolve("report").toString()),
                List.of("test", Cli.scenarioArg("J1"), "--junit-xml", ro.resolve("j.xml").toString()),
                List.of("merge", observed.toString(), "--html", ro.resolve("report").toString()),
                List.of("run", Cli.scenarioArg("J1"), "--out", ro.resolve("runs").toString()),
                List.of("compare", Cli.scenarioArg("J1"), "--observed", observed.toString(), "--chart", "--out", ro.toString()),
                List.of("chart", observed.toString(), "--scenario", Cli.scenarioArg("J1"), "--out", ro.toString()));
        for (List<String> c : commands) {
            Cli.Result r = Cli.run(c.toArray(String[]::new));
            r.assertExit(ExitCodes.BAD_INPUT);
            assertEquals("", r.out(), () -> "nothing ran, no verdict printed: " + c + "\n" + r.all());
            assertEquals(1, r.errLines().size(), r::all);
            assertTrue(r.err().contains("cannot write in " + ro + " (read-only file system)"), r::all);
        }
    }

    @Test
    void run_twoIntoOneOut_theEarlierSaysWhyWithExitFour() throws Exception {
        Path out = dir.resolve("runs");
        AtomicReference<Cli.Result> first = new AtomicReference<>();
        Thread longRun = new Thread(() -> first.set(Cli.run("run", Cli.scenarioArg("J1"), "--duration", "1800s", "--out",
                out.toString())));
        longRun.start();
        long until = System.nanoTime() + 60_000_000_000L;
        while (Cli.list(out).stream().noneMatch(n -> n.endsWith(".part")) && System.nanoTime() < until) {
            Thread.sleep(20);
        }
        Cli.Result second = Cli.run("run", Cli.scenarioArg("J1"), "--duration", "6s", "--out", out.toString());
        second.assertExit(0);
        longRun.join(120_000);
        Cli.Result r = first.get();
        r.assertExit(ExitCodes.WRITE_FAILED);
        assertEquals(List.of("schedlab: could not write " + out.toAbsolutePath().resolve("J1.fair.*") + ": its temporary "
                + "files were removed by another schedlab command writing the same output at the same time (not "
                + "supported: give each its own output)"), r.errLines());
        assertTrue(Cli.read(out.resolve("J1.fair.series.csv")).lines().count() < 200, "the second run's files stand");
        assertEquals(List.of(), Cli.list(out).stream().filter(n -> n.startsWith(".")).toList());
    }
}
