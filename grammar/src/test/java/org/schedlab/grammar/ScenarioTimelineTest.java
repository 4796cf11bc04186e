package org.schedlab.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.schedlab.core.Change;
import org.schedlab.core.CpuPool;
import org.schedlab.core.Demand;
import org.schedlab.core.EngineType;
import org.schedlab.core.InputException;
import org.schedlab.core.LimitMode;
import org.schedlab.core.LimitShare;
import org.schedlab.core.Limits;
import org.schedlab.core.Moment;
import org.schedlab.core.Phase;
import org.schedlab.core.Problem;
import org.schedlab.core.Scenario;
import org.schedlab.core.Share;
import org.schedlab.core.ShareAmount;
import org.schedlab.core.SourceLocation;
import org.schedlab.core.Unlocated;
import org.schedlab.core.User;
import org.schedlab.core.VcpuRef;

/** AT blocks and their changes: read as written, located, and written back canonically. */
class ScenarioTimelineTest {

    /** The example of the language reference, with its annotations, exactly as a user writes it. */
    static final String D1 = """
            LPAR CP.2
            PROBLEM D1
            USER A CP.100-R
              VCPU 0 CP *
            USER B CP.100-R
              VCPU 0 CP 0
            AT 20S                        <- what changes 20 s into the run
              SET SHARE B CP.300-R        <- SET SHARE, in the USER statement's share syntax
              SET DEMAND B.0 *            <- virtual CPU 0 of B now wants all it can get
              LOGON C CP.100-R            <- a user logs on (the USER statement's options) ...
                VCPU 0 CP 50              <- ... with its virtual CPUs
            AT 40S
              LOGOFF A
              STOP B.0                    <- and START B.0 to start it again
            RUNIT DURATION 60S
            """;

    private static Problem parse(String text) throws InputException {
        return ScenarioParser.parse("d.scn", text).problems().get(0);
    }

    @Test
    void parse_d1_readsEveryChangeInOrder() throws InputException {
        Problem p = parse(D1);
        assertEquals(2, p.users().size());
        assertEquals(2, p.timeline().size());
        Moment at20 = p.timeline().get(0);
        assertEquals(Duration.ofSeconds(20), at20.at());
        assertEquals(new SourceLocation("d.scn", 7, 1), at20.location());
        assertEquals(3, at20.changes().size());
        Change.SetShare share = assertInstanceOf(Change.SetShare.class, at20.changes().get(0));
        assertEquals("B", share.user());
        assertEquals(300, share.shares().get(0).min().value());
        assertEquals(new SourceLocation("d.scn", 8, 3), share.location());
        Change.SetDemand demand = assertInstanceOf(Change.SetDemand.class, at20.changes().get(1));
        assertEquals(new VcpuRef("B", "0"), demand.vcpu());
        assertEquals(Demand.UNBOUNDED, demand.demand());
        Change.Logon logon = assertInstanceOf(Change.Logon.class, at20.changes().get(2));
        assertEquals("C", logon.user().name());
        assertEquals(Demand.of(50), logon.user().vcpus().get(0).demand());
        assertEquals(new SourceLocation("d.scn", 10, 3), logon.location());
        assertEquals(new SourceLocation("d.scn", 11, 5), logon.user().vcpus().get(0).location());
        Moment at40 = p.timeline().get(1);
        assertEquals(List.of(new Change.Logoff("A", new SourceLocation("d.scn", 13, 3)),
                new Change.Stop(new VcpuRef("B", "0"), new SourceLocation("d.scn", 14, 3))), at40.changes());

        List<Phase> phases = p.phases();
        assertEquals(3, phases.size());
        assertEquals(List.of("B", "C"), phases.get(2).problem().users().stream().map(User::name).toList());
    }

    @Test
    void parse_aliasesAndCpSyntax_giveTheCanonicalChanges() throws InputException {
        Problem p = parse("""
                LPAR CP.2 ZIIP.1
                CPUPOOL LNX CP CAPACITY 1
                PROBLEM P
                USER A
                  VCPU 0 CP *
                  VCPU 1 ZIIP 20 STOPPED
                at 1.5s
                  set share a type ziip relative 300 absolute 20% limithard
                  SET SHARE A TYPE CP ABSOLUTE 10% NOLIMIT
                  SET SHARE A TYPE CP RELATIVE 50 RELATIVE 10 LIMITSOFT
                  START A.01
                  XAUTOLOG D POOL lnx CPUAFFINITY OFF
                    VCPU 0 ZIIP 5
                AT 2M
                  FORCE d
                  SET CPUPOOL lnx LIMITHARD 30%
                  SET DEMAND a.1 12.5
                RUNIT
                """);
        List<Change> at1 = p.timeline().get(0).changes();
        assertEquals(Duration.ofMillis(1500), p.timeline().get(0).at());
        Share ziip = ((Change.SetShare) at1.get(0)).shares().get(0);
        assertEquals(EngineType.ZIIP, ziip.type());
        assertEquals(ShareAmount.relative(300), ziip.min());
        assertEquals(Optional.of(new LimitShare(ShareAmount.absolute(20), LimitMode.HARD)), ziip.limit());
        Share noLimit = ((Change.SetShare) at1.get(1)).shares().get(0);
        assertEquals(ShareAmount.absolute(10), noLimit.min());
        assertEquals(Optional.empty(), noLimit.limit());
        assertEquals(LimitMode.SOFT, ((Change.SetShare) at1.get(2)).shares().get(0).limit().orElseThrow().mode());
        assertEquals(new VcpuRef("A", "01"), ((Change.Start) at1.get(3)).vcpu());
        User d = ((Change.Logon) at1.get(4)).user();
        assertEquals(Optional.of("lnx"), d.cpuPool());
        assertEquals(false, d.cpuAffinity());
        List<Change> at2 = p.timeline().get(1).changes();
        assertEquals("d", ((Change.Logoff) at2.get(0)).user());
        Change.SetCpuPool pool = (Change.SetCpuPool) at2.get(1);
        assertEquals(CpuPool.Kind.LIMITHARD, pool.kind());
        assertEquals(30, pool.value());
        assertEquals(Demand.of(12.5), ((Change.SetDemand) at2.get(2)).demand());

        assertEquals(CpuPool.Kind.LIMITHARD, p.phases().get(2).problem().partition().cpuPool("LNX").orElseThrow().kind());
    }

