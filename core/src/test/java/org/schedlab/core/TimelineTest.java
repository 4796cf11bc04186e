package org.schedlab.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class TimelineTest {

    private static final SourceLocation L = SourceLocation.UNKNOWN;
    private static final Partition CP2 = new Partition(Map.of(EngineType.CP, 2), Map.of(), Topology.singleChip(L),
            Srm.DEFAULT, List.of(new CpuPool("LINUX", EngineType.CP, CpuPool.Kind.CAPACITY, 1, L)), L);
    private static final RunControl SIXTY = new RunControl(Optional.of(Duration.ofSeconds(60)), Optional.empty(),
            OptionalLong.empty());

    private static VirtualCpu vcpu(String addr, Demand demand, boolean stopped) {
        return new VirtualCpu(addr, EngineType.CP, demand, stopped, L);
    }

    private static User user(String name, int relative, VirtualCpu... vcpus) {
        return new User(name, List.of(share(relative)), Optional.empty(), true, List.of(vcpus), L);
    }

    private static Share share(int relative) {
        return new Share(EngineType.CP, ShareAmount.relative(relative), Optional.empty(), L);
    }

    private static Moment at(int seconds, Change... changes) {
        return new Moment(Duration.ofSeconds(seconds), List.of(changes), L);
    }

    private static VcpuRef ref(String id) {
        String[] parts = id.split("\\.");
        return new VcpuRef(parts[0], parts[1]);
    }

    /** The D1: A and B, then at 20 s B's share, B.0's demand and C's logon, at 40 s A off and B.0 stopped. */
    private static Problem d1() {
        return new Problem("D1", CP2,
                List.of(user("A", 100, vcpu("0", Demand.UNBOUNDED, false)), user("B", 100, vcpu("0", Demand.of(0), false))),
                SIXTY, L, List.of(
                        at(20, new Change.SetShare("B", List.of(share(300)), L),
                                new Change.SetDemand(ref("B.0"), Demand.UNBOUNDED, L),
                                new Change.Logon(user("C", 100, vcpu("0", Demand.of(50), false)))),
                        at(40, new Change.Logoff("A", L), new Change.Stop(ref("B.0"), L))));
    }

    @Test
    void phases_staticProblem_isOnePhaseOfItself() {
        Problem p = new Problem("S", CP2, List.of(user("A", 100, vcpu("0", Demand.UNBOUNDED, false))), SIXTY, L);
        List<Phase> phases = p.phases();
        assertEquals(1, phases.size());
        assertSame(p, phases.get(0).problem());
        assertEquals(Duration.ZERO, phases.get(0).start());
        assertEquals(Optional.of(Duration.ofSeconds(60)), phases.get(0).end());
        assertFalse(p.dynamic());
        assertSame(p, p.initial());
    }

    @Test
    void phases_d1_eachPhaseHoldsTheProblemAfterItsChanges() {
        List<Phase> phases = d1().phases();
        assertEquals(3, phases.size());
        assertEquals(List.of(0.0, 20.0, 40.0), phases.stream().map(Phase::startS).toList());
        assertEquals(List.of(20.0, 40.0, 60.0), phases.stream().map(ph -> ph.endS().getAsDouble()).toList());

        Problem first = phases.get(0).problem();
        assertEquals(d1().initial(), first);
        assertEquals(List.of("A", "B"), first.users().stream().map(User::name).toList());

        Problem second = phases.get(1).problem();
        assertEquals(List.of("A", "B", "C"), second.users().stream().map(User::name).toList());
        User b = second.user("b").orElseThrow();
        assertEquals(300, b.shareFor(EngineType.CP).min().value());
        assertTrue(b.vcpus().get(0).demand().unbounded());
        assertEquals(3, phases.get(1).changes().size());

        Problem third = phases.get(2).problem();
        assertEquals(List.of("B", "C"), third.users().stream().map(User::name).toList());
        assertTrue(third.user("B").orElseThrow().vcpus().get(0).stopped());
        phases.forEach(ph -> assertFalse(ph.problem().dynamic()));
    }

    @Test
    void phases_noDuration_lastPhaseLastsToTheEndOfTheRun() {
        Problem p = new Problem("P", CP2, List.of(user("A", 100, vcpu("0", Demand.UNBOUNDED, false))), RunControl.NONE, L,
                List.of(at(5, new Change.SetDemand(ref("A.0"), Demand.of(10), L))));
        assertEquals(Optional.empty(), p.phases().get(1).end());
        assertEquals(Optional.of(Duration.ofSeconds(5)), p.phases().get(0).end());
    }

    @Test
    void runningVcpus_d1_everyVcpuThatRunsInFirstAppearanceOrder() {
        assertEquals(List.of("A.0", "B.0", "C.0"), d1().runningVcpus().stream().map(VcpuRef::id).toList());
    }

    @Test
    void runningVcpus_staticProblem_runningOnesInFileOrder() {
        Problem p = new Problem("S", CP2, List.of(user("A", 100, vcpu("0", Demand.UNBOUNDED, true), vcpu("1", Demand.of(5), false)),
                user("B", 100, vcpu("0A", Demand.of(0), false))), SIXTY, L);
        assertEquals(List.of("A.1", "B.0A"), p.runningVcpus().stream().map(VcpuRef::id).toList());
    }

    @Test
    void runningVcpus_stoppedThenStarted_keepsItsFilePlace_andNeverRunningIsLeftOut() {
        Problem p = new Problem("P", CP2, List.of(
                user("A", 100, vcpu("0", Demand.UNBOUNDED, true), vcpu("1", Demand.UNBOUNDED, true)),
                user("B", 100, vcpu("0", Demand.UNBOUNDED, false))), SIXTY, L,
                List.of(at(10, new Change.Start(ref("a.0"), L)),
                        // Logged on and off at the same instant: in no phase.
                        at(20, new Change.Logon(user("D", 100, vcpu("0", Demand.UNBOUNDED, false))), new Change.Logoff("D", L),
                                new Change.Logon(user("E", 100, vcpu("0", Demand.UNBOUNDED, false))))));
        assertEquals(List.of("A.0", "B.0", "E.0"), p.runningVcpus().stream().map(VcpuRef::id).toList());
    }

    @Test
    void runningVcpus_relogon_keepsTheFirstPlaceAndAddsNewAddressesWhereFirstSeen() {
        Problem p = new Problem("P", CP2, List.of(
                user("A", 100, vcpu("0", Demand.UNBOUNDED, false)),
                user("B", 100, vcpu("0", Demand.UNBOUNDED, false))), SIXTY, L,
                List.of(at(10, new Change.Logoff("A", L)),
                        at(20, new Change.Logon(user("a", 200, vcpu("1", Demand.UNBOUNDED, false), vcpu("0", Demand.UNBOUNDED, false))))));
        assertEquals(List.of("A.0", "B.0", "a.1"), p.runningVcpus().stream().map(VcpuRef::id).toList());
        // Logged on again, A goes to the end of the user list.
        assertEquals(List.of("B", "a"), p.phases().get(2).problem().users().stream().map(User::name).toList());
    }

    @Test
    void constructor_changeThatCannotApply_isRejectedWithItsReason() {
        List<User> users = List.of(user("A", 100, vcpu("0", Demand.UNBOUNDED, false)));
        assertMessage("user Z is not logged on", users, at(5, new Change.Logoff("Z", L)));
        assertMessage("user a is not logged on", users, at(5, new Change.Logoff("A", L)), at(6, new Change.SetShare("a", List.of(share(5)), L)));
        assertMessage("user a is already logged on", users, at(5, new Change.Logon(user("a", 1, vcpu("0", Demand.UNBOUNDED, false)))));
        assertMessage("virtual CPU A.0 is already running", users, at(5, new Change.Start(ref("A.0"), L)));
        assertMessage("virtual CPU A.0 is already stopped", users, at(5, new Change.Stop(ref("A.0"), L), new Change.Stop(ref("A.0"), L)));
        assertMessage("user A has no virtual CPU 1", users, at(5, new Change.SetDemand(ref("A.1"), Demand.of(3), L)));
        assertMessage("no CPU pool LNX in the LPAR", users, at(5, new Change.SetCpuPool("LNX", CpuPool.Kind.CAPACITY, 2, L)));
    }

    private static void assertMessage(String reason, List<User> users, Moment... timeline) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Problem("P", CP2, users, SIXTY, L, List.of(timeline)));
        assertTrue(e.getMessage().endsWith(": " + reason), e::getMessage);
    }

    @Test
    void constructor_momentsOutOfOrderOrAtTheDuration_areRejected() {
        List<User> users = List.of(user("A", 100, vcpu("0", Demand.UNBOUNDED, false)));
        Change demand = new Change.SetDemand(ref("A.0"), Demand.of(3), L);
        assertThrows(IllegalArgumentException.class, () -> new Problem("P", CP2, users, SIXTY, L, List.of(at(20, demand), at(20, demand))));
        assertThrows(IllegalArgumentException.class, () -> new Problem("P", CP2, users, SIXTY, L, List.of(at(20, demand), at(10, demand))));
        assertThrows(IllegalArgumentException.class, () -> new Problem("P", CP2, users, SIXTY, L, List.of(at(60, demand))));
        assertThrows(IllegalArgumentException.class, () -> new Moment(Duration.ZERO, List.of(demand), L));
        assertThrows(IllegalArgumentException.class, () -> new Moment(Duration.ofSeconds(1), List.of(), L));
    }

    @Test
    void apply_setShare_replacesTheTypesGivenAndKeepsTheOthers() {
        Share ziip = new Share(EngineType.ZIIP, ShareAmount.absolute(10), Optional.empty(), L);
        User a = new User("A", List.of(share(100), ziip), Optional.empty(), true, List.of(vcpu("0", Demand.UNBOUNDED, false)), L);
        ProblemState state = new ProblemState(CP2, List.of(a));
        Share limited = new Share(EngineType.CP, ShareAmount.relative(300),
                Optional.of(new LimitShare(ShareAmount.absolute(20), LimitMode.HARD)), L);
        Share ifl = new Share(EngineType.IFL, ShareAmount.relative(7), Optional.empty(), L);
        state.apply(new Change.SetShare("a", List.of(ifl, limited), L));
        assertEquals(List.of(limited, ziip, ifl), state.user("A").orElseThrow().shares());
    }

    @Test
    void apply_setCpuPool_changesTheCapAndKeepsTypeAndName() {
        ProblemState state = new ProblemState(CP2, List.of(user("A", 100, vcpu("0", Demand.UNBOUNDED, false))));
        state.apply(new Change.SetCpuPool("linux", CpuPool.Kind.LIMITHARD, 25, L));
        CpuPool pool = state.partition().cpuPool("LINUX").orElseThrow();
        assertEquals(CpuPool.Kind.LIMITHARD, pool.kind());
        assertEquals(25, pool.value());
        assertEquals("LINUX", pool.name());
        assertEquals(EngineType.CP, pool.type());
    }

    @Test
    void apply_changeThatCannotApply_leavesTheStateAsItWas() {
        ProblemState state = new ProblemState(CP2, List.of(user("A", 100, vcpu("0", Demand.UNBOUNDED, false))));
        List<User> before = state.users();
        assertThrows(IllegalArgumentException.class, () -> state.apply(new Change.Start(ref("A.0"), L)));
        assertEquals(before, state.users());
    }

    @Test
    void unlocated_dynamicProblem_dropsEveryLocationOfItsChanges() {
        SourceLocation here = new SourceLocation("f.scn", 3, 4);
        Problem p = new Problem("P", CP2, List.of(user("A", 100, vcpu("0", Demand.UNBOUNDED, false))), SIXTY, L,
                List.of(new Moment(Duration.ofSeconds(5), List.of(new Change.SetShare("A", List.of(
                        new Share(EngineType.CP, ShareAmount.relative(5), Optional.empty(), here)), here)), here)));
        Problem u = Unlocated.of(p);
        List<SourceLocation> locations = new ArrayList<>();
        u.timeline().forEach(m -> {
            locations.add(m.location());
            m.changes().forEach(c -> locations.add(c.location()));
        });
        Change.SetShare set = (Change.SetShare) u.timeline().get(0).changes().get(0);
        locations.add(set.shares().get(0).location());
        assertEquals(List.of(L, L, L), locations);
    }

    @Test
    void limitsExceeded_countsLogonsAndMoments() {
        List<Moment> moments = new ArrayList<>();
        for (int i = 1; i <= Limits.MAX_MOMENTS + 1; i++) {
            moments.add(new Moment(Duration.ofMillis(i), List.of(new Change.SetDemand(ref("A.0"), Demand.of(i % 100), L)), L));
        }
        Problem p = new Problem("P", CP2, List.of(user("A", 100, vcpu("0", Demand.UNBOUNDED, false))), RunControl.NONE, L, moments);
        assertEquals(List.of("1001 AT blocks, at most 1000"), Limits.exceeded(p));
    }
}
