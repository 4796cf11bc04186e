package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.runner.spi.SchedulerPolicy;

/**
 * {@code --policy-path}: the runner's example policy (runner/src/test/.../example/FifoPolicy.java),
 * compiled here against the classes on the test class path and packed as a user would ship it: a
 * jar with its service file. It is not on the class path otherwise, so only the path can find it.
 */
class PolicyPathTest {

    private static final Path EXAMPLE_SOURCES = Path.of("..", "runner", "src", "test", "java");

    @TempDir
    static Path jarDir;

    static Path jar;
    static String exampleClass;

    @BeforeAll
    static void buildExamplePolicyJar() throws IOException {
        Path source;
        try (Stream<Path> s = Files.walk(EXAMPLE_SOURCES)) {
            source = s.filter(p -> p.getFileName().toString().equals("FifoPolicy.java")).findFirst().orElseThrow();
        }
        Path classes = Files.createDirectories(jarDir.resolve("classes"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int rc = javac.run(null, null, null, "--release", "17", "-proc:none", "-d", classes.toString(),
                "-cp", System.getProperty("java.class.path"), source.toString());
        assertEquals(0, rc, "the example policy does not compile");
        String pkg = Files.readAllLines(source).stream().filter(l -> l.startsWith("package ")).findFirst().orElseThrow()
                .replace("package ", "").replace(";", "").trim();
        exampleClass = pkg + ".FifoPolicy";
        jar = jarDir.resolve("fifo.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar)); Stream<Path> s = Files.walk(classes)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                out.putNextEntry(new JarEntry(classes.relativize(p).toString().replace(File.separatorChar, '/')));
                Files.copy(p, out);
                out.closeEntry();
            }
            out.putNextEntry(new JarEntry("META-INF/services/" + SchedulerPolicy.class.getName()));
            out.write((exampleClass + "\n").getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
    }

    @Test
    void policy_notOnThePath_isUnknown(@TempDir Path out) {
        Cli.Result r = Cli.run("run", Cli.scenarioArg("J1"), "--policy", "fifo", "--out", out.toString());

        r.assertExit(ExitCodes.BAD_INPUT);
        assertTrue(r.err().contains("unknown policy 'fifo'"), r::all);
    }

    @Test
    void policyPath_jarWithServiceFile_runsThePolicyByName(@TempDir Path out) {
        Cli.Result r = Cli.run("run", Cli.scenarioArg("J1"), "--policy-path", jar.toString(), "--policy", "fifo",
                "--duration", "3s", "--warmup", "1s", "--out", out.toString());

        r.assertExit(ExitCodes.OK);
        assertTrue(r.out().contains("under fifo"), r::all);
        assertTrue(Cli.list(out).contains("J1.fifo.series.csv"), () -> Cli.list(out) + "\n" + r.all());
    }

    @Test
    void policyPath_jar_runsThePolicyByClassName() {
        Cli.Result r = Cli.run("test", Cli.scenarioArg("J1"), "--policy-path", jar.toString(), "--policy", exampleClass,
                "--duration", "3s", "--warmup", "1s");

        assertTrue(r.code() == ExitCodes.OK || r.code() == ExitCodes.VERDICT_FAILED, r::all);
        assertTrue(r.out().contains("fifo"), r::all);
        r.assertNoStackTrace();
    }

    @Test
    void policyPath_missingEntry_isAUsageErrorNamingIt(@TempDir Path out) {
        Path missing = out.resolve("no-such.jar");
        Cli.Result r = Cli.run("run", Cli.scenarioArg("J1"), "--policy-path", jar + File.pathSeparator + missing,
                "--policy", "fifo", "--out", out.toString());

        r.assertExit(ExitCodes.BAD_INPUT);
        assertEquals(List.of("schedlab: --policy-path: " + missing + ": no such jar or directory"), r.errLines(), r::all);
    }

    /** The environment variable is read by the launched program, so this one runs in a JVM of its own. */
    @Test
    void environmentVariable_isThePathWhenNoOptionIsGiven(@TempDir Path out) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), Schedlab.class.getName(),
                "run", Cli.scenarioArg("J1"), "--policy", "fifo", "--duration", "3s", "--warmup", "1s",
                "--out", out.toString()).redirectErrorStream(true);
        pb.environment().put(PolicyPath.ENV, jar.toString());
        Process p = pb.start();
        p.getOutputStream().close();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "schedlab did not finish");

        assertEquals(0, p.exitValue(), output);
        assertTrue(output.contains("under fifo"), output);
    }
}
