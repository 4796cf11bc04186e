package org.schedlab.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.schedlab.core.InputException;
import org.schedlab.core.Problem;
import org.schedlab.grammar.ScenarioParser;

class ZvmCommandsTest {

    private static List<String> lines(String scenario) throws InputException {
        Problem p = ScenarioParser.parse("t.scn", scenario).problems().get(0);
        return ZvmCommands.of(p, "t.scn").lines().toList();
    }

    @Test
    void of_everyShareFeature_inCpSyntax() throws InputException {
        List<String> out = lines("""
                LPAR CP.2 ZIIP.1 IFL.2
                CPUPOOL Lin IFL LIMITHARD 4.999%
                PROBLEM P
                USER guest1 CP.33.333-A,200-RS ZIIP.25-AL POOL lin CPUAFFINITY OFF
                VCPU 0 CP 33.333
                VCPU 2 ZIIP * STOPPED
                VCPU 3 IFL 50
                RUNIT DURATION 2M INTERVAL 2S
                """);
        assertTrue(out.contains("DEFINE CPUPOOL LIN LIMITHARD 4.999% TYPE IFL"), out::toString);
        assertTrue(out.contains("SET SHARE GUEST1 TYPE CP ABSOLUTE 33.333% RELATIVE 200 LIMITSOFT"), out::toString);
        assertTrue(out.contains("SET SHARE GUEST1 TYPE ZIIP ABSOLUTE 25% ABSOLUTE 25% LIMITHARD"), out::toString);
        // No share token for IFL: z/VM's default, written out.
        assertTrue(out.contains("SET SHARE GUEST1 TYPE IFL RELATIVE 100 NOLIMIT"), out::toString);
        assertTrue(out.contains("* CP takes ABSOLUTE shares to one decimal place: 33.333% must be rounded"), out::toString);
        assertTrue(out.contains("SET CPUAFFINITY OFF GUEST1"), out::toString);
        assertTrue(out.contains("SCHEDULE GUEST1 CPUPOOL LIN"), out::toString);
        assertTrue(out.contains("DEFINE CPU 02 TYPE ZIIP"), out::toString);
        assertTrue(out.contains("DEFINE CPU 03 TYPE IFL"), out::toString);
        assertTrue(out.contains("* CPU 02 runs simulated on CPs: CPU affinity is off"), out::toString);
        assertTrue(out.stream().anyMatch(l -> l.matches("\\*\\s+GUEST1\\s+02\\s+ZIIP\\s+CP\\s+stopped \\(no burner\\)")), out::toString);
        assertTrue(out.stream().anyMatch(l -> l.matches("\\*\\s+GUEST1\\s+00\\s+CP\\s+CP\\s+33.333")), out::toString);
        assertTrue(out.contains("* Run: for 120 s, measuring every 2 s"), out::toString);
    }

    @Test
    void of_whatZvmCannotDo_saidInNotesNotCommands() throws InputException {
        List<String> out = lines("""
                LPAR CP.4
                MULTITHREAD CP.2
                TOPOLOGY CHIP.2 NODE.1
                SRM DSPWDMETHOD REBALANCE
                PROBLEM P
                USER AVERYLONGUSERID CP.100-R
                VCPU 1 CP *
                RUNIT
                """);
        assertTrue(out.stream().anyMatch(l -> l.startsWith("*   z/VM 6.4 runs SMT on IFLs only")), out::toString);
        assertTrue(out.stream().anyMatch(l -> l.startsWith("*   TOPOLOGY CHIP.2 NODE.1")), out::toString);
        assertTrue(out.stream().anyMatch(l -> l.startsWith("* z/VM runs SMT-2 only with DSPWDMETHOD RESHUFFLE")), out::toString);
        assertTrue(out.contains("* z/VM user IDs have at most 8 characters: rename AVERYLONGUSERID"), out::toString);
        assertTrue(out.contains("* CPU 00 is not in the scenario: the guest must keep it stopped"), out::toString);
        assertFalse(out.stream().anyMatch(l -> !l.startsWith("*") && l.contains("TOPOLOGY")), out::toString);
    }
}
