package org.schedlab.solver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.schedlab.core.Change;
import org.schedlab.core.CpuPool;
import org.schedlab.core.EngineType;
import org.schedlab.core.InputException;
import org.schedlab.core.Limits;
import org.schedlab.core.Moment;
import org.schedlab.core.Partition;
import org.schedlab.core.Problem;
import org.schedlab.core.Share;
import org.schedlab.core.Unlocated;
import org.schedlab.core.User;
import org.schedlab.core.VcpuRef;
import org.schedlab.core.VirtualCpu;
import org.schedlab.grammar.ScenarioParser;
import org.schedlab.grammar.ScenarioWriter;
import org.schedlab.testkit.RandomChanges;
import org.schedlab.testkit.RandomProblems;

/**
 * The solver phase by phase, against a reference that rebuilds each phase's problem on its own: the
 * changes applied naively, one by one, to plain lists (no {@code ProblemState}), then solved statically.
 * Over random timelines of every kind of change ({@link RandomChanges}).
 */
class PhasedSolverTest {

    /** Small problems, mostly finite demands, then all {@code *}; and larger ones from RandomProblems.generate. */
    private static final int SMALL = 1500;
    private static final int UNBOUNDED = 300;
    private static final int LARGE = 20;

    private static List<Problem> problems() {
        List<Problem> out = new ArrayList<>();
        for (long seed = 0; seed < SMALL; seed++) {
            out.add(RandomChanges.small(seed, RandomProblems.Demands.MOSTLY_FINITE, 10));
        }
        for (long seed = 0; seed < UNBOUNDED; seed++) {
            out.add(RandomChanges.small(seed, RandomProblems.Demands.ALL_UNBOUNDED, 10));
        }
        for (long seed = 0; seed < LARGE; seed++) {
            List<Duration> instants = new ArrayList<>();
            for (int i = 1; i <= 6; i++) {
                instants.add(Duration.ofMillis(i * 1500L));
            }
            out.add(RandomChanges.addTo(RandomProblems.generate(seed, 300), seed, instants, Duration.ofSeconds(12), false));
        }
        return out;
    }

    @Test
    void solvePhases_randomTimelines_eachPhaseIsTheStaticAnswerOfTheProblemRebuiltThen() {
        Map<Class<?>, Integer> kinds = new HashMap<>();
        int phases = 0;
        for (Problem p : problems()) {
            PhasedSolution solution = Solver.solvePhases(p);
            assertEquals(p.timeline().size() + 1, solution.phases().size());
            List<VcpuRef> dimensions = referenceDimensions(p);
            assertEquals(ids(dimensions), ids(solution.dimensions()), p.name());
            for (int k = 0; k < solution.phases().size(); k++) {
                Problem rebuilt = referencePhase(p, k);
                Solution expected = Solver.solve(rebuilt);
                PhaseSolution got = solution.phases().get(k);
                assertEquals(Unlocated.of(rebuilt), Unlocated.of(got.phase().problem()), p.name() + " phase " + k);
                assertEquals(expected.vcpus(), got.solution().vcpus(), p.name() + " phase " + k);
                assertEquals(expected.pools(), got.solution().pools(), p.name() + " phase " + k);
                assertArrayEquals(referenceCorrect(dimensions, expected), solution.correct(k), p.name() + " phase " + k);
                phases++;
            }
            p.timeline().forEach(m -> m.changes().forEach(c -> kinds.merge(c.getClass(), 1, Integer::sum)));
        }
        // Every kind of change came up, each often enough to have met the odd states (a logon with pools,
        // a stop of the last running virtual CPU of a bucket).
        assertEquals(7, kinds.size(), kinds::toString);
        kinds.forEach((kind, n) -> assertTrue(n >= 100, kind.getSimpleName() + " only " + n + " times"));
        // One to three changes per problem: three phases on average.
        assertTrue(phases > 2.8 * (SMALL + UNBOUNDED), "only " + phases + " phases");
    }

    @Test
    void solvePhases_staticProblem_isOnePhaseWhoseSolutionIsSolve() {
        for (long seed = 0; seed < 200; seed++) {
            Problem p = RandomProblems.small(seed, RandomProblems.Demands.MOSTLY_FINITE);
            PhasedSolution phased = Solver.solvePhases(p);
            assertEquals(1, phased.phases().size());
            assertSame(p, phased.phases().get(0).phase().problem());
            Solution solution = Solver.solve(p);
            assertEquals(solution, phased.phases().get(0).solution());
            double[] running = solution.running().stream().mapToDouble(VcpuAnswer::correct).toArray();
            assertArrayEquals(running, phased.correct(0));
            assertEquals(solution.running().stream().map(VcpuAnswer::id).toList(), ids(phased.dimensions()));
        }
    }

    @Test
    void phaseAt_changeInstant_belongsToThePhaseAfterIt() throws InputException {
        Problem p = ScenarioParser.parse("p.scn", "LPAR CP.1\nPROBLEM P\nUSER A\nVCPU 0 CP *\nAT 10S\nSTOP A.0\n"
                + "AT 20S\nSTART A.0\nRUNIT DURATION 30S\n").problems().get(0);
        PhasedSolution s = Solver.solvePhases(p);
        assertEquals(0, s.phaseAt(0));
        assertEquals(0, s.phaseAt(9.999));
        assertEquals(1, s.phaseAt(10));
        assertEquals(2, s.phaseAt(25));
        assertArrayEquals(new double[] {100}, s.correct(0));
        assertArrayEquals(new double[] {0}, s.correct(1));
    }

