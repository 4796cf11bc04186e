package org.schedlab.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The dependency direction, checked on the sources: a policy never imports the dispatcher, the dispatcher
 * never imports a policy implementation, the SPI imports neither, and no module imports the CLI. A small
 * import scan (imports and fully qualified references), not a bytecode analysis.
 */
class LayeringTest {

    private static final Path MAIN = Path.of("src", "main", "java", "org", "schedlab", "runner");
    private static final Pattern REFERENCE = Pattern.compile("\\borg\\.schedlab\\.[a-z.]*[a-z]");
    private static final Pattern PACKAGE = Pattern.compile("^package [\\w.]+;", Pattern.MULTILINE);

    /** Every package of org.schedlab that a source file names, with the file. */
    private static List<String> references(Path root) {
        List<String> out = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String text = Files.readString(f);
                // After the package declaration: a package-info's javadoc, before it, may name other packages.
                Matcher declaration = PACKAGE.matcher(text);
                int body = declaration.find() ? declaration.end() : 0;
                Matcher m = REFERENCE.matcher(text.substring(body));
                while (m.find()) {
                    out.add(root.relativize(f) + " -> " + m.group());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    private static List<String> offending(Path dir, String forbiddenPrefix) {
        return references(dir).stream().filter(r -> r.substring(r.indexOf(" -> ") + 4).startsWith(forbiddenPrefix))
                .toList();
    }

    @Test
    void policies_neverImportTheDispatcher() {
        assertFalse(offending(MAIN.resolve("policy"), "org.schedlab.runner.spi").isEmpty(), "the scan sees imports");
        assertEquals(List.of(), offending(MAIN.resolve("policy"), "org.schedlab.runner.engine"));
    }

    @Test
    void dispatcher_neverImportsAPolicy() {
        assertEquals(List.of(), offending(MAIN.resolve("engine"), "org.schedlab.runner.policy"));
    }

    @Test
    void spi_importsNeitherDispatcherNorPolicies() {
        assertEquals(List.of(), offending(MAIN.resolve("spi"), "org.schedlab.runner.engine"));
        assertEquals(List.of(), offending(MAIN.resolve("spi"), "org.schedlab.runner.policy"));
    }

    /**
     * The engine is internal: outside the runner only the benchmarks reach it, and only the types its
     * package-info names are public.
     */
    @Test
    void engine_internal_reachedOnlyByRunnerAndBenchmarks() throws IOException {
        Path root = Path.of("..");
        List<Path> mains;
        try (Stream<Path> dirs = Files.list(root)) {
            mains = dirs.filter(d -> !d.endsWith("runner") && !d.endsWith("benchmarks"))
                    .map(d -> d.resolve(Path.of("src", "main", "java"))).filter(Files::isDirectory).toList();
        }
        assertFalse(mains.isEmpty(), "the modules' sources are next to this one");
        for (Path m : mains) {
            assertEquals(List.of(), offending(m, "org.schedlab.runner.engine"), m.toString());
        }
        List<String> publicTypes = new ArrayList<>();
        try (Stream<Path> files = Files.list(MAIN.resolve("engine"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                if (Pattern.compile("^public ", Pattern.MULTILINE).matcher(Files.readString(f)).find()) {
                    publicTypes.add(f.getFileName().toString());
                }
            }
        }
        assertEquals(List.of("Dispatcher.java", "IndexedHeap.java", "SpinBarrier.java"), publicTypes);
    }

    @Test
    void noModule_importsTheCli() throws IOException {
        Path root = Path.of("..");
        List<Path> mains;
        try (Stream<Path> dirs = Files.list(root)) {
            mains = dirs.map(d -> d.resolve(Path.of("src", "main", "java"))).filter(Files::isDirectory)
                    .filter(d -> !d.startsWith(root.resolve("cli"))).toList();
        }
        assertFalse(mains.isEmpty(), "the modules' sources are next to this one");
        for (Path m : mains) {
            assertEquals(List.of(), offending(m, "org.schedlab.cli"), m.toString());
        }
    }
}
