package org.schedlab.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Builds examples/junit-example as its users would, with {@code mvn -o test}, against this build's
 * artifacts, and reads its Surefire report. The artifacts come from a private local repository that
 * the invoker plugin filled before this test ran; everything else (plugins, JUnit) from the local
 * repository of the build running this test, through a {@code file:} mirror. Nothing is downloaded,
 * and the shared local repository is never written.
 */
class ExampleProjectIT {

    private static Path property(String name) {
        String v = System.getProperty(name);
        assertTrue(v != null && !v.isBlank(), "system property " + name + " is set by the failsafe configuration");
        return Path.of(v).toAbsolutePath().normalize();
    }

    @Test
    void exampleProject_offlineMvnTest_surefireListsOneTestPerProblemAndPolicy() throws Exception {
        Path work = property("schedlab.example.work");
        Path project = work.resolve("project");
        deleteTree(work);
        copyTree(property("schedlab.example.dir"), project);
        Path settings = work.resolve("settings.xml");
        Files.writeString(settings, settings(property("schedlab.example.mirror")), StandardCharsets.UTF_8);
        Path log = work.resolve("build.log");

        boolean windows = System.getProperty("os.name").toLowerCase(Locale.ROOT).startsWith("windows");
        Path mvn = property("schedlab.example.maven").resolve("bin").resolve(windows ? "mvn.cmd" : "mvn");
        List<String> command = List.of(mvn.toString(), "-B", "-o", "-s", settings.toString(),
                "-Dmaven.repo.local=" + property("schedlab.example.repository"),
                // Offline, yet the file: mirror of the local repository may be read.
                "-Daether.offline.protocols=file",
                "-Dschedlab.version=" + System.getProperty("schedlab.example.version"),
                "test");
        ProcessBuilder pb = new ProcessBuilder(command).directory(project.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().remove("MAVEN_ARGS");
        Process p = pb.start();
        boolean finished = p.waitFor(10, TimeUnit.MINUTES);
        if (!finished) {
            p.destroyForcibly();
        }
        assertTrue(finished && p.exitValue() == 0, () -> "mvn -o test of the example failed; its log ends:\n" + tail(log));

        List<String> cases = new ArrayList<>();
        try (Stream<Path> reports = Files.list(project.resolve("target/surefire-reports"))) {
            for (Path r : reports.filter(f -> f.getFileName().toString().matches("TEST-.*\\.xml")).sorted().toList()) {
                cases.addAll(testCases(r));
            }
        }
        assertEquals(List.of(
                "scenarios.J1 | J1 under fair",
                "scenarios.J1 | J1 under zvm63",
                "scenarios.J1 | J1 under zvm64",
                "scenarios.infinite.INF | INF01 under fair",
                "scenarios.infinite.INF | INF01 under zvm63",
                "scenarios.infinite.INF | INF01 under zvm64",
                "scenarios.infinite.INF | INF02 under fair",
                "scenarios.infinite.INF | INF02 under zvm63",
                "scenarios.infinite.INF | INF02 under zvm64"), cases.stream().sorted().toList(), () -> "report cases " + cases);
    }

    /** {@code classname | name} of every test case of a Surefire report, failing on any failure or error. */
    private static List<String> testCases(Path report) throws Exception {
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(report.toFile());
        NodeList list = doc.getElementsByTagName("testcase");
        List<String> out = new ArrayList<>();
        for (int i = 0; i < list.getLength(); i++) {
            Element e = (Element) list.item(i);
            String id = e.getAttribute("classname") + " | " + e.getAttribute("name");
            assertEquals(0, e.getElementsByTagName("failure").getLength() + e.getElementsByTagName("error").getLength(),
                    () -> id + " did not pass: " + Files.exists(report));
            out.add(id);
        }
        return out;
    }

    /**
     * Every repository, plugins' included, is the calling build's local repository read as a remote; it keeps
     * no checksums, so none are asked for.
     */
    private static String settings(Path mirror) {
        return """
                <settings>
                  <mirrors>
                    <mirror>
                      <id>calling-build-local-repository</id>
                      <mirrorOf>*</mirrorOf>
                      <url>%1$s</url>
                    </mirror>
                  </mirrors>
                  <profiles>
                    <profile>
                      <id>no-checksums</id>
                      <repositories>
                        <repository>
                          <id>central</id>
                          <url>%1$s</url>
                          <releases><checksumPolicy>ignore</checksumPolicy></releases>
                          <snapshots><enabled>false</enabled></snapshots>
                        </repository>
                      </repositories>
                      <pluginRepositories>
                        <pluginRepository>
                          <id>central</id>
                          <url>%1$s</url>
                          <releases><checksumPolicy>ignore</checksumPolicy></releases>
                          <snapshots><enabled>false</enabled></snapshots>
                        </pluginRepository>
                      </pluginRepositories>
                    </profile>
                  </profiles>
                  <activeProfiles>
                    <activeProfile>no-checksums</activeProfile>
                  </activeProfiles>
                </settings>
                """.formatted(mirror.toUri());
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 60), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : walk.filter(f -> !from.relativize(f).startsWith("target")).toList()) {
                Path dest = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(dest);
                } else {
                    Files.copy(p, dest);
                }
            }
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
