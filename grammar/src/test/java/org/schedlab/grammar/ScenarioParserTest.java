package org.schedlab.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.core.CpuPool;
import org.schedlab.core.Demand;
import org.schedlab.core.EngineType;
import org.schedlab.core.InputException;
import org.schedlab.core.LimitMode;
import org.schedlab.core.LimitShare;
import org.schedlab.core.Partition;
import org.schedlab.core.Problem;
import org.schedlab.core.RunControl;
import org.schedlab.core.Scenario;
import org.schedlab.core.Share;
import org.schedlab.core.ShareAmount;
import org.schedlab.core.SourceLocation;
import org.schedlab.core.Srm;
import org.schedlab.core.Topology;
import org.schedlab.core.User;
import org.schedlab.core.VirtualCpu;

class ScenarioParserTest {

    private static final String EXTENSIONS = lines(
            "LPAR CP.4 ZIIP.2 IFL.2",
            "MULTITHREAD IFL.2",
            "TOPOLOGY CHIP.4 NODE.2",
            "SRM DSPSLICE 8",
            "SRM DSPWDMETHOD REBALANCE",
            "SRM POLARIZATION HORIZONTAL",
            "CPUPOOL LINUX IFL CAPACITY 1.5",
            "CPUPOOL Capped CP LIMITHARD 30%",
            "PROBLEM EXT",
            "USER LNX1 IFL.200-R POOL LINUX CPUAFFINITY OFF",
            "  VCPU 0 IFL *",
            "  VCPU 1 ZIIP 40 STOPPED",
            "USER ZOS1 CP.100-R ZIIP.10-A,20-RS POOL capped CPUAFFINITY ON",
            "  VCPU 0A CP 2.5",
            "RUNIT DURATION 120S INTERVAL 2S SEED 7");

    /** A user with one virtual CPU, two lines: what every problem needs to be valid. */
    private static final String USER = "USER U\nVCPU 0 CP 5";

    private static String lines(String... lines) {
        return String.join("\n", lines) + "\n";
    }

    private static Scenario parse(String text) throws InputException {
        return ScenarioParser.parse("t.scn", text);
    }

    private static Problem only(String text) throws InputException {
        List<Problem> problems = parse(text).problems();
        assertEquals(1, problems.size());
        return problems.get(0);
    }

    @Test
    void parse_multithread_setsThreadsPerCoreOfThatTypeOnly() throws InputException {
        Partition partition = only(EXTENSIONS).partition();

        assertEquals(2, partition.threads(EngineType.IFL));
        assertEquals(1, partition.threads(EngineType.CP));
        assertEquals(4, partition.logicalCpus(EngineType.IFL));
    }

    @Test
    void parse_topology_setsCoresPerChipAndChipsPerNode() throws InputException {
        Topology topology = only(EXTENSIONS).partition().topology();

        assertEquals(4, topology.coresPerChip());
        assertEquals(2, topology.chipsPerNode());
        assertEquals(new SourceLocation("t.scn", 3, 1), topology.location());
    }

    @Test
    void parse_srm_setsDspsliceWorkDistributionAndPolarization() throws InputException {
        Srm srm = only(EXTENSIONS).partition().srm();

        assertEquals(OptionalDouble.of(8), srm.dispatchSliceMs());
        assertEquals(Srm.WorkDistribution.REBALANCE, srm.workDistribution());
        assertEquals(Srm.Polarization.HORIZONTAL, srm.polarization());
    }

    @Test
    void parse_cpupool_definesCapacityAndLimithardPools() throws InputException {
        Partition partition = only(EXTENSIONS).partition();

        assertEquals(List.of(
                new CpuPool("LINUX", EngineType.IFL, CpuPool.Kind.CAPACITY, 1.5, new SourceLocation("t.scn", 7, 1)),
                new CpuPool("Capped", EngineType.CP, CpuPool.Kind.LIMITHARD, 30, new SourceLocation("t.scn", 8, 1))),
                partition.cpuPools());
    }

    @Test
    void parse_userWithPoolAndAffinity_keepsThemAsWritten() throws InputException {
        Problem problem = only(EXTENSIONS);
        User lnx1 = problem.user("lnx1").orElseThrow();
        User zos1 = problem.user("ZOS1").orElseThrow();

        assertEquals(Optional.of("LINUX"), lnx1.cpuPool());
        assertFalse(lnx1.cpuAffinity());
        assertEquals(Optional.of("capped"), zos1.cpuPool());
        assertTrue(zos1.cpuAffinity());
        assertEquals(EngineType.CP, problem.dispatchPool(lnx1, lnx1.vcpus().get(0)));
    }

    @Test
    void parse_vcpuStopped_keepsTypeDemandAndAddress() throws InputException {
        User lnx1 = only(EXTENSIONS).user("LNX1").orElseThrow();

        assertEquals(List.of(
                new VirtualCpu("0", EngineType.IFL, Demand.UNBOUNDED, false, new SourceLocation("t.scn", 11, 3)),
                new VirtualCpu("1", EngineType.ZIIP, Demand.of(40), true, new SourceLocation("t.scn", 12, 3))),
                lnx1.vcpus());
    }

