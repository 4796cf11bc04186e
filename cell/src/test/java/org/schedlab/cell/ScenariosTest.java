package org.schedlab.cell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.schedlab.core.Problem;
import org.schedlab.core.Scenario;
import org.schedlab.grammar.ScenarioParser;

class ScenariosTest {

    private static final Scenario TWO = parse("LPAR CP.1\nPROBLEM P1\nUSER U\nVCPU 0 CP *\nRUNIT\nPROBLEM P2\nUSER U\nVCPU 0 CP *\nRUNIT\n");

    private static Scenario parse(String text) {
        try {
            return ScenarioParser.parse("two.scn", text);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void select_nameOrAll_givesThoseProblems() {
        assertEquals(List.of("P1", "P2"), Scenarios.select(TWO, null).stream().map(Problem::name).toList());
        assertEquals("P2", Scenarios.select(TWO, "p2").get(0).name());
    }

    @Test
    void select_unknownName_throwsCellExceptionListingProblems() {
        CellException e = assertThrows(CellException.class, () -> Scenarios.select(TWO, "P3"));
        assertEquals("no problem P3 in two.scn (it has: P1, P2)", e.getMessage());
    }

    @Test
    void single_unnamedInFileOfTwo_asksForOne() {
        CellException e = assertThrows(CellException.class, () -> Scenarios.single(TWO, null));
        assertEquals("two.scn has 2 problems; choose one with --problem", e.getMessage());
    }

    @Test
    void load_directory_throwsCellException() {
        assertThrows(CellException.class, () -> Scenarios.load(Path.of(".")));
    }
}
