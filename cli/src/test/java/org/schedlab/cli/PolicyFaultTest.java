package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.policy.MisbehavingPolicy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user's policy that is broken is that policy's checks' ERROR, with one line that says what it did, and every
 * other check still runs; a policy that never returns is ended at {@code --timeout} (plus a bounded margin) and
 * does not hold the others, whatever {@code --threads} and {@code --jobs} are. "Please report" is for schedlab's
 * own defects only.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class PolicyFaultTest {

    @TempDir
    Path dir;

    /** A policy's fault, as the check's error line says it. */
    private record Fault(String policy, String line) {
    }

    @Test
    void test_brokenPolicy_itsChecksErrWithOneLineAndTheOthersRun() {
        String cls = MisbehavingPolicy.CLASS;
        List<Fault> faults = List.of(
                new Fault(MisbehavingPolicy.spec("throw", "name"), "policy " + MisbehavingPolicy.spec("throw", "name")
                        + ": name() threw java.lang.IllegalStateException: misbehaving in name (at " + cls + ".misbehave("),
                new Fault(MisbehavingPolicy.spec("null", "name"), "policy " + MisbehavingPolicy.spec("null", "name")
                        + ": name() returned null"),
                new Fault(MisbehavingPolicy.spec("throw", "spec"), "policy " + MisbehavingPolicy.spec("throw", "spec")
                        + ": spec() threw java.lang.IllegalStateException: misbehaving in spec (at " + cls + ".misbehave("),
                new Fault(MisbehavingPolicy.spec("null", "dispatchMode"), "policy "
                        + MisbehavingPolicy.spec("null", "dispatchMode") + ": dispatchMode() returned null"),
                new Fault(MisbehavingPolicy.spec("throw", "constructor"), "policy "
                        + MisbehavingPolicy.spec("throw", "constructor") + " could not be created: "
                        + "java.lang.IllegalStateException: misbehaving in constructor (at " + cls + ".misbehave("),
                new Fault(cls + "$ConstructorThrows", "policy " + cls + "$ConstructorThrows could not be created: "
                        + "java.lang.IllegalStateException: no licence for this policy (at " + cls
                        + "$ConstructorThrows.<init>("));
        for (Fault f : faults) {
            Cli.Result r = Cli.run("test", Cli.scenarioArg("J1"), Cli.scenarioArg("J2"), "--duration", "10s",
                    "--policy", "fair", "--policy", f.policy(), "--policy", "zvm64");
            r.assertExit(1);
            r.assertNoStackTrace();
            assertFalse(r.err().contains("please report"), r::all);
            List<String> errors = new ArrayList<>();
            int pass = 0;
            for (String line : r.outLines()) {
                if (line.startsWith("PASS ")) {
                    pass++;
                }
                if (line.startsWith("         ")) {
                    errors.add(line.strip());
                }
            }
            assertEquals(4, pass, () -> "fair and zvm64 ran on both files\n" + r.all());
            assertEquals(2, errors.size(), r::all);
            for (String e : errors) {
                assertTrue(e.startsWith(f.line()), () -> "expected " + f.line() + "\n" + r.all());
                assertFalse(e.contains("\n"));
            }
        }
    }

    @Test
    void run_brokenPolicy_exitsOneWithTheFault() {
        String spec = MisbehavingPolicy.spec("null", "dispatchMode");
        Cli.Result r = Cli.run("run", Cli.scenarioArg("J1"), "--duration", "10s", "--policy", spec, "--out",
                dir.resolve("runs").toString());
        r.assertExit(1);
        assertEquals(List.of("schedlab: " + Cli.scenarioArg("J1") + ": problem J1: policy " + spec
                + ": dispatchMode() returned null"), r.errLines());
        assertEquals(List.of(), Cli.list(dir.resolve("runs")));
    }

    /** Every thread the looping policy ran on has been ended: none is left spinning in it. */
    @AfterEach
    void noPolicyLeftRunning() throws InterruptedException {
        long until = System.nanoTime() + 5_000_000_000L;
        while (true) {
            boolean spinning = Thread.getAllStackTraces().values().stream().anyMatch(stack -> List.of(stack).stream()
                    .anyMatch(f -> f.getClassName().equals(MisbehavingPolicy.CLASS) && f.getMethodName().equals("misbehave")));
            if (!spinning) {
                return;
            }
            if (System.nanoTime() > until) {
                throw new AssertionError("a thread still runs the looping policy");
            }
            Thread.sleep(50);
        }
    }

    @Test
    void test_policyLoopsForever_errsAtItsTimeoutAndTheOtherChecksReport() {
        // Every place a policy can hang with one runner thread, two checks at a time; with two runner threads, where a
        // worker thread hangs (urgency) and where the coordinating one does (windowEnd), one check at a time (two runs
        // of two spinning threads each would starve each other on a two-processor machine, hung policy or not).
        List<List<String>> cases = List.of(List.of("urgency", "1"), List.of("windowEnd", "1"), List.of("start", "1"),
                List.of("constructor", "1"), List.of("urgency", "2"), List.of("windowEnd", "2"));
        for (List<String> c : cases) {
            String at = c.get(0);
            String threads = c.get(1);
            String jobs = threads.equals("1") ? "2" : "1";
            String spec = MisbehavingPolicy.spec("loop", at);
            long started = System.nanoTime();
            Cli.Result r = Cli.run("test", Cli.scenarioArg("J1"), Cli.scenarioArg("J2"), "--duration", "6s",
                    "--policy", "fair", "--policy", spec, "--policy", "zvm64", "--timeout", "3s", "--jobs", jobs,
                    "--threads", threads);
            double seconds = (System.nanoTime() - started) / 1e9;
            r.assertExit(1);
            List<String> checks = r.outLines().stream().filter(l -> l.startsWith("PASS ") || l.startsWith("ERROR ")
                    || l.startsWith("FAIL ")).toList();
            assertEquals(6, checks.size(), () -> "every check reports\n" + r.all());
            if (threads.equals("1")) {
                assertEquals(4, checks.stream().filter(l -> l.startsWith("PASS ")).count(),
                        () -> at + ": the others ran to their verdicts\n" + r.all());
            }
            List<String> errors = new ArrayList<>();
            for (int i = 0; i < r.outLines().size() - 1; i++) {
                if (r.outLines().get(i).startsWith("ERROR ") && r.outLines().get(i).contains(spec)) {
                    errors.add(r.outLines().get(i + 1).strip());
                }
            }
            assertEquals(2, errors.size(), r::all);
            String expected = at.equals("constructor")
                    ? "policy " + spec + ": its creation did not return within the timeout of 3 s (in "
                            + MisbehavingPolicy.CLASS + ".misbehave)"
                    : "run of J1 under policy " + spec + " exceeded its timeout of 3 s and did not stop: the policy did "
                            + "not return from " + MisbehavingPolicy.CLASS + ".misbehave (ended after 1 s more)";
            assertEquals(expected, errors.get(0), r::all);
            // Two stuck checks side by side, each ended at its timeout and the margin: a bound for liveness, not a
            // speed goal (the other runs take a fraction of a second each).
            assertTrue(seconds < 30, () -> at + ": took " + seconds + " s\n" + r.all());
        }
    }
}
