package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.schedlab.core.Unlocated;
import org.schedlab.grammar.ScenarioParser;

/**
 * {@code schedlab export}: golden files for every seed scenario (and a few library files that use what the
 * seeds do not: CPU pools, CPU affinity, SMT, SRM knobs), in both formats.
 */
class ExportCommandTest {

    private static final Path GOLDEN = Path.of("src", "test", "resources", "export");
    private static final String REGENERATE = "mvn -B -q -o -pl cli -am test -Dtest=ExportCommandTest "
            + "-Dsurefire.failIfNoSpecifiedTests=false -Dschedlab.golden.update=true";
    private static final List<String> LIBRARY_EXTRAS = List.of("cpupools/POOL01.scn", "cpupools/POOL03.scn",
            "affinity/AFF01.scn", "smt/SMT01.scn", "knobs/KNB05.scn");

    static Stream<Path> scenarios() throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> top = Files.list(Cli.SCENARIOS)) {
            top.filter(f -> f.toString().endsWith(".scn")).sorted().forEach(files::add);
        }
        LIBRARY_EXTRAS.forEach(f -> files.add(Cli.SCENARIOS.resolve(f)));
        return files.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void exportZvm_scenario_matchesItsGoldenFile(Path scn) throws IOException {
        golden(scn, "zvm");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void exportScn_scenario_matchesItsGoldenFileAndParsesToTheSameModel(Path scn) throws Exception {
        String text = golden(scn, "scn");
        assertEquals(ScenarioParser.parse(scn).problems().stream().map(Unlocated::of).toList(),
                ScenarioParser.parse(scn.toString(), text).problems().stream().map(Unlocated::of).toList());
    }

    @Test
    void exportZvm_fileWithSeveralProblemsAndNoProblemNamed_isBadInput() {
        Cli.Result r = Cli.run("export", Cli.SCENARIOS.resolve("knobs/KNOBS.scn").toString(), "--format", "zvm");
        r.assertExit(ExitCodes.BAD_INPUT);
        assertTrue(r.err().contains("choose one with --problem"), r::all);
        r.assertNoStackTrace();
    }

    @Test
    void exportZvm_problemNamed_onlyThatProblem() {
        Cli.Result r = Cli.run("export", Cli.SCENARIOS.resolve("knobs/KNOBS.scn").toString(), "--format", "zvm",
                "--problem", "KNB03");
        r.assertExit(ExitCodes.OK);
        assertTrue(r.out().contains("problem KNB03 of KNOBS.scn"), r::all);
        assertTrue(r.out().contains("SET SRM DSPWDMETHOD REBALANCE"), r::all);
    }

    @Test
    void exportZvm_everyLineIsACommandOrANote() {
        Cli.Result r = Cli.run("export", Cli.SCENARIOS.resolve("cpupools/POOL03.scn").toString(), "--format", "zvm");
        r.assertExit(ExitCodes.OK);
        for (String line : r.outLines()) {
            assertTrue(line.startsWith("*") || line.matches("(SET (SHARE|SRM|CPUAFFINITY)|DEFINE (CPU|CPUPOOL)|SCHEDULE) .*"),
                    () -> "neither a CP command nor a note: " + line);
        }
    }

    /** The example with a CPU pool cap change and a fractional instant: the timed script of CP commands. */
    static final String DYNAMIC = """
            LPAR CP.2 ZIIP.1
            CPUPOOL LNX CP CAPACITY 1
            PROBLEM D1
            USER A CP.100-R
              VCPU 0 CP *
            USER B CP.100-R
              VCPU 0 CP 0
            AT 20S
              SET SHARE B CP.300-R
              SET DEMAND B.0 *
              LOGON C CP.100-R ZIIP.25-AL POOL LNX
                VCPU 0 CP 50
                VCPU 1 ZIIP *
            AT 40.5S
              LOGOFF A
              STOP B.0
              SET CPUPOOL LNX LIMITHARD 30%
            AT 45S
              START B.0
            RUNIT DURATION 60S
            """;

    @Test
    void exportBoth_problemThatChangesWhileItRuns_timedScriptAndCanonicalText(@TempDir Path dir) throws Exception {
        Path scn = Cli.write(dir.resolve("D1.scn"), DYNAMIC);
        String zvm = golden(scn, "zvm");
        for (String line : zvm.split("\n")) {
            assertTrue(line.startsWith("*") || line.matches("(SET (SHARE|SRM|CPUAFFINITY|CPUPOOL)|DEFINE (CPU|CPUPOOL)|SCHEDULE"
                    + "|XAUTOLOG|FORCE|SLEEP) .*"), () -> "neither a CP command nor a note: " + line);
        }
        String text = golden(scn, "scn");
        assertEquals(ScenarioParser.parse(scn).problems().stream().map(Unlocated::of).toList(),
                ScenarioParser.parse(scn.toString(), text).problems().stream().map(Unlocated::of).toList());
    }

    /** docs/export.md shows the timed script of the language reference's D1: these lines, in two runs. */
    @Test
    void exportZvm_languageReferenceD1_isWhatTheDocsShow(@TempDir Path dir) {
        Path scn = Cli.write(dir.resolve("D1.scn"), """
                LPAR CP.2
                PROBLEM D1
                USER A CP.100-R
                  VCPU 0 CP *
                USER B CP.100-R
                  VCPU 0 CP 0
                AT 20S
                  SET SHARE B CP.300-R
                  SET DEMAND B.0 *
                  LOGON C CP.100-R
                    VCPU 0 CP 50
                AT 40S
                  LOGOFF A
                  STOP B.0
                RUNIT DURATION 60S
                """);
        Cli.Result r = Cli.run("export", scn.toString(), "--format", "zvm");
        r.assertExit(ExitCodes.OK);
        String first = String.join("\n", "SLEEP 20 SEC", "* At 20 s:", "SET SHARE B TYPE CP RELATIVE 300 NOLIMIT",
                "* B CPU 00: its burner's target is now * (spin without waiting)", "XAUTOLOG C") + "\n";
        String second = String.join("\n", "SLEEP 20 SEC", "* At 40 s:", "FORCE A",
                "* B CPU 00: the guest stops it and its burner (CP has no command that stops another user's virtual CPU)") + "\n";
        int at = r.out().indexOf(first);
        assertTrue(at > 0, r::all);
        assertTrue(r.out().indexOf(second, at) > at, r::all);
    }

    @Test
    void export_unknownFormat_isAUsageError() {
        Cli.Result r = Cli.run("export", Cli.SCENARIOS.resolve("J1.scn").toString(), "--format", "html");
        r.assertExit(ExitCodes.BAD_INPUT);
        assertFalse(r.out().contains("LPAR"), r::all);
    }

    private static String golden(Path scn, String format) throws IOException {
        Cli.Result r = Cli.run("export", scn.toString(), "--format", format);
        r.assertExit(ExitCodes.OK);
        Path golden = GOLDEN.resolve(scn.getFileName().toString().replace(".scn", "." + format));
        if (Boolean.getBoolean("schedlab.golden.update")) {
            Files.createDirectories(GOLDEN);
            Files.writeString(golden, r.out(), StandardCharsets.UTF_8);
        }
        if (!Files.exists(golden)) {
            fail(scn + " has no golden file " + golden + "; create it with " + REGENERATE);
        }
        String expected = Files.readString(golden, StandardCharsets.UTF_8);
        if (!expected.equals(r.out())) {
            assertEquals(expected, r.out(), scn + " drifted from " + golden + "; if intended, regenerate with " + REGENERATE);
        }
        return r.out();
    }
}
