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
}
