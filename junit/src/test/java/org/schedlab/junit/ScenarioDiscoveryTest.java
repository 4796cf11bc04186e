package org.schedlab.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClasspathResource;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClasspathRoots;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;

/** Which files each class path selector finds, in directories and in jars, without running anything. */
class ScenarioDiscoveryTest {

    private static final String ONE_PROBLEM = "LPAR CP.1\nPROBLEM P\nUSER A CP.100-R\n  VCPU 0 CP *\nRUNIT\n";

    private static List<String> files(DiscoverySelector... selectors) {
        TestDescriptor root = new SchedlabTestEngine().discover(
                LauncherDiscoveryRequestBuilder.request().selectors(selectors).build(), UniqueId.forEngine("schedlab"));
        return root.getChildren().stream().map(TestDescriptor::getDisplayName).toList();
    }

    @Test
    void classpathRoot_directory_everyScenarioInNameOrder() {
        assertEquals(List.of("broken.BAD", "scenarios.J1", "scenarios.infinite.INF"),
                files(selectClasspathRoots(Set.of(Path.of("target/test-classes"))).toArray(DiscoverySelector[]::new)));
    }

    @Test
    void classpathRootAndResourceFolder_jar_scenariosInsideFound(@TempDir Path dir) throws IOException {
        Path jar = dir.resolve("library.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            for (String name : List.of("lib/", "lib/b/", "lib/b/B.scn", "lib/A.scn", "lib/notes.txt")) {
                out.putNextEntry(new JarEntry(name));
                if (!name.endsWith("/")) {
                    write(out, ONE_PROBLEM);
                }
                out.closeEntry();
            }
        }
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, before)) {
            thread.setContextClassLoader(loader);

            assertEquals(List.of("lib.A", "lib.b.B"), files(selectClasspathResource("lib")));
            assertEquals(List.of("lib.A", "lib.b.B"),
                    files(selectClasspathRoots(Set.of(jar)).toArray(DiscoverySelector[]::new)));
            assertEquals(List.of("lib.b.B"), files(selectClasspathResource("/lib/b/B.scn")));
        } finally {
            thread.setContextClassLoader(before);
        }
    }

    private static void write(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
    }
}
