package org.schedlab.cell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.core.InputException;
import org.schedlab.runner.Policies;
import org.schedlab.runner.SchedulerPolicy;

class TestPlanTest {

    private static final List<SchedulerPolicy> POLICIES = List.of(Policies.create("zvm64"), Policies.create("fair"));

    private static List<String> names(TestPlan plan) {
        return plan.cases().stream().map(c -> c.file().getFileName() + " " + c.problem().name() + " " + c.policySpec()
                + (c.seed().isPresent() ? " " + c.seed().getAsLong() : "")).toList();
    }

    @Test
    void load_directory_filesByNameThenProblemsThenPolicies(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("b.scn"), "LPAR CP.1\nPROBLEM B2\nRUNIT\nPROBLEM B1\nRUNIT\n", StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("a.scn"), "LPAR CP.1\nPROBLEM A\nRUNIT\n", StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("notes.txt"), "not a scenario", StandardCharsets.UTF_8);
        TestPlan plan = TestPlan.load(List.of(dir), POLICIES, List.of());
        assertEquals(List.of("a.scn A zvm64", "a.scn A fair", "b.scn B2 zvm64", "b.scn B2 fair", "b.scn B1 zvm64",
                "b.scn B1 fair"), names(plan));
        assertEquals(OptionalLong.empty(), plan.cases().get(0).seed());
    }

    @Test
    void load_seeds_innermostDimension(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("a.scn"), "LPAR CP.1\nPROBLEM A\nRUNIT\n", StandardCharsets.UTF_8);
        TestPlan plan = TestPlan.load(List.of(dir.resolve("a.scn")), POLICIES, List.of(7L, 8L));
        assertEquals(List.of("a.scn A zvm64 7", "a.scn A zvm64 8", "a.scn A fair 7", "a.scn A fair 8"), names(plan));
    }

    @Test
    void load_badFiles_everyErrorOfEveryFileBeforeAnyCase(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("a.scn"), "LPAR CP.1\nPROBLEM A\nBOGUS\n", StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("b.scn"), "LPAR CP.1\nPROBLEM B\nBOGUS\n", StandardCharsets.UTF_8);
        InputException e = assertThrows(InputException.class, () -> TestPlan.load(List.of(dir), POLICIES, List.of()));
        assertEquals(List.of("a.scn", "b.scn"), e.diagnostics().stream()
                .map(d -> Path.of(d.location().file()).getFileName().toString()).distinct().toList());
    }

    @Test
    void load_noScenarioFiles_throwsCellException(@TempDir Path dir) {
        CellException e = assertThrows(CellException.class, () -> TestPlan.load(List.of(dir), POLICIES, List.of()));
        assertEquals("no .scn files under [" + dir + "]", e.getMessage());
    }
}
