package org.schedlab.junit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.platform.commons.util.ClassLoaderUtils;
import org.junit.platform.engine.EngineDiscoveryRequest;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.discovery.ClasspathResourceSelector;
import org.junit.platform.engine.discovery.ClasspathRootSelector;
import org.junit.platform.engine.discovery.DirectorySelector;
import org.junit.platform.engine.discovery.FileSelector;
import org.junit.platform.engine.discovery.PackageSelector;
import org.junit.platform.engine.discovery.UniqueIdSelector;

/**
 * Turns a discovery request's selectors into scenario files, each with what of it was selected: the
 * whole file (every problem under the configured policies and seeds) or single checks named by unique
 * ID. Class path roots, class path resources and packages (a folder of resources), directories and
 * files are walked for {@code *.scn}; selectors of other kinds (classes, methods) are left to the
 * engines that understand them. Files come out in the order found, each directory in name order.
 */
final class ScenarioDiscovery {

    static final String EXTENSION = ".scn";

    /** One check named by a unique ID: a problem under a policy, with a seed when the ID has one. */
    record CaseKey(String problem, String policy, Optional<Long> seed) {
    }

    /** All of a file, or only some checks of it. */
    record Selection(boolean all, Set<CaseKey> cases) {
        static final Selection ALL = new Selection(true, Set.of());

        Selection merge(Selection other) {
            if (all || other.all) {
                return ALL;
            }
            Set<CaseKey> both = new LinkedHashSet<>(cases);
            both.addAll(other.cases);
            return new Selection(false, Collections.unmodifiableSet(both));
        }
    }

    private final UniqueId engineId;
    private final Map<ScenarioSource, Selection> found = new LinkedHashMap<>();

    private ScenarioDiscovery(UniqueId engineId) {
        this.engineId = engineId;
    }

    static Map<ScenarioSource, Selection> discover(EngineDiscoveryRequest request, UniqueId engineId) {
        ScenarioDiscovery d = new ScenarioDiscovery(engineId);
        request.getSelectorsByType(ClasspathRootSelector.class).forEach(s -> d.root(s.getClasspathRoot()));
        request.getSelectorsByType(PackageSelector.class)
                .forEach(s -> d.resourceFolder(s.getPackageName().replace('.', '/')));
        request.getSelectorsByType(ClasspathResourceSelector.class).forEach(s -> d.resource(s.getClasspathResourceName()));
        request.getSelectorsByType(DirectorySelector.class).forEach(s -> d.directory(s.getPath()));
        request.getSelectorsByType(FileSelector.class).forEach(s -> d.file(s.getPath()));
        request.getSelectorsByType(UniqueIdSelector.class).forEach(s -> d.uniqueId(s.getUniqueId()));
        return Collections.unmodifiableMap(d.found);
    }

    private void add(ScenarioSource source, Selection selection) {
        found.merge(source, selection, Selection::merge);
    }

    private void root(URI root) {
        try {
            if ("file".equals(root.getScheme())) {
                Path p = Path.of(root);
                if (Files.isDirectory(p)) {
                    walk(p, "");
                } else if (Files.isRegularFile(p)) {
                    try (FileSystem jar = FileSystems.newFileSystem(p)) {
                        walk(jar.getPath("/"), "");
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A resource naming a scenario file, or a folder of them. */
    private void resource(String name) {
        String n = name.replace('\\', '/').replaceFirst("^/+", "");
        if (n.endsWith(EXTENSION)) {
            if (ClassLoaderUtils.getDefaultClassLoader().getResource(n) != null) {
                add(ScenarioSource.resource(n), Selection.ALL);
            }
            return;
        }
        resourceFolder(n);
    }

    /** Every copy of the folder on the class path (a directory, or a folder inside a jar). */
    private void resourceFolder(String folder) {
        String f = folder.replaceFirst("/+$", "");
        try {
            Enumeration<URL> urls = ClassLoaderUtils.getDefaultClassLoader().getResources(f);
            while (urls.hasMoreElements()) {
                URI uri = urls.nextElement().toURI();
                String prefix = f.isEmpty() ? "" : f + "/";
                if ("file".equals(uri.getScheme())) {
                    Path p = Path.of(uri);
                    if (Files.isDirectory(p)) {
                        walk(p, prefix);
                    }
                } else if ("jar".equals(uri.getScheme())) {
                    FileSystem jar;
                    boolean opened = false;
                    try {
                        jar = FileSystems.newFileSystem(uri, Map.of());
                        opened = true;
                    } catch (FileSystemAlreadyExistsException e) {
                        jar = FileSystems.getFileSystem(uri);
                    }
                    try {
                        Path p = jar.provider().getPath(uri);
                        if (Files.isDirectory(p)) {
                            walk(p, prefix);
                        }
                    } finally {
                        if (opened) {
                            jar.close();
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Adds the class path resources under {@code dir}, named {@code prefix} + their path below it. */
    private void walk(Path dir, String prefix) throws IOException {
        for (Path p : scenarioFiles(dir)) {
            String relative = dir.relativize(p).toString().replace(dir.getFileSystem().getSeparator(), "/");
            add(ScenarioSource.resource(prefix + relative), Selection.ALL);
        }
    }

    private void directory(Path dir) {
        try {
            for (Path p : scenarioFiles(dir)) {
                add(ScenarioSource.file(p), Selection.ALL);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void file(Path file) {
        if (file.getFileName() != null && file.getFileName().toString().endsWith(EXTENSION) && Files.isRegularFile(file)) {
            add(ScenarioSource.file(file), Selection.ALL);
        }
    }

    private static List<Path> scenarioFiles(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<Path> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.filter(f -> Files.isRegularFile(f) && f.getFileName() != null
                    && f.getFileName().toString().endsWith(EXTENSION)).sorted().forEach(files::add);
        }
        return files;
    }

    /**
     * {@code [engine:schedlab]/[classpath-scenario:NAME]} or {@code [file-scenario:PATH]}, optionally followed
     * by {@code [problem:P]/[policy:Q]} and {@code [seed:N]}: a whole file or one check. IDs of other engines,
     * or that this engine never hands out, select nothing.
     */
    private void uniqueId(UniqueId id) {
        if (!id.hasPrefix(engineId) || id.getSegments().size() < 2) {
            return;
        }
        List<UniqueId.Segment> segments = id.getSegments();
        UniqueId.Segment file = segments.get(1);
        ScenarioSource.Kind kind = ScenarioSource.Kind.ofSegment(file.getType());
        if (kind == null) {
            return;
        }
        ScenarioSource source = kind == ScenarioSource.Kind.CLASSPATH ? ScenarioSource.resource(file.getValue())
                : ScenarioSource.file(Path.of(file.getValue()));
        if (segments.size() == 2) {
            add(source, Selection.ALL);
            return;
        }
        String problem = null;
        String policy = null;
        Long seed = null;
        for (UniqueId.Segment s : segments.subList(2, segments.size())) {
            switch (s.getType()) {
                case ScenarioCaseDescriptor.PROBLEM -> problem = s.getValue();
                case ScenarioCaseDescriptor.POLICY -> policy = s.getValue();
                case ScenarioCaseDescriptor.SEED -> {
                    try {
                        seed = Long.parseLong(s.getValue());
                    } catch (NumberFormatException e) {
                        return;
                    }
                }
                default -> {
                    return;
                }
            }
        }
        if (problem != null && policy != null) {
            add(source, new Selection(false, Set.of(new CaseKey(problem, policy, Optional.ofNullable(seed)))));
        }
    }
}
