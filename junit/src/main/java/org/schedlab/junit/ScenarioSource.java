package org.schedlab.junit;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import org.junit.platform.commons.util.ClassLoaderUtils;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.ClasspathResourceSource;
import org.junit.platform.engine.support.descriptor.FilePosition;
import org.junit.platform.engine.support.descriptor.FileSource;
import org.schedlab.core.InputException;
import org.schedlab.core.Scenario;
import org.schedlab.core.SourceLocation;
import org.schedlab.core.io.Utf8Text;
import org.schedlab.grammar.ScenarioParser;
import org.schedlab.report.ClassNames;

/**
 * Where a scenario file was found: a class path resource ({@code scenarios/J1.scn}) or a file. The kind
 * and name are the segment of its unique ID, so a re-run by ID finds the same file again.
 *
 * @param name the resource name, or the file's absolute normalized path
 */
record ScenarioSource(Kind kind, String name) {

    enum Kind {
        CLASSPATH("classpath-scenario"), FILE("file-scenario");

        final String segment;

        Kind(String segment) {
            this.segment = segment;
        }

        static Kind ofSegment(String type) {
            for (Kind k : values()) {
                if (k.segment.equals(type)) {
                    return k;
                }
            }
            return null;
        }
    }

    ScenarioSource {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(name, "name");
    }

    static ScenarioSource resource(String name) {
        return new ScenarioSource(Kind.CLASSPATH, name.replace('\\', '/').replaceFirst("^/+", ""));
    }

    static ScenarioSource file(Path path) {
        return new ScenarioSource(Kind.FILE, path.toAbsolutePath().normalize().toString());
    }

    UniqueId uniqueId(UniqueId engine) {
        return engine.append(kind.segment, name);
    }

    /**
     * How the file is named to people (display names, diagnostics, expectations): the resource name, or
     * the path relative to the working directory when it lies under it.
     */
    String displayName() {
        if (kind == Kind.CLASSPATH) {
            return name;
        }
        Path p = Path.of(name);
        Path cwd = Path.of("").toAbsolutePath();
        return p.startsWith(cwd) ? cwd.relativize(p).toString() : name;
    }

    /** The path a {@link org.schedlab.cell.TestCase} carries: expectations match on its file name. */
    Path path() {
        return Path.of(displayName());
    }

    /** Parses the file; its diagnostics name it by {@link #displayName()}. */
    Scenario load() throws IOException, InputException {
        return ScenarioParser.parse(displayName(), read());
    }

    /** The file's text, read as the CLI reads it: UTF-8 (a byte order mark allowed), within a scenario's limits. */
    private String read() throws IOException, InputException {
        if (kind == Kind.FILE) {
            try (InputStream in = Files.newInputStream(Path.of(name))) {
                return Utf8Text.read(displayName(), in, Utf8Text.SCENARIO);
            }
        }
        URL url = ClassLoaderUtils.getDefaultClassLoader().getResource(name);
        if (url == null) {
            throw new IOException("no class path resource " + name);
        }
        try (InputStream in = url.openStream()) {
            return Utf8Text.read(displayName(), in, Utf8Text.SCENARIO);
        }
    }

    /** The whole file, for the container. */
    TestSource testSource() {
        return kind == Kind.CLASSPATH ? ClasspathResourceSource.from(name) : FileSource.from(new File(name));
    }

    /** A place in the file (a problem's {@code PROBLEM} line), so an IDE opens the file there. */
    TestSource testSource(SourceLocation at) {
        FilePosition position = FilePosition.from(at.line(), at.column());
        return kind == Kind.CLASSPATH ? ClasspathResourceSource.from(name, position)
                : FileSource.from(new File(name), position);
    }

    /** The dotted name JUnit reports use as a class name ({@code scenarios.infinite.INF01}). */
    String className() {
        return ClassNames.of(displayName());
    }
}
