package org.schedlab.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.schedlab.core.EngineType;
import org.schedlab.core.InputException;
import org.schedlab.core.Limits;
import org.schedlab.core.Partition;
import org.schedlab.core.Problem;
import org.schedlab.core.Scenario;

/**
 * Every limit of {@link Limits} at its edge: the largest (or smallest) value is accepted, one step
 * beyond it is rejected with one message. The messages themselves are pinned in
 * {@link ScenarioParserErrorsTest}.
 */
class ScenarioLimitsTest {

    /** LPAR on line 1, {@code settings}, then problem P whose user U has {@code vcpu}, then {@code runit}. */
    private static String file(String lpar, String settings, String user, String vcpu, String runit) {
        return lpar + "\n" + settings + "\nPROBLEM P\n" + user + "\n" + vcpu + "\n" + runit + "\n";
    }

    private static String setting(String setting) {
        return file("LPAR CP.2 IFL.2", setting, "USER U", "VCPU 0 CP 5", "RUNIT");
    }

    private static String user(String user) {
        return file("LPAR CP.2 IFL.2", "", user, "VCPU 0 CP 5", "RUNIT");
    }

    private static String runit(String runit) {
        return file("LPAR CP.2", "", "USER U", "VCPU 0 CP 5", runit);
    }

    private static Arguments edge(String limit, String accepted, String rejected) {
        return Arguments.of(limit, accepted, rejected);
    }

