package org.schedlab.comparator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.StringReader;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.schedlab.core.Change;
import org.schedlab.core.Demand;
import org.schedlab.core.Diagnostic;
import org.schedlab.core.EngineType;
import org.schedlab.core.InputException;
import org.schedlab.core.Moment;
import org.schedlab.core.Problem;
import org.schedlab.core.RunControl;
import org.schedlab.core.SourceLocation;
import org.schedlab.core.User;
import org.schedlab.core.VcpuRef;
import org.schedlab.core.VirtualCpu;
import org.schedlab.solver.PhasedSolution;
import org.schedlab.testkit.RandomProblems;
import org.schedlab.solver.Solver;

/** Measurements of a problem that changes while it runs: which rows each interval needs, and what a missing one means. */
class ObservedCsvPhasesTest {

    private static final String HEADER = "start_s,end_s,user,vcpu,busy_pct\n";

    /** A and B all along, C from 20 s (PhaseComparisonTest.shares). */
    private static final PhasedSolution SHARES = Solver.solvePhases(PhaseComparisonTest.shares());

    private static List<ObservedInterval> read(PhasedSolution s, String csv) throws IOException, InputException {
        return ObservedCsv.read("o.csv", new StringReader(HEADER + csv), s);
    }

    private static List<String> errors(PhasedSolution s, String csv) {
        InputException e = assertThrows(InputException.class, () -> read(s, csv));
        return e.diagnostics().stream().map(Diagnostic::toString).toList();
    }

    @Test
    void read_userNotLoggedOnYet_needsNoRowAndReadsZero() throws Exception {
        List<ObservedInterval> got = read(SHARES, """
                0,10,A,0,50
                0,10,B,0,50
                10,20,A,0,25
                10,20,b,0,75
                20,30,A,0,20
                20,30,B,0,60
                20,30,C,0,20
                """);
        assertEquals(3, got.size());
        assertArrayEquals(new double[] {50, 50, 0}, got.get(0).busyPct());
        assertArrayEquals(new double[] {20, 60, 20}, got.get(2).busyPct());
        ErrorAccumulator acc = new ErrorAccumulator(SHARES, Thresholds.DEFAULT, 0);
        got.forEach(acc::add);
        assertEquals(0, acc.finish().maxErrorPct(), 1e-9);
    }

    @Test
    void read_rowOfAUserNotLoggedOn_isAMeasurementLikeAnyOther() throws Exception {
        List<ObservedInterval> got = read(SHARES, "0,10,A,0,50\n0,10,B,0,40\n0,10,C,0,10\n");
        assertArrayEquals(new double[] {50, 40, 10}, got.get(0).busyPct());
    }

    @Test
    void read_intervalStraddlingALogon_needsTheNewUsersRow() {
        assertEquals(List.of("o.csv:4:1: interval 15..25 s has no row for C.0"),
                errors(SHARES, "0,15,A,0,50\n0,15,B,0,50\n15,25,A,0,20\n15,25,B,0,60\n25,30,A,0,20\n25,30,B,0,60\n25,30,C,0,20\n"));
    }

    @Test
    void read_userThatLogsOnNeverMeasured_oneMessageForTheFile() {
        assertEquals(List.of("o.csv:1:1: no rows for C.0: an interval needs a row for each virtual CPU running in it"),
                errors(SHARES, "0,10,A,0,50\n0,10,B,0,50\n20,30,A,0,20\n20,30,B,0,60\n"));
    }

    @Test
    void read_unknownUser_namesEveryUserOfEveryPhase() {
        assertEquals(List.of("o.csv:2:6: unknown user Z: problem S has A, B, C"), errors(SHARES, "0,10,Z,0,50\n"));
    }

    @Test
    void read_vcpuStoppedThroughout_mustReadZero() {
        Problem p = new Problem("P", PhaseComparisonTest.shares().partition(),
                List.of(PhaseComparisonTest.shares().users().get(0),
                        new User("S", List.of(), Optional.empty(), true, List.of(
                                new VirtualCpu("0", EngineType.CP,
                                        Demand.UNBOUNDED, true, SourceLocation.UNKNOWN)), SourceLocation.UNKNOWN)),
                new RunControl(Optional.of(Duration.ofSeconds(20)), Optional.empty(), OptionalLong.empty()), SourceLocation.UNKNOWN,
                List.of(new Moment(Duration.ofSeconds(10), List.of(new Change.SetDemand(new VcpuRef("S", "0"),
                        Demand.of(5), SourceLocation.UNKNOWN)), SourceLocation.UNKNOWN)));
        PhasedSolution s = Solver.solvePhases(p);
        assertEquals(List.of("o.csv:3:10: virtual CPU S.0 is stopped: busy_pct must be 0, got 3"),
                errors(s, "0,10,A,0,100\n0,10,S,0,3\n"));
    }

    @Test
    void read_staticProblem_asWithItsSolution() throws Exception {
        for (long seed = 0; seed < 50; seed++) {
            Problem p = RandomProblems.small(seed, RandomProblems.Demands.MOSTLY_FINITE);
            StringBuilder csv = new StringBuilder();
            for (var v : Solver.solve(p).vcpus()) {
                csv.append("0,1,").append(v.user()).append(',').append(v.vcpu()).append(',')
                        .append(v.stopped() ? 0 : seed % 7).append('\n');
            }
            String text = HEADER + csv;
            assertEquals(ObservedCsv.read("o.csv", new StringReader(text), Solver.solve(p)),
                    ObservedCsv.read("o.csv", new StringReader(text), Solver.solvePhases(p)));
        }
    }
}