    @Test
    void parse_hexAddressAndDecimalDemand_areReadAsWritten() throws InputException {
        VirtualCpu vcpu = only(EXTENSIONS).user("ZOS1").orElseThrow().vcpus().get(0);

        assertEquals("0A", vcpu.address());
        assertEquals(10, vcpu.number());
        assertEquals(Demand.of(2.5), vcpu.demand());
    }

    @Test
    void parse_shareTokens_readMinAndLimitPerType() throws InputException {
        User zos1 = only(EXTENSIONS).user("ZOS1").orElseThrow();

        assertEquals(List.of(
                new Share(EngineType.CP, ShareAmount.relative(100), Optional.empty(), new SourceLocation("t.scn", 13, 11)),
                new Share(EngineType.ZIIP, ShareAmount.absolute(10),
                        Optional.of(new LimitShare(ShareAmount.relative(20), LimitMode.SOFT)), new SourceLocation("t.scn", 13, 20))),
                zos1.shares());
    }

    @Test
    void parse_userWithoutTokenForAType_getsNoShareAndSoTheDefault() throws InputException {
        User lnx1 = only(EXTENSIONS).user("LNX1").orElseThrow();

        assertEquals(List.of(EngineType.IFL), lnx1.shares().stream().map(Share::type).toList());
        assertEquals(ShareAmount.DEFAULT, lnx1.shareFor(EngineType.ZIIP).min());
        assertEquals(Optional.empty(), lnx1.shareFor(EngineType.ZIIP).limit());
    }

    @Test
    void parse_runitOptions_setDurationIntervalAndSeed() throws InputException {
        RunControl run = only(EXTENSIONS).runControl();

        assertEquals(new RunControl(Optional.of(Duration.ofSeconds(120)), Optional.of(Duration.ofSeconds(2)), OptionalLong.of(7)), run);
    }

    @Test
    void parse_timeUnits_readMillisecondsSecondsAndMinutesInAnyCase() throws InputException {
        RunControl run = only(lines("LPAR CP.1", "PROBLEM P", "USER U", "VCPU 0 CP 1", "RUNIT duration 2m interval 500ms"))
                .runControl();

        assertEquals(Optional.of(Duration.ofMinutes(2)), run.duration());
        assertEquals(Optional.of(Duration.ofMillis(500)), run.interval());
        assertEquals(Optional.of(Duration.ofMillis(1500)),
                only(lines("LPAR CP.1", "PROBLEM P", USER, "RUNIT DURATION 1.5S")).runControl().duration());
    }

    @Test
    void parse_runitWithoutOptions_leavesRunControlEmpty() throws InputException {
        assertEquals(RunControl.NONE, only(lines("LPAR CP.1", "PROBLEM P", USER, "RUNIT")).runControl());
    }

    @Test
    void parse_laterLpar_resetsMultithreadTopologySrmAndCpupool() throws InputException {
        Scenario scenario = parse(lines(
                "LPAR CP.2 IFL.2",
                "MULTITHREAD IFL.2",
                "TOPOLOGY CHIP.1 NODE.1",
                "SRM DSPSLICE 20",
                "CPUPOOL LINUX IFL CAPACITY 1",
                "PROBLEM FIRST",
                USER,
                "RUNIT",
                "PROBLEM SECOND",
                USER,
                "RUNIT",
                "LPAR CP.2 IFL.2",
                "PROBLEM THIRD",
                USER,
                "RUNIT"));
        Partition first = scenario.problem("first").orElseThrow().partition();
        Partition second = scenario.problem("second").orElseThrow().partition();
        Partition third = scenario.problem("third").orElseThrow().partition();

        assertEquals(first, second);
        assertEquals(2, first.threads(EngineType.IFL));
        assertEquals(1, first.cpuPools().size());
        assertEquals(OptionalDouble.of(20), first.srm().dispatchSliceMs());
        assertEquals(1, first.topology().coresPerChip());

        assertEquals(1, third.threads(EngineType.IFL));
        assertEquals(List.of(), third.cpuPools());
        assertEquals(Srm.DEFAULT, third.srm());
        assertEquals(Topology.singleChip(new SourceLocation("t.scn", 14, 1)), third.topology());
        assertEquals(new SourceLocation("t.scn", 14, 1), third.location());
    }

    @Test
    void parse_laterLpar_keepsEarlierProblemsOnTheirPartition() throws InputException {
        Scenario scenario = parse(lines("LPAR CP.1", "PROBLEM A", USER, "RUNIT", "LPAR CP.3 ZIIP.1", "PROBLEM B", USER, "RUNIT"));

        assertEquals(Map.of(EngineType.CP, 1), scenario.problem("A").orElseThrow().partition().cores());
        assertEquals(Map.of(EngineType.CP, 3, EngineType.ZIIP, 1), scenario.problem("B").orElseThrow().partition().cores());
    }

    @Test
    void parse_lparAfterAProblemWithoutSettings_isUsedWithItsDefaults() throws InputException {
        Partition partition = only(lines("LPAR CP.2", "PROBLEM P", USER, "RUNIT")).partition();

        assertEquals(Map.of(), partition.threads());
        assertEquals(Srm.DEFAULT, partition.srm());
        assertEquals(0, partition.topology().coresPerChip());
        assertEquals(List.of(), partition.cpuPools());
    }