    @Test
    void writeThenParse_randomTimelines_sameModel() throws InputException {
        int checked = 0;
        for (Problem p : problems()) {
            // Generated in code, a large problem may exceed the language's size limits.
            if (!Limits.exceeded(p).isEmpty()) {
                continue;
            }
            String text = ScenarioWriter.write(p);
            Problem back = ScenarioParser.parse("generated.scn", text).problems().get(0);
            assertEquals(Unlocated.of(p), Unlocated.of(back), text);
            assertEquals(text, ScenarioWriter.write(back), "write is not a fixed point");
            checked++;
        }
        assertTrue(checked >= SMALL + UNBOUNDED, "only " + checked + " checked");
    }

    private static List<String> ids(List<VcpuRef> refs) {
        return refs.stream().map(VcpuRef::id).toList();
    }

    /** Each dimension's answer in {@code solution}, 0 where it is absent or stopped; found by a linear scan. */
    private static double[] referenceCorrect(List<VcpuRef> dimensions, Solution solution) {
        double[] out = new double[dimensions.size()];
        for (int i = 0; i < out.length; i++) {
            for (VcpuAnswer a : solution.vcpus()) {
                if (a.user().equalsIgnoreCase(dimensions.get(i).user()) && a.placed().vcpu().number() == dimensions.get(i).number()
                        && !a.stopped()) {
                    out[i] = a.correct();
                }
            }
        }
        return out;
    }

    /** Every virtual CPU running in some rebuilt phase, in order of first appearance over the phases. */
    private static List<VcpuRef> referenceDimensions(Problem p) {
        List<VcpuRef> seen = new ArrayList<>();
        List<Boolean> ran = new ArrayList<>();
        for (int k = 0; k <= p.timeline().size(); k++) {
            for (User u : referencePhase(p, k).users()) {
                for (VirtualCpu v : u.vcpus()) {
                    int at = -1;
                    for (int i = 0; i < seen.size(); i++) {
                        if (seen.get(i).names(u, v)) {
                            at = i;
                        }
                    }
                    if (at < 0) {
                        seen.add(VcpuRef.of(u, v));
                        ran.add(!v.stopped());
                    } else if (!v.stopped()) {
                        ran.set(at, true);
                    }
                }
            }
        }
        List<VcpuRef> out = new ArrayList<>();
        for (int i = 0; i < seen.size(); i++) {
            if (ran.get(i)) {
                out.add(seen.get(i));
            }
        }
        return out;
    }

    /** The problem after the changes of its first {@code k} AT blocks, rebuilt from plain lists. */
    static Problem referencePhase(Problem p, int k) {
        List<User> users = new ArrayList<>(p.users());
        Partition partition = p.partition();
        List<CpuPool> pools = new ArrayList<>(partition.cpuPools());
        for (Moment m : p.timeline().subList(0, k)) {
            for (Change c : m.changes()) {
                if (c instanceof Change.SetShare s) {
                    int u = find(users, s.user());
                    Map<EngineType, Share> given = new EnumMap<>(EngineType.class);
                    s.shares().forEach(share -> given.put(share.type(), share));
                    List<Share> shares = new ArrayList<>();
                    for (Share old : users.get(u).shares()) {
                        shares.add(given.containsKey(old.type()) ? given.remove(old.type()) : old);
                    }
                    s.shares().stream().filter(share -> given.containsKey(share.type())).forEach(shares::add);
                    User old = users.get(u);
                    users.set(u, new User(old.name(), shares, old.cpuPool(), old.cpuAffinity(), old.vcpus(), old.location()));
                } else if (c instanceof Change.SetDemand d) {
                    withVcpu(users, d.vcpu(), v -> new VirtualCpu(v.address(), v.type(), d.demand(), v.stopped(), v.location()));
                } else if (c instanceof Change.Stop s) {
                    withVcpu(users, s.vcpu(), v -> new VirtualCpu(v.address(), v.type(), v.demand(), true, v.location()));
                } else if (c instanceof Change.Start s) {
                    withVcpu(users, s.vcpu(), v -> new VirtualCpu(v.address(), v.type(), v.demand(), false, v.location()));
                } else if (c instanceof Change.Logon on) {
                    users.add(on.user());
                } else if (c instanceof Change.Logoff off) {
                    users.remove(find(users, off.user()));
                } else if (c instanceof Change.SetCpuPool sp) {
                    for (int i = 0; i < pools.size(); i++) {
                        CpuPool old = pools.get(i);
                        if (old.name().equalsIgnoreCase(sp.pool())) {
                            pools.set(i, new CpuPool(old.name(), old.type(), sp.kind(), sp.value(), sp.location()));
                        }
                    }
                } else {
                    throw new AssertionError("unknown change " + c);
                }
            }
        }
        Partition q = new Partition(partition.cores(), partition.threads(), partition.topology(), partition.srm(), pools,
                partition.location());
        return new Problem(p.name(), q, users, p.runControl(), p.location());
    }

    private static int find(List<User> users, String name) {
        for (int i = 0; i < users.size(); i++) {
            if (users.get(i).name().equalsIgnoreCase(name)) {
                return i;
            }
        }
        throw new AssertionError("no user " + name);
    }

    private static void withVcpu(List<User> users, VcpuRef ref, UnaryOperator<VirtualCpu> change) {
        int u = find(users, ref.user());
        User old = users.get(u);
        List<VirtualCpu> vcpus = new ArrayList<>();
        for (VirtualCpu v : old.vcpus()) {
            vcpus.add(v.number() == ref.number() ? change.apply(v) : v);
        }
        users.set(u, new User(old.name(), old.shares(), old.cpuPool(), old.cpuAffinity(), vcpus, old.location()));
    }
}
