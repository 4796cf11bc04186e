package org.schedlab.cell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.cell.Expectations.Expected;
import org.schedlab.core.Diagnostic;
import org.schedlab.core.InputException;

class ExpectationsTest {

    private static Expectations read(Path dir, String text) throws Exception {
        Path f = dir.resolve("expected.csv");
        Files.writeString(f, text, StandardCharsets.UTF_8);
        return Expectations.read(f);
    }

    @Test
    void lookup_fileByNameProblemAndPolicyAnyCase_matches(@TempDir Path dir) throws Exception {
        Expectations e = read(dir, """
                # known failures of the report
                file, problem, policy, verdict
                J1.scn,J1,zvm63,FAIL
                AL1.scn,AL1,zvm64,any
                """);
        assertEquals(Optional.of(Expected.FAIL), e.lookup(Path.of("scenarios", "J1.scn"), "j1", "ZVM63"));
        assertEquals(Optional.of(Expected.ANY), e.lookup(Path.of("AL1.scn"), "AL1", "zvm64"));
        assertEquals(Optional.empty(), e.lookup(Path.of("J1.scn"), "J1", "zvm64"));
        assertEquals(Optional.empty(), e.lookup(Path.of("other", "J2.scn"), "J1", "zvm63"));
    }

    @Test
    void read_badLines_reportsEveryOneWithLineAndColumn(@TempDir Path dir) {
        InputException e = assertThrows(InputException.class, () -> read(dir, """
                file,problem,policy,verdict
                J1.scn,J1,zvm63
                J1.scn,J1,zvm64,MAYBE
                J1.scn,J1,fair,PASS
                j1.scn,J1,FAIR,FAIL
                """));
        Path f = dir.resolve("expected.csv");
        assertEquals(List.of(
                f + ":2:1: expected 4 fields (file,problem,policy,verdict), got 3",
                f + ":3:17: verdict must be PASS, FAIL or ANY, got MAYBE",
                f + ":5:1: duplicate expectation for j1.scn J1 FAIR (first at line 4)"),
                e.diagnostics().stream().map(Diagnostic::toString).toList());
    }

    @Test
    void read_emptyFile_asksForHeader(@TempDir Path dir) {
        InputException e = assertThrows(InputException.class, () -> read(dir, "# nothing\n"));
        assertEquals(1, e.diagnostics().size());
        assertEquals("empty file: expected the header file,problem,policy,verdict", e.diagnostics().get(0).message());
    }

    @Test
    void none_everyLookup_isEmpty() {
        assertEquals(Optional.empty(), Expectations.NONE.lookup(Path.of("J1.scn"), "J1", "fair"));
    }

    private static TestPlan plan(Path dir) throws Exception {
        Path j1 = dir.resolve("J1.scn");
        Files.writeString(j1, "LPAR CP.1\nPROBLEM J1\nUSER A CP.100-R\n  VCPU 0 CP *\nRUNIT\n", StandardCharsets.UTF_8);
        return TestPlan.load(List.of(j1), List.of(org.schedlab.runner.policy.Policies.create("fair")), List.of());
    }

    @Test
    void stale_rowForAProblemItsPlannedFileLacks_isAWarningAtItsLine(@TempDir Path dir) throws Exception {
        Expectations e = read(dir, """
                file,problem,policy,verdict
                J1.scn,J1,zvm63,FAIL
                J1.scn,J9,fair,PASS
                OTHER.scn,X,fair,PASS
                """);

        List<String> warnings = e.stale(plan(dir)).stream().map(Diagnostic::toString).toList();

        // J1/zvm63: the problem exists (the policy is just not run); OTHER.scn: not in the plan.
        assertEquals(List.of(dir.resolve("expected.csv") + ":3:1: warning: stale row: J1.scn has no problem J9"), warnings);
    }

    @Test
    void defaultFor_directoryWithExpectedCsv_isThatFileAndFilesBringNone(@TempDir Path dir) throws Exception {
        Path lib = Files.createDirectories(dir.resolve("lib"));
        Path empty = Files.createDirectories(dir.resolve("empty"));
        Path csv = Files.writeString(lib.resolve("expected.csv"), Expectations.HEADER + "\n");
        Path scn = Files.writeString(lib.resolve("A.scn"), "");

        assertEquals(Optional.of(csv), Expectations.defaultFor(List.of(empty, lib)));
        assertEquals(Optional.empty(), Expectations.defaultFor(List.of(scn, empty)));
    }
}
