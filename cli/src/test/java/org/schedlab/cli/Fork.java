package org.schedlab.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The CLI in a JVM of its own, as {@code bin/schedlab} runs it ({@link Schedlab#main}: its shutdown hook and
 * {@code System.exit}), on the tests' class path, so that the test policies are found. For what cannot happen
 * in the tests' JVM: a policy ending the process, a signal, a {@code kill -9}.
 */
final class Fork {

    private final Process process;
    private final Path out;
    private final Path err;

    private Fork(Process process, Path out, Path err) {
        this.process = process;
        this.out = out;
        this.err = err;
    }

    /** Starts {@code schedlab args...} with {@code tmp} as its temporary directory (and its output files' home). */
    static Fork start(Path tmp, String... args) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> cmd = new ArrayList<>(List.of(java, "-cp", cp, "-Djava.io.tmpdir=" + tmp, "-Xshare:auto",
                Schedlab.class.getName()));
        cmd.addAll(List.of(args));
        try {
            Files.createDirectories(tmp);
            Path out = Files.createTempFile(tmp, "stdout", ".txt");
            Path err = Files.createTempFile(tmp, "stderr", ".txt");
            Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            return new Fork(p, out, err);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Process process() {
        return process;
    }

    /** Waits for the end (at most two minutes) and gives what the process printed. */
    Cli.Result waitFor() {
        try {
            if (!process.waitFor(2, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new AssertionError("the forked schedlab did not end within two minutes: " + read(err));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
        Cli.Result r = new Cli.Result(process.exitValue(), read(out), read(err));
        try {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return r;
    }

    /** Runs {@code schedlab args...} to its end. */
    static Cli.Result run(Path tmp, String... args) {
        return start(tmp, args).waitFor();
    }

    private static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
