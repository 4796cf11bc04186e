package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.policy.MisbehavingPolicy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * How a command ends when it is not the command that ends it, in a JVM of its own ({@link Fork}): a policy
 * calling {@code System.exit(0)} never turns CI green, a signal says it interrupted, and whatever the process
 * was killed in the middle of, the next run into the same place leaves nothing behind.
 */
@Timeout(value = 5, unit = java.util.concurrent.TimeUnit.MINUTES)
class ProcessEndTest {

    @TempDir
    Path dir;

    private static final Pattern EXIT_LINE = Pattern.compile("schedlab: policy \\Q" + MisbehavingPolicy.CLASS
            + "\\E:do=exit,at=\\w+ called System.exit \\(com\\.example\\.policy\\.MisbehavingPolicy\\.misbehave\\) while "
            + "(running J1|being created): the command did not complete; unfinished outputs were discarded");

    @Test
    void test_policyCallsSystemExitZero_exitsOneNamingThePolicyAndWritesNothing() throws IOException {
        for (String at : List.of("urgency", "windowEnd", "start", "constructor")) {
            Path out = Files.createDirectories(dir.resolve("test-" + at));
            Cli.Result r = Fork.run(dir.resolve("tmp"), "test", Cli.scenarioArg("J1"), "--duration", "10s", "--policy", "fair",
                    "--policy", MisbehavingPolicy.spec("exit", at), "--junit-xml", out.resolve("junit.xml").toString(),
                    "--html", out.resolve("html").toString());
            assertEquals(1, r.code(), () -> at + "\n" + r.all());
            assertEquals(1, r.errLines().size(), r::all);
            assertTrue(EXIT_LINE.matcher(r.errLines().get(0)).matches(), r::all);
            assertEquals(List.of(), Cli.list(out), "no report, nothing staged: " + at);
        }
    }

    @Test
    void run_policyCallsSystemExitZero_exitsOneAndLeavesNoFiles() throws IOException {
        for (String at : List.of("urgency", "windowEnd")) {
            Path out = dir.resolve("run-" + at);
            Cli.Result r = Fork.run(dir.resolve("tmp"), "run", Cli.scenarioArg("J1"), "--duration", "10s", "--policy",
                    MisbehavingPolicy.spec("exit", at), "--out", out.toString(), "--chart");
            assertEquals(1, r.code(), r::all);
            assertTrue(EXIT_LINE.matcher(r.errLines().get(0)).matches(), r::all);
            assertEquals(1, r.errLines().size(), r::all);
            assertEquals(List.of(), Cli.list(out), at);
        }
    }

    @Test
    void run_sigterm_saysInterruptedAndLeavesNothing() throws Exception {
        Random random = new Random(15);
        for (int i = 0; i < 3; i++) {
            Path out = dir.resolve("term-" + i);
            Fork f = Fork.start(dir.resolve("tmp"), "run", Cli.scenarioArg("J1"), "--duration", "86400s", "--out",
                    out.toString());
            awaitStaging(out);
            Thread.sleep(random.nextInt(300));
            f.process().destroy();
            Cli.Result r = f.waitFor();
            assertEquals(143, r.code(), r::all);
            assertEquals(List.of("schedlab: interrupted (SIGTERM); unfinished outputs were discarded"), r.errLines());
            assertEquals(List.of(), Cli.list(out));
        }
    }

    @Test
    void test_killedAnywhere_theNextRunSweepsEverythingAndWritesWholeReports() throws Exception {
        Path tmp = dir.resolve("tmp");
        Path out = Files.createDirectories(dir.resolve("kill"));
        String[] args = {"test", Cli.scenarioArg("J1"), Cli.scenarioArg("J2"), Cli.scenarioArg("J3"), Cli.scenarioArg("MR2"),
                "--policy", "fair", "--policy", "zvm64", "--duration", "20s", "--jobs", "1",
                "--junit-xml", out.resolve("junit.xml").toString(), "--html", out.resolve("html").toString()};
        Fork.run(tmp, args);
        Random random = new Random(9);
        for (int i = 0; i < 4; i++) {
            Fork f = Fork.start(tmp, args);
            Thread.sleep(800 + random.nextInt(4000));
            // SIGTERM and kill -9 in turn: the hook discards, kill -9 leaves it all to the next run.
            if (i % 2 == 0) {
                f.process().destroyForcibly();
            } else {
                f.process().destroy();
            }
            f.waitFor();
        }
        Cli.Result last = Fork.run(tmp, args);
        assertTrue(last.code() == 0 || last.code() == 1, last::all);
        assertEquals(List.of("html", "junit.xml"), Cli.list(out), "nothing staged, nothing old left");
        assertTrue(Cli.read(out.resolve("junit.xml")).endsWith("</testsuite>\n"));
        assertTrue(Files.isRegularFile(out.resolve("html/index.html")));
        try (Stream<Path> s = Files.list(tmp)) {
            assertFalse(s.anyMatch(p -> p.getFileName().toString().startsWith("imageio")), "no ImageIO cache file");
        }
    }

    /** Waits until the run has started writing: its staging directory is there. */
    private static void awaitStaging(Path out) throws InterruptedException {
        long until = System.nanoTime() + 60_000_000_000L;
        while (System.nanoTime() < until) {
            if (Cli.list(out).stream().anyMatch(n -> n.endsWith(".part"))) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the run never started writing into " + out);
    }
}
