package org.schedlab.linux.burn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.comparator.ObservedCsv;
import org.schedlab.comparator.ObservedInterval;
import org.schedlab.core.Problem;
import org.schedlab.linux.host.HostPaths;
import org.schedlab.linux.testing.Scenarios;
import org.schedlab.solver.Solver;

/** The guest burner's file: the observed CSV, nominal interval bounds, the user's virtual CPUs only, written whole. */
class GuestBurnTest {

    private static final String TEXT = "LPAR CP.2\nPROBLEM G\nUSER A\n VCPU 0 CP 10\n VCPU 1 CP 0\n VCPU 2 CP 5 STOPPED\n"
            + "USER B\n VCPU 0 CP 50\nRUNIT\n";

    @Test
    void run_writesTheUsersRowsAlignedToTheStart(@TempDir Path dir) throws Exception {
        Problem p = Scenarios.problem(TEXT);
        Path out = dir.resolve("a.csv");
        List<ObservedInterval> seen = new ArrayList<>();
        GuestBurn burn = GuestBurn.of(p, "a", Instant.now().plusMillis(200), Duration.ofMillis(1000),
                Duration.ofMillis(500), 4);
        GuestBurn.Result r = burn.run(out, HostPaths.SYSTEM, seen::add);
        List<String> lines = Files.readAllLines(out);
        assertEquals("start_s,end_s,user,vcpu,busy_pct", lines.get(0));
        assertEquals(5, lines.size());
        assertTrue(lines.get(1).startsWith("0,0.5,A,0,"), lines.get(1));
        assertTrue(lines.get(2).startsWith("0,0.5,A,1,"), lines.get(2));
        assertTrue(lines.get(4).startsWith("0.5,1,A,1,"), lines.get(4));
        assertEquals(2, r.intervals());
        assertEquals(List.of("0", "1"), r.vcpus());
        assertEquals(2, seen.size());
        for (ObservedInterval i : seen) {
            assertTrue(i.busy(0) > 0 && i.busy(0) < 15, "a 10% burner: " + i);
            assertTrue(i.busy(1) < 1, "a 0 burner: " + i);
        }
        // compare reads it: here against the problem with this user alone (merging guests' files is compare's).
        Problem alone = Scenarios.problem("LPAR CP.2\nPROBLEM G\nUSER A\n VCPU 0 CP 10\n VCPU 1 CP 0\nRUNIT\n");
        List<ObservedInterval> back = ObservedCsv.read(out, Solver.solve(alone));
        assertEquals(2, back.size());
        assertEquals(seen.get(1).busy(0), back.get(1).busy(0), 1e-9);
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(out), files.toList(), "no temporary file left");
        }
    }

    @Test
    void construct_unknownUserOrNoRunningCpu_oneLine(@TempDir Path dir) {
        Problem p = Scenarios.problem(TEXT);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> GuestBurn.of(p, "C", Instant.now(), Duration.ofSeconds(2), Duration.ofSeconds(1), 1));
        assertEquals("problem G has no user C (it has A, B)", e.getMessage());
        Problem stopped = Scenarios.problem("LPAR CP.1\nPROBLEM S\nUSER A\n VCPU 0 CP 5 STOPPED\nUSER B\n VCPU 0 CP 1\nRUNIT\n");
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> GuestBurn.of(stopped, "A",
                Instant.now(), Duration.ofSeconds(2), Duration.ofSeconds(1), 1).run(dir.resolve("x.csv"), HostPaths.SYSTEM,
                i -> { }));
        assertEquals("user A of problem S has no running virtual CPU to burn", none.getMessage());
        assertFalse(Files.exists(dir.resolve("x.csv")));
    }

    @Test
    void run_startLongPast_refusedBeforeBurning(@TempDir Path dir) {
        Problem p = Scenarios.problem(TEXT);
        GuestBurn burn = GuestBurn.of(p, "B", Instant.now().minusSeconds(30), Duration.ofSeconds(60), Duration.ofSeconds(1), 1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> burn.run(dir.resolve("b.csv"), HostPaths.SYSTEM, i -> { }));
        assertTrue(e.getMessage().endsWith("is more than an interval ago; give one in the future, the same for every guest"),
                e.getMessage());
    }
}