    @Test
    void parse_keywordsAndTypesInAnyCase_areRecognised() throws InputException {
        Problem problem = only(lines(
                "lpar cp.1 zIIP.2",
                "Problem Mixed",
                "user Qgp1 cp.100-r ziip.25-al cpuaffinity off",
                "vcpu 0 Cp 5 stopped",
                "Vcpu 1 ZiIp *",
                "runit seed 3"));

        User user = problem.user("QGP1").orElseThrow();
        assertEquals("Qgp1", user.name());
        assertEquals("Mixed", problem.name());
        assertEquals(Optional.of(new LimitShare(ShareAmount.absolute(25), LimitMode.HARD)), user.shareFor(EngineType.ZIIP).limit());
        assertEquals(EngineType.ZIIP, user.vcpus().get(1).type());
        assertTrue(user.vcpus().get(0).stopped());
    }

    @Test
    void parse_commentsAnnotationsAndBlankLines_areIgnored() throws InputException {
        Problem problem = only(lines(
                "* a comment",
                "   * an indented comment, with a * inside",
                "",
                "LPAR CP.2      <- an annotation",
                "            <- a line with only an annotation",
                "\t",
                "PROBLEM P<-touching",
                "USER U CP.100-R",
                "    VCPU 0 CP *<- unbounded, then an annotation",
                "  *VCPU 1 CP 5 (commented out)",
                "RUNIT"));

        User user = problem.user("U").orElseThrow();
        assertEquals(1, user.vcpus().size());
        assertEquals(Demand.UNBOUNDED, user.vcpus().get(0).demand());
        assertEquals(new SourceLocation("t.scn", 9, 5), user.vcpus().get(0).location());
        assertEquals(new SourceLocation("t.scn", 4, 1), problem.partition().location());
    }

    @Test
    void parse_windowsLineEndingsAndNoFinalNewline_readTheSame() throws InputException {
        Problem problem = only("* comment\r\nLPAR CP.2\r\nPROBLEM P\r\nUSER U\r\n  VCPU 0 CP *\r\nRUNIT");

        assertEquals(new SourceLocation("t.scn", 5, 3), problem.users().get(0).vcpus().get(0).location());
    }

    @Test
    void parse_byteOrderMark_isNotAColumn() throws InputException {
        Problem problem = only("\uFEFF* comment\nLPAR CP.2\nPROBLEM P\nUSER U\nVCPU 0 CP 5\nRUNIT\n");

        assertEquals(new SourceLocation("t.scn", 2, 1), problem.partition().location());
    }

    @Test
    void parse_recordLocations_areTheirStatementsFirstToken() throws InputException {
        Problem problem = only(EXTENSIONS);
        User zos1 = problem.user("ZOS1").orElseThrow();

        assertEquals(new SourceLocation("t.scn", 1, 1), problem.partition().location());
        assertEquals(new SourceLocation("t.scn", 9, 1), problem.location());
        assertEquals(new SourceLocation("t.scn", 13, 1), zos1.location());
        assertEquals(new SourceLocation("t.scn", 14, 3), zos1.vcpus().get(0).location());
    }

    @Test
    void parse_namesThatAreKeywords_areNames() throws InputException {
        Problem problem = only(lines("LPAR CP.1", "CPUPOOL CP CP CAPACITY 1", "PROBLEM RUNIT", "USER ON POOL cp", "VCPU 0 CP 5", "RUNIT"));

        assertEquals("RUNIT", problem.name());
        assertEquals(Optional.of("cp"), problem.user("on").orElseThrow().cpuPool());
    }

    @Test
    void parse_severalProblems_keepFileOrder() throws InputException {
        Scenario scenario = parse(lines("LPAR CP.1", "PROBLEM B", USER, "RUNIT", "PROBLEM A", USER, "RUNIT", "PROBLEM C", USER, "RUNIT"));

        assertEquals(List.of("B", "A", "C"), scenario.problems().stream().map(Problem::name).toList());
        assertEquals("t.scn", scenario.file());
    }

    @Test
    void parse_specialtyVcpuWithoutItsType_runsOnCps() throws InputException {
        Problem problem = only(lines("LPAR CP.2", "PROBLEM P", "USER U", "VCPU 0 ZIIP *", "RUNIT"));

        User user = problem.users().get(0);
        assertEquals(EngineType.CP, problem.dispatchPool(user, user.vcpus().get(0)));
    }

    @Test
    void parse_path_namesTheFileAsGiven(@TempDir Path dir) throws IOException, InputException {
        Path file = dir.resolve("p.scn");
        Files.writeString(file, "LPAR CP.1\nPROBLEM P\nUSER U\nVCPU 0 CP 5\nRUNIT DURATION 0S\n");

        InputException e = assertThrows(InputException.class, () -> ScenarioParser.parse(file));
        assertEquals(file + ":5:16: DURATION must be from 1MS to 1440M (24 hours), got 0S", e.getMessage());
    }
}