    @Test
    void parse_userNamedByANumber_vcpuWrittenAsOneNumber() throws InputException {
        Problem p = parse("LPAR CP.1\nPROBLEM P\nUSER 1\nVCPU 0 CP 5\nVCPU 0A CP 5\nAT 1S\nSTOP 1.0\nSTOP 1.0A\nRUNIT\n");
        List<Change> changes = p.timeline().get(0).changes();
        assertEquals(new VcpuRef("1", "0"), ((Change.Stop) changes.get(0)).vcpu());
        assertEquals(new VcpuRef("1", "0A"), ((Change.Stop) changes.get(1)).vcpu());
    }

    @Test
    void parse_changesOfOneBlock_applyInOrder() throws InputException {
        Problem p = parse("""
                LPAR CP.1
                PROBLEM P
                USER A
                  VCPU 0 CP 5
                AT 1S
                  LOGOFF A
                  LOGON A CP.7-R
                    VCPU 3 CP 1
                  STOP A.3
                  START A.3
                RUNIT
                """);
        User a = p.phases().get(1).problem().user("A").orElseThrow();
        assertEquals(7, a.shareFor(EngineType.CP).min().value());
        assertEquals("3", a.vcpus().get(0).address());
        assertTrue(!a.vcpus().get(0).stopped());
    }

    @Test
    void parse_problemWhoseUsersAllLogOnLater_isValid() throws InputException {
        Problem p = parse("LPAR CP.1\nPROBLEM P\nAT 5S\nLOGON A\nVCPU 0 CP *\nRUNIT DURATION 10S\n");
        assertEquals(List.of(), p.users());
        assertEquals(1, p.phases().get(1).problem().users().size());
    }

    @Test
    void parse_asManyAtBlocksAsAllowed_isValid() throws InputException {
        Problem p = parse(ScenarioParserErrorsTest.moments(Limits.MAX_MOMENTS));
        assertEquals(Limits.MAX_MOMENTS, p.timeline().size());
        assertEquals(Limits.MAX_MOMENTS + 1, p.phases().size());
    }

    @Test
    void write_d1_isCanonicalAndReadsBack() throws InputException {
        Scenario s = ScenarioParser.parse("d.scn", D1);
        String expected = """
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
                RUNIT DURATION 1M
                """;
        assertEquals(expected, ScenarioWriter.write(s));
        assertEquals(Unlocated.of(s), Unlocated.of(ScenarioParser.parse("d.scn", expected)));
    }

    @Test
    void write_everyChangeKind_readsBackToTheSameModel() throws InputException {
        String text = """
                LPAR CP.2 ZIIP.1
                CPUPOOL LNX CP CAPACITY 1
                PROBLEM P
                USER A
                  VCPU 0 CP *
                  VCPU 1 ZIIP 20 STOPPED
                USER 7
                  VCPU 0A CP 1
                AT 1500MS
                  SET SHARE A TYPE ZIIP RELATIVE 300 ABSOLUTE 20% LIMITHARD
                  SET SHARE A CP.10-A ZIIP.5-RS
                  START A.1
                  STOP 7.0A
                  XAUTOLOG D POOL lnx CPUAFFINITY OFF
                    VCPU 0 ZIIP 5
                AT 2M
                  FORCE D
                  SET CPUPOOL lnx CAPACITY 0.5
                  SET DEMAND a.1 12.5
                RUNIT SEED 3
                """;
        Scenario s = ScenarioParser.parse("all.scn", text);
        String written = ScenarioWriter.write(s);
        assertTrue(written.contains("  SET SHARE A ZIIP.300-R,20-AL\n"), written);
        assertTrue(written.contains("  STOP 7.0A\n"), written);
        assertTrue(written.contains("  LOGON D POOL lnx CPUAFFINITY OFF\n    VCPU 0 ZIIP 5\n"), written);
        assertTrue(written.contains("  LOGOFF D\n  SET CPUPOOL lnx CAPACITY 0.5\n  SET DEMAND a.1 12.5\n"), written);
        Scenario again = ScenarioParser.parse("all.scn", written);
        assertEquals(Unlocated.of(s), Unlocated.of(again));
        assertEquals(written, ScenarioWriter.write(again));
    }
}
