package org.schedlab.cell;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.schedlab.core.InputException;
import org.schedlab.core.Problem;
import org.schedlab.core.Scenario;
import org.schedlab.core.io.Utf8Text;
import org.schedlab.grammar.ScenarioParser;

/** Finding scenario files, loading them and picking problems out of them. */
public final class Scenarios {

    private Scenarios() {
    }

    /** Parses one file; a directory is a {@link CellException}, not a read error. */
    public static Scenario load(Path file) throws InputException, IOException {
        return load(file, Optional.empty());
    }

    /**
     * As {@link #load(Path)}, giving up on a file not read whole within {@code timeout} (a pipe that nobody writes to):
     * an {@link InputException} at the file.
     */
    public static Scenario load(Path file, Optional<Duration> timeout) throws InputException, IOException {
        if (Files.isDirectory(file)) {
            throw new CellException(file + " is a directory, expected a .scn file");
        }
        return ScenarioParser.parse(file.toString(), Utf8Text.read(file, Utf8Text.SCENARIO, timeout));
    }

    /** The named problem, or every problem when {@code name} is null. */
    public static List<Problem> select(Scenario scenario, String name) {
        if (name == null) {
            return scenario.problems();
        }
        return List.of(scenario.problem(name).orElseThrow(() -> new CellException(
                "no problem " + name + " in " + scenario.file() + " (it has: "
                        + String.join(", ", scenario.problems().stream().map(Problem::name).toList()) + ")")));
    }

    /** The one problem a single-problem command works on: named, or the file's only one. */
    public static Problem single(Scenario scenario, String name) {
        if (name == null && scenario.problems().size() != 1) {
            throw new CellException(scenario.file() + " has " + scenario.problems().size()
                    + " problems; choose one with --problem");
        }
        return select(scenario, name).get(0);
    }

    /** Files named, with directories walked for {@code *.scn} in name order. */
    public static List<Path> expand(List<Path> paths) throws IOException {
        List<Path> files = new ArrayList<>();
        for (Path p : paths) {
            if (Files.isDirectory(p)) {
                try (Stream<Path> walk = Files.walk(p)) {
                    walk.filter(f -> Files.isRegularFile(f) && f.getFileName().toString().endsWith(".scn"))
                            .sorted()
                            .forEach(files::add);
                }
            } else {
                files.add(p);
            }
        }
        return List.copyOf(files);
    }
}
