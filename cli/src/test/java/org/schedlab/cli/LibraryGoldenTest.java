package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.schedlab.cell.Expectations;
import org.schedlab.core.Problem;
import org.schedlab.grammar.ScenarioParser;

/**
 * The scenario library's golden answers: beside every {@code scenarios/<folder>/X.scn} (and the seed
 * scenarios {@code scenarios/X.scn}) lies {@code X.solve.json}, the output of
 * {@code bin/schedlab solve scenarios/<folder>/X.scn --format json} run from the repository root. A change
 * in the solver that moves any answer fails here, naming the file. When the change is intended, regenerate
 * every golden file from the repository root with
 * <pre>
 * mvn -B -q -o -pl cli -am test -Dtest=LibraryGoldenTest -Dsurefire.failIfNoSpecifiedTests=false -Dschedlab.golden.update=true
 * </pre>
 * and review the diff before committing it (docs/library.md says the same).
 */
class LibraryGoldenTest {

    private static final String GOLDEN_SUFFIX = ".solve.json";
    private static final List<String> SHIPPED_POLICIES = List.of("zvm63", "zvm64", "fair");
    private static final String REGENERATE = "mvn -B -q -o -pl cli -am test -Dtest=LibraryGoldenTest "
            + "-Dsurefire.failIfNoSpecifiedTests=false -Dschedlab.golden.update=true";

    static Stream<Path> libraryScenarios() {
        return walk().stream().filter(LibraryGoldenTest::isScenario);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("libraryScenarios")
    void solve_libraryScenario_matchesItsGoldenAnswer(Path scn) throws IOException {
        String shown = repoPath(scn);
        Cli.Result r = Cli.run("solve", scn.toString(), "--format", "json");
        r.assertExit(0);
        // The JSON names the file as given on the command line; golden files are written from the repository root.
        String given = "\"file\": " + jsonString(scn.toString()) + ",";
        assertTrue(r.out().contains(given), () -> shown + ": no " + given + " in\n" + r.out());
        String actual = normalized(r.out().replaceFirst(Pattern.quote(given),
                Matcher.quoteReplacement("\"file\": " + jsonString(shown) + ",")));
        Path golden = goldenOf(scn);

        if (Boolean.getBoolean("schedlab.golden.update")) {
            Files.writeString(golden, actual, StandardCharsets.UTF_8);
        }
        assertTrue(Files.exists(golden), () -> shown + " has no golden answer " + repoPath(golden) + "; create it with " + REGENERATE);
        String expected = normalized(Files.readString(golden, StandardCharsets.UTF_8));
        if (!expected.equals(actual)) {
            fail(shown + ": solve drifted from " + repoPath(golden) + firstDifference(expected, actual)
                    + "\nIf the change is intended, regenerate with " + REGENERATE + " and review the diff.");
        }
    }

    @Test
    void library_everyScenario_hasAGoldenAnswerAndEveryGoldenAnswerAScenario() {
        List<Path> files = walk();
        List<String> problems = new ArrayList<>();
        for (Path f : files) {
            if (isScenario(f) && !Files.exists(goldenOf(f))) {
                problems.add(repoPath(f) + " has no " + f.getFileName().toString().replace(".scn", GOLDEN_SUFFIX));
            }
            String name = f.getFileName().toString();
            if (name.endsWith(GOLDEN_SUFFIX)
                    && !Files.exists(f.resolveSibling(name.substring(0, name.length() - GOLDEN_SUFFIX.length()) + ".scn"))) {
                problems.add(repoPath(f) + " is a golden answer without its .scn");
            }
        }
        assertTrue(files.stream().filter(LibraryGoldenTest::isScenario).count() >= 60, "the library holds at least 60 files");
        assertEquals(List.of(), problems, "regenerate with " + REGENERATE);
    }

    /** The seven seed scenarios are the report's text verbatim and stay at the top; every other file explains itself. */
    @Test
    void library_everyScenarioInAFolder_opensWithACommentBlock() {
        List<String> bare = libraryScenarios()
                .filter(f -> !f.getParent().normalize().equals(Cli.SCENARIOS.normalize()))
                .filter(f -> !firstLine(f).stripLeading().startsWith("*"))
                .map(LibraryGoldenTest::repoPath)
                .toList();

        assertEquals(List.of(), bare, "files whose first line is not a comment (* ...) saying what they check");
    }

    /** {@code --expect} matches files by name only, so a name used twice would give one file the other's verdicts. */
    @Test
    void library_fileNamesAndProblemNames_areUniqueAcrossFolders() throws Exception {
        List<String> names = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (Path f : libraryScenarios().toList()) {
            names.add(f.getFileName().toString().toUpperCase(Locale.ROOT));
            for (Problem p : ScenarioParser.parse(f).problems()) {
                problems.add(p.name().toUpperCase(Locale.ROOT));
            }
        }
        assertEquals(names.size(), names.stream().distinct().count(), () -> "duplicate file names: " + names);
        assertEquals(problems.size(), problems.stream().distinct().count(), () -> "duplicate problem names: " + problems);
    }

    @Test
    void expectedCsv_everyLibraryProblem_hasAVerdictForEveryShippedPolicy() throws Exception {
        Expectations expected = Expectations.read(Cli.SCENARIOS.resolve("expected.csv"));
        List<String> missing = new ArrayList<>();
        for (Path f : libraryScenarios().toList()) {
            for (Problem p : ScenarioParser.parse(f).problems()) {
                for (String policy : SHIPPED_POLICIES) {
                    if (expected.lookup(f, p.name(), policy).isEmpty()) {
                        missing.add(f.getFileName() + "," + p.name() + "," + policy);
                    }
                }
            }
        }
        assertEquals(List.of(), missing, "rows missing from scenarios/expected.csv");
    }

    private static boolean isScenario(Path f) {
        return f.getFileName().toString().endsWith(".scn");
    }

    /** Every regular file of the library, in path order. */
    private static List<Path> walk() {
        try (Stream<Path> s = Files.walk(Cli.SCENARIOS)) {
            List<Path> files = s.filter(Files::isRegularFile).sorted().toList();
            assertFalse(files.isEmpty(), "no scenario library at " + Cli.SCENARIOS.toAbsolutePath());
            return files;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path goldenOf(Path scn) {
        return scn.resolveSibling(scn.getFileName().toString().replace(".scn", GOLDEN_SUFFIX));
    }

    /** The path as written from the repository root, with forward slashes: scenarios/infinite/INF01.scn. */
    private static String repoPath(Path f) {
        List<String> parts = new ArrayList<>(List.of("scenarios"));
        Cli.SCENARIOS.relativize(f).forEach(p -> parts.add(p.toString()));
        return String.join("/", parts);
    }

    private static String firstLine(Path f) {
        return Cli.read(f).lines().findFirst().orElse("");
    }

    private static String jsonString(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static String normalized(String s) {
        return s.replace("\r\n", "\n");
    }

    private static String firstDifference(String expected, String actual) {
        List<String> e = expected.lines().toList();
        List<String> a = actual.lines().toList();
        for (int i = 0; i < Math.max(e.size(), a.size()); i++) {
            String x = i < e.size() ? e.get(i) : "<end of file>";
            String y = i < a.size() ? a.get(i) : "<end of output>";
            if (!x.equals(y)) {
                return "\nfirst difference at line " + (i + 1) + ":\n  golden: " + x.strip() + "\n  now:    " + y.strip();
            }
        }
        return " (line endings or trailing text differ)";
    }
}
