package org.schedlab.linux.mapping;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;
import org.schedlab.core.Diagnostic;
import org.schedlab.core.InputException;
import org.schedlab.linux.host.HostTopology;
import org.schedlab.linux.testing.Scenarios;

/** Every statement Linux has no equivalent for, with its exact message and location (docs/linux.md's table). */
class RefusalsTest {

    private static final HostTopology HOST = HostTopology.uniform(8, 1);

    private static List<String> refusals(String text, CgroupVersion v) {
        InputException e = assertThrows(InputException.class,
                () -> LinuxMapping.plan(Scenarios.problem(text), HOST, v, "schedlab-1-1-1", "0"));
        return e.diagnostics().stream().map(Diagnostic::toString).toList();
    }

    /** A partition statement, then the one message it gets. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "TOPOLOGY CHIP.2 NODE.1| t.scn:2:1: TOPOLOGY has no Linux equivalent: the kernel takes chips and nodes from the "
                + "machine it runs on; leave TOPOLOGY out",
        "SRM DSPSLICE 8| t.scn:1:1: SRM DSPSLICE 8 has no Linux equivalent: the fair class sets its own slice for every "
                + "task, not per partition; leave SRM DSPSLICE out",
        "SRM DSPWDMETHOD REBALANCE| t.scn:1:1: SRM DSPWDMETHOD REBALANCE has no Linux equivalent: the kernel balances "
                + "load between CPUs its own way; leave it out",
        "SRM POLARIZATION HORIZONTAL| t.scn:1:1: SRM POLARIZATION HORIZONTAL has no Linux equivalent: every CPU of a "
                + "cpuset is alike to the kernel; leave it out",
    })
    void partitionStatement_refusedAtItsLine(String statement, String message) {
        String text = "LPAR CP.2\n" + statement + "\nPROBLEM P\nUSER A\n VCPU 0 CP *\nRUNIT\n";
        assertEquals(List.of(message), refusals(text, CgroupVersion.V1));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "CP.10-A| t.scn:3:8: ABSOLUTE share CP.10% has no Linux equivalent: a cgroup's weight is relative to the groups "
                + "present and nothing reserves a percentage of the CPUs; use a RELATIVE share",
        "CP.25-AL| t.scn:3:8: ABSOLUTE share CP.25% has no Linux equivalent: a cgroup's weight is relative to the groups "
                + "present and nothing reserves a percentage of the CPUs; use a RELATIVE share",
        "CP.100-R,30-RS| t.scn:3:8: LIMITSOFT has no Linux equivalent: a CPU bandwidth cap (cpu.max, cpu.cfs_quota_us) "
                + "holds even when the CPUs are idle; use LIMITHARD",
        "CP.100-R,10-AS| t.scn:3:8: LIMITSOFT has no Linux equivalent: a CPU bandwidth cap (cpu.max, cpu.cfs_quota_us) "
                + "holds even when the CPUs are idle; use LIMITHARD",
        "CP.100-R,0.04-AL| t.scn:3:8: LIMITHARD caps at 0.08% of a CPU, below the smallest cap the kernel enforces "
                + "(0.1%: a quota of 1 ms per period of 1 s)",
    })
    void share_refusedAtItsToken(String share, String message) {
        String text = "LPAR CP.2\nPROBLEM P\nUSER A " + share + "\n VCPU 0 CP *\nRUNIT\n";
        assertEquals(List.of(message), refusals(text, CgroupVersion.V1));
    }

    @Test
    void absoluteAndSoft_bothReported() {
        assertEquals(List.of("t.scn:3:8: ABSOLUTE share CP.10% has no Linux equivalent: a cgroup's weight is relative "
                        + "to the groups present and nothing reserves a percentage of the CPUs; use a RELATIVE share",
                "t.scn:3:8: LIMITSOFT has no Linux equivalent: a CPU bandwidth cap (cpu.max, cpu.cfs_quota_us) holds "
                        + "even when the CPUs are idle; use LIMITHARD"),
                refusals("LPAR CP.2\nPROBLEM P\nUSER A CP.10-AS\n VCPU 0 CP *\nRUNIT\n", CgroupVersion.V1));
    }

    @Test
    void cpuPoolCapTooSmall_refusedAtThePool() {
        assertEquals(List.of("t.scn:2:1: CPU pool TINY caps at 0.05% of a CPU, below the smallest cap the kernel "
                        + "enforces (0.1%: a quota of 1 ms per period of 1 s)"),
                refusals("LPAR CP.1\nCPUPOOL TINY CP LIMITHARD 0.05%\nPROBLEM P\nUSER A POOL TINY\n VCPU 0 CP *\nRUNIT\n",
                        CgroupVersion.V1));
    }

    @ParameterizedTest
    @EnumSource(CgroupVersion.class)
    void cpuPoolWeightBeyondTheKernels_refusedAtThePool(CgroupVersion v) {
        String text = "LPAR CP.1\nCPUPOOL BIG CP CAPACITY 1\nPROBLEM P\nUSER A CP.10000-R POOL BIG\n VCPU 0 CP *\n"
                + "USER B CP.10000-R POOL BIG\n VCPU 0 CP *\nUSER C CP.10000-R POOL BIG\n VCPU 0 CP *\nRUNIT\n";
        String max = v == CgroupVersion.V1 ? "25599" : "10000";
        assertEquals(List.of("t.scn:2:1: the members of CPU pool BIG have RELATIVE shares adding up to 30000, more than "
                + "a cgroup v" + v.number() + " weight holds (" + max + " as a RELATIVE share)"), refusals(text, v));
    }

    @Test
    void changesWhileRunning_refusedAtEachAt() {
        String text = "LPAR CP.2\nPROBLEM P\nUSER A\n VCPU 0 CP *\nAT 10S\n  SET SHARE A CP.200-R\nAT 20S\n  STOP A.0\n"
                + "RUNIT DURATION 30S\n";
        String m = "changes while the problem runs (AT) are not carried out on the Linux kernel: its groups and burners "
                + "are set once, at the start; leave the AT blocks out";
        assertEquals(List.of("t.scn:5:1: " + m, "t.scn:7:1: " + m), refusals(text, CgroupVersion.V1));
    }

    /** Every error of a problem at once, in file order. */
    @Test
    void manyStatements_allReportedSorted() {
        String text = "LPAR CP.9\nTOPOLOGY CHIP.2 NODE.1\nSRM DSPSLICE 8\nPROBLEM P\nUSER A CP.10-A\n VCPU 0 CP *\n"
                + "USER B CP.100-R,5-RS\n VCPU 0 CP *\nRUNIT\n";
        assertEquals(List.of(
                "t.scn:1:1: SRM DSPSLICE 8 has no Linux equivalent: the fair class sets its own slice for every task, "
                        + "not per partition; leave SRM DSPSLICE out",
                "t.scn:1:1: the LPAR has 9 logical CPUs (CP.9), and this machine has 8 CPUs schedlab may use (0-7)",
                "t.scn:2:1: TOPOLOGY has no Linux equivalent: the kernel takes chips and nodes from the machine it runs "
                        + "on; leave TOPOLOGY out",
                "t.scn:5:8: ABSOLUTE share CP.10% has no Linux equivalent: a cgroup's weight is relative to the groups "
                        + "present and nothing reserves a percentage of the CPUs; use a RELATIVE share",
                "t.scn:7:8: LIMITSOFT has no Linux equivalent: a CPU bandwidth cap (cpu.max, cpu.cfs_quota_us) holds "
                        + "even when the CPUs are idle; use LIMITHARD"),
                refusals(text, CgroupVersion.V2));
    }
}