    static Stream<Arguments> edges() {
        return Stream.of(
                edge("cores of a type", "LPAR CP.256\nPROBLEM P\nUSER U\nVCPU 0 CP 5\nRUNIT", "LPAR CP.257\nPROBLEM P\nUSER U\nVCPU 0 CP 5\nRUNIT"),
                edge("logical CPUs", file("LPAR CP.128 ZIIP.128", "", "USER U", "VCPU 0 CP 5", "RUNIT"),
                        file("LPAR CP.128 ZIIP.129", "", "USER U", "VCPU 0 CP 5", "RUNIT")),
                edge("logical CPUs under SMT-2", file("LPAR CP.128", "MULTITHREAD CP.2", "USER U", "VCPU 0 CP 5", "RUNIT"),
                        file("LPAR CP.129", "MULTITHREAD CP.2", "USER U", "VCPU 0 CP 5", "RUNIT")),
                edge("logical CPUs, SMT-2 on two types", file("LPAR CP.64 IFL.64", "MULTITHREAD CP.2\nMULTITHREAD IFL.2", "USER U",
                        "VCPU 0 CP 5", "RUNIT"), file("LPAR CP.64 IFL.65", "MULTITHREAD CP.2\nMULTITHREAD IFL.2", "USER U", "VCPU 0 CP 5", "RUNIT")),
                edge("threads per core", setting("MULTITHREAD IFL.2"), setting("MULTITHREAD IFL.3")),
                edge("CHIP", setting("TOPOLOGY CHIP.256 NODE.1"), setting("TOPOLOGY CHIP.257 NODE.1")),
                edge("NODE", setting("TOPOLOGY CHIP.1 NODE.256"), setting("TOPOLOGY CHIP.1 NODE.257")),
                edge("DSPSLICE low", setting("SRM DSPSLICE 1"), setting("SRM DSPSLICE 0.999")),
                edge("DSPSLICE high", setting("SRM DSPSLICE 100"), setting("SRM DSPSLICE 100.001")),
                edge("LIMITHARD", setting("CPUPOOL X CP LIMITHARD 100%"), setting("CPUPOOL X CP LIMITHARD 100.0001%")),
                edge("LIMITHARD above 0", setting("CPUPOOL X CP LIMITHARD 0.0001%"), setting("CPUPOOL X CP LIMITHARD 0%")),
                edge("CAPACITY", setting("CPUPOOL X IFL CAPACITY 256"), setting("CPUPOOL X IFL CAPACITY 256.0001")),
                edge("CAPACITY above 0", setting("CPUPOOL X IFL CAPACITY 0.0001"), setting("CPUPOOL X IFL CAPACITY 0")),
                edge("RELATIVE", user("USER U CP.10000-R"), user("USER U CP.10001-R")),
                edge("RELATIVE low", user("USER U CP.1-R"), user("USER U CP.0.5-R")),
                edge("ABSOLUTE", user("USER U CP.100-A"), user("USER U CP.100.0000000000000001-A")),
                edge("limit ABSOLUTE", user("USER U CP.100-R,100-AL"), user("USER U CP.100-R,100.01-AL")),
                edge("demand", file("LPAR CP.2", "", "USER U", "VCPU 0 CP 100", "RUNIT"),
                        file("LPAR CP.2", "", "USER U", "VCPU 0 CP 100.0000000000000001", "RUNIT")),
                edge("demand low", file("LPAR CP.2", "", "USER U", "VCPU 0 CP 0", "RUNIT"),
                        file("LPAR CP.2", "", "USER U", "VCPU 0 CP -0.0000000000000001", "RUNIT")),
                edge("VCPU address", file("LPAR CP.2", "", "USER U", "VCPU 3F CP 5", "RUNIT"),
                        file("LPAR CP.2", "", "USER U", "VCPU 40 CP 5", "RUNIT")),
                edge("DURATION", runit("RUNIT DURATION 1440M"), runit("RUNIT DURATION 1440.0001M")),
                edge("DURATION in seconds", runit("RUNIT DURATION 86400S"), runit("RUNIT DURATION 86400.000001S")),
                edge("DURATION low", runit("RUNIT DURATION 1MS"), runit("RUNIT DURATION 0.999MS")),
                edge("DURATION resolution", runit("RUNIT DURATION 1.001MS"), runit("RUNIT DURATION 1.0001MS")),
                edge("INTERVAL", runit("RUNIT INTERVAL 1440M"), runit("RUNIT INTERVAL 1440.0001M")),
                edge("INTERVAL low", runit("RUNIT INTERVAL 1MS"), runit("RUNIT INTERVAL 0.999MS")),
                edge("INTERVAL up to DURATION", runit("RUNIT DURATION 2S INTERVAL 2000MS"), runit("RUNIT DURATION 2S INTERVAL 2001MS")),
                edge("SEED", runit("RUNIT SEED 9223372036854775807"), runit("RUNIT SEED 9223372036854775808")),
                edge("SEED low", runit("RUNIT SEED -9223372036854775808"), runit("RUNIT SEED -9223372036854775809")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("edges")
    void parse_limitEdge_acceptsTheEdgeAndRejectsOneStepBeyondWithOneMessage(String limit, String accepted, String rejected)
            throws InputException {
        ScenarioParser.parse("t.scn", accepted);
        InputException e = assertThrows(InputException.class, () -> ScenarioParser.parse("t.scn", rejected));
        assertEquals(1, e.diagnostics().size(), e::getMessage);
    }

    @Test
    void parse_largestPartition_givesIntLogicalCpuCountsAndCapacity() throws InputException {
        Scenario s = ScenarioParser.parse("t.scn", file("LPAR CP.128 IFL.64", "MULTITHREAD IFL.2", "USER U", "VCPU 0 CP 5", "RUNIT"));
        Partition p = s.problems().get(0).partition();

        assertEquals(128, p.logicalCpus(EngineType.CP));
        assertEquals(128, p.logicalCpus(EngineType.IFL));
        assertEquals(12_800.0, p.capacity(EngineType.IFL));
    }

    @Test
    void parse_longestRun_keepsItsDurationToTheMicrosecond() throws InputException {
        Problem p = ScenarioParser.parse("t.scn", runit("RUNIT DURATION 1440M INTERVAL 1MS SEED -1")).problems().get(0);

        assertEquals(Duration.ofHours(24), p.runControl().duration().orElseThrow());
        assertEquals(86_400_000_000L, p.runControl().duration().orElseThrow().toNanos() / 1000);
        assertEquals(Limits.MIN_TIME, p.runControl().interval().orElseThrow());
    }

    /** One more user is rejected, together with its virtual CPU: ScenarioParserErrorsTest pins both messages. */
    @Test
    void parse_maxUsersOfOneVirtualCpuEach_isAccepted() throws InputException {
        Problem p = ScenarioParser.parse("t.scn", ScenarioParserErrorsTest.vcpus(Limits.MAX_USERS, 1)).problems().get(0);

        assertEquals(Limits.MAX_USERS, p.users().size());
    }

    /** One more is rejected: ScenarioParserErrorsTest pins the message. */
    @Test
    void parse_maxVirtualCpus_isAccepted() throws InputException {
        Problem p = ScenarioParser.parse("t.scn", ScenarioParserErrorsTest.vcpus(Limits.MAX_VCPUS, 64)).problems().get(0);

        assertEquals(Limits.MAX_VCPUS, p.vcpus().size());
        assertEquals(java.util.List.of(), Limits.exceeded(p));
    }
}
