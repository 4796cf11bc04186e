package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckCommandTest {

    /** Three mistakes, one per line 3, 4, 5: a limit without mode, demand 120, a duplicate user. */
    static final String THREE_MISTAKES = """
            LPAR CP.2
            PROBLEM B1
            USER U1 CP.100-R,50-R
              VCPU 0 CP 120
            USER U1 CP.100-R
              VCPU 0 CP *
            RUNIT
            """;

    @TempDir
    Path dir;

    @Test
    void check_everySeedScenario_exitsZeroWithOneOkLineEach() {
        List<Path> seeds = Cli.seedScenarios();
        assertTrue(seeds.size() >= 7, "seed scenarios: " + seeds);
        List<String> args = new ArrayList<>(List.of("check"));
        seeds.forEach(p -> args.add(p.toString()));

        Cli.Result r = Cli.run(args.toArray(String[]::new));

        r.assertExit(0);
        assertEquals("", r.err());
        List<String> expected = seeds.stream().map(p -> p + ": ok (1 problem)").toList();
        assertEquals(expected, r.outLines());
    }

    @Test
    void check_fileWithThreeMistakes_exitsTwoWithThreeLocatedLinesInLineOrder() {
        Path bad = Cli.write(dir.resolve("bad.scn"), THREE_MISTAKES);

        Cli.Result r = Cli.run("check", bad.toString());

        r.assertExit(2);
        r.assertNoStackTrace();
        assertFalse(r.err().contains("Exception"), r::all);
        assertEquals("", r.out());
        List<String> lines = r.errLines();
        assertEquals(3, lines.size(), r::all);
        assertTrue(lines.get(0).startsWith(bad + ":3:18: "), lines.get(0));
        assertTrue(lines.get(0).contains("50-R") && lines.get(0).contains("L"), lines.get(0));
        assertTrue(lines.get(1).startsWith(bad + ":4:13: "), lines.get(1));
        assertTrue(lines.get(1).contains("demand") && lines.get(1).contains("120"), lines.get(1));
        assertTrue(lines.get(2).startsWith(bad + ":5:6: "), lines.get(2));
        assertTrue(lines.get(2).contains("duplicate user U1"), lines.get(2));
        for (String line : lines) {
            assertTrue(line.matches("\\Q" + bad + "\\E:\\d+:\\d+: \\S.*"), line);
        }
    }

    @Test
    void check_missingFile_exitsTwoWithOneLine() {
        Path missing = dir.resolve("nope.scn");

        Cli.Result r = Cli.run("check", missing.toString());

        r.assertExit(2);
        r.assertNoStackTrace();
        assertEquals(1, r.errLines().size(), r::all);
        assertTrue(r.err().contains("no such file") && r.err().contains(missing.toString()), r::all);
        assertFalse(r.err().contains("Exception"), r::all);
    }

    @Test
    void check_goodAndMissingFiles_reportsBothAndExitsTwo() {
        Cli.Result r = Cli.run("check", Cli.scenarioArg("J1"), dir.resolve("nope.scn").toString());

        r.assertExit(2);
        assertEquals(List.of(Cli.scenario("J1") + ": ok (1 problem)"), r.outLines());
        assertEquals(1, r.errLines().size(), r::all);
    }

    @Test
    void check_libraryDirectory_walksEveryFolderForScnFilesInPathOrder() throws IOException {
        Cli.Result r = Cli.run("check", Cli.SCENARIOS.toString());

        r.assertExit(0);
        List<Path> files;
        try (Stream<Path> walk = Files.walk(Cli.SCENARIOS)) {
            files = walk.filter(f -> f.getFileName().toString().endsWith(".scn")).sorted().toList();
        }
        assertTrue(files.containsAll(Cli.seedScenarios()) && files.size() > Cli.seedScenarios().size(), files::toString);
        assertEquals(files.size(), r.outLines().size(), r::all);
        for (int i = 0; i < files.size(); i++) {
            assertTrue(r.outLines().get(i).matches(Pattern.quote(files.get(i) + ": ok (") + "\\d+ problems?\\)"),
                    r.outLines().get(i));
        }
    }

    @Test
    void check_directoryWithNestedBadFile_findsItAndIgnoresOtherExtensions() {
        Cli.write(dir.resolve("a.scn"), Cli.read(Cli.scenario("J1")));
        Path nested = Cli.write(dir.resolve("sub").resolve("deeper").resolve("b.scn"), THREE_MISTAKES);
        Cli.write(dir.resolve("notes.txt"), "this is not a scenario\n");

        Cli.Result r = Cli.run("check", dir.toString());

        r.assertExit(2);
        r.assertNoStackTrace();
        assertEquals(List.of(dir.resolve("a.scn") + ": ok (1 problem)"), r.outLines());
        assertEquals(3, r.errLines().size(), r::all);
        r.errLines().forEach(l -> assertTrue(l.startsWith(nested + ":"), l));
        assertFalse(r.all().contains("notes.txt"), r::all);
    }

    @Test
    void check_fileInLatin1BetweenGoodFiles_reportsItsByteAndStillChecksTheNext() throws Exception {
        Path latin1 = dir.resolve("latin1.scn");
        java.nio.file.Files.write(latin1, "* caf\u00e9\nLPAR CP.1\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));

        Cli.Result r = Cli.run("check", Cli.scenarioArg("J1"), latin1.toString(), Cli.scenarioArg("J2"));

        r.assertExit(2);
        r.assertNoStackTrace();
        assertEquals(List.of(Cli.scenario("J1") + ": ok (1 problem)", Cli.scenario("J2") + ": ok (1 problem)"), r.outLines());
        assertEquals(List.of(latin1 + ":1:6: invalid UTF-8 byte 0xE9 at byte offset 5: the file must be UTF-8"), r.errLines());
    }

    @Test
    void check_directoryWithoutScenarios_exitsTwoSayingSoAndChecksTheRest() {
        Path empty = dir.resolve("empty");
        Cli.write(empty.resolve("notes.txt"), "not a scenario\n");

        Cli.Result r = Cli.run("check", empty.toString(), Cli.scenarioArg("J1"));

        r.assertExit(2);
        assertEquals(List.of("schedlab: no .scn files in " + empty), r.errLines());
        assertEquals(List.of(Cli.scenario("J1") + ": ok (1 problem)"), r.outLines());
    }
}
