package org.schedlab.cell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.comparator.Thresholds;
import org.schedlab.core.InputException;
import org.schedlab.runner.policy.Policies;
import org.schedlab.runner.RunConfig;
import org.schedlab.runner.spi.SchedulerPolicy;

class TestPlanTest {

    private static final List<SchedulerPolicy> POLICIES = List.of(Policies.create("zvm64"), Policies.create("fair"));

    private static List<String> names(TestPlan plan) {
        return plan.cases().stream().map(c -> c.file().getFileName() + " " + c.problem().name() + " " + c.policySpec()
                + (c.seed().isPresent() ? " " + c.seed().getAsLong() : "")).toList();
    }

    @Test
    void load_directory_filesByNameThenProblemsThenPolicies(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("b.scn"), "LPAR CP.1\nPROBLEM B2\nUSER U\nVCPU 0 CP *\nRUNIT\nPROBLEM B1\nUSER U\nVCPU 0 CP *\nRUNIT\n", StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("a.scn"), "LPAR CP.1\nPROBLEM A\nUSER U\nVCPU 0 CP *\nRUNIT\n", StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("notes.txt"), "not a scenario", StandardCharsets.UTF_8);
        TestPlan plan = TestPlan.load(List.of(dir), POLICIES, List.of());
        assertEquals(List.of("a.scn A zvm64", "a.scn A fair", "b.scn B2 zvm64", "b.scn B2 fair", "b.scn B1 zvm64",
                "b.scn B1 fair"), names(plan));
        assertEquals(OptionalLong.empty(), plan.cases().get(0).seed());
    }

    @Test
    void load_seeds_innermostDimension(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("a.scn"), "LPAR CP.1\nPROBLEM A\nUSER U\nVCPU 0 CP *\nRUNIT\n", StandardCharsets.UTF_8);
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
    void loadLenient_oneBadFile_skipsItWithItsErrorsAndKeepsTheOthers(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("a.scn"), "LPAR CP.1\nPROBLEM A\nUSER U\nVCPU 0 CP *\nRUNIT\n", StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("b.scn"), "LPAR CP.1\nPROBLEM B\nBOGUS\n", StandardCharsets.UTF_8);
        List<org.schedlab.core.Diagnostic> skipped = new java.util.ArrayList<>();
        TestPlan plan = TestPlan.load(List.of(dir), POLICIES, List.of(), skipped);
        assertEquals(List.of("a.scn A zvm64", "a.scn A fair"), names(plan).stream().map(String::strip).toList());
        assertEquals(List.of("b.scn"), skipped.stream()
                .map(d -> Path.of(d.location().file()).getFileName().toString()).distinct().toList());
    }

    @Test
    void loadLenient_everyFileBad_throwsWithEveryError(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("b.scn"), "LPAR CP.1\nPROBLEM B\nBOGUS\n", StandardCharsets.UTF_8);
        assertThrows(InputException.class, () -> TestPlan.load(List.of(dir), POLICIES, List.of(), new java.util.ArrayList<>()));
    }

    @Test
    void load_noScenarioFiles_throwsCellException(@TempDir Path dir) {
        CellException e = assertThrows(CellException.class, () -> TestPlan.load(List.of(dir), POLICIES, List.of()));
        assertEquals("no .scn files under [" + dir + "]", e.getMessage());
    }

    @Test
    void run_anyJobs_resultsInPlanOrderAndIdentical(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("a.scn"), """
                LPAR CP.1
                PROBLEM A
                USER U CP.100-R
                  VCPU 0 CP 30
                USER V CP.100-R
                  VCPU 0 CP *
                RUNIT
                PROBLEM B
                USER U CP.100-R
                  VCPU 0 CP *
                RUNIT
                """, StandardCharsets.UTF_8);
        TestPlan plan = TestPlan.load(List.of(dir), POLICIES, List.of());
        List<RunConfig> configs = plan.cases().stream().map(c -> RunConfig.forProblem(c.problem()).toBuilder()
                .durationMicros(3_000_000).warmupMicros(1_000_000).build()).toList();
        AtomicInteger updates = new AtomicInteger();
        List<TestResult> one = plan.run(configs, 1, Thresholds.DEFAULT, Expectations.NONE,
                (c, done, simulated, total) -> updates.incrementAndGet());
        List<TestResult> three = plan.run(configs, 3, Thresholds.DEFAULT, Expectations.NONE, (c, d, s, t) -> { });
        assertEquals(plan.cases(), one.stream().map(TestResult::testCase).toList());
        assertEquals(plan.cases(), three.stream().map(TestResult::testCase).toList());
        for (int i = 0; i < one.size(); i++) {
            assertEquals(one.get(i).trial(), three.get(i).trial());
        }
        assertTrue(updates.get() > 0);
    }

    @Test
    void run_configsNotOnePerCase_throws(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("a.scn"), "LPAR CP.1\nPROBLEM A\nUSER U\nVCPU 0 CP *\nRUNIT\n", StandardCharsets.UTF_8);
        TestPlan plan = TestPlan.load(List.of(dir), POLICIES, List.of());
        assertThrows(IllegalArgumentException.class,
                () -> plan.run(List.of(), 1, Thresholds.DEFAULT, Expectations.NONE, (c, d, s, t) -> { }));
    }
}
