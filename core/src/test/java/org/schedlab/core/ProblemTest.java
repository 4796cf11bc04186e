package org.schedlab.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ProblemTest {

    private static final SourceLocation AT = SourceLocation.UNKNOWN;

    private static Partition partition(Map<EngineType, Integer> cores, Map<EngineType, Integer> threads) {
        return new Partition(cores, threads, Topology.singleChip(AT), Srm.DEFAULT, List.of(), AT);
    }

    private static User user(String name, boolean affinity, VirtualCpu... vcpus) {
        return new User(name, List.of(), Optional.empty(), affinity, List.of(vcpus), AT);
    }

    private static VirtualCpu vcpu(String addr, EngineType type) {
        return new VirtualCpu(addr, type, Demand.UNBOUNDED, false, AT);
    }

    @Test
    void dispatchPool_ziipWithAffinity_runsOnZiips() {
        Partition p = partition(Map.of(EngineType.CP, 1, EngineType.ZIIP, 2), Map.of());
        User u = user("U", true, vcpu("1", EngineType.ZIIP));
        Problem pr = new Problem("P", p, List.of(u), RunControl.NONE, AT);
        assertEquals(EngineType.ZIIP, pr.dispatchPool(u, u.vcpus().get(0)));
    }

    @Test
    void dispatchPool_affinityOffOrTypeMissing_simulatedOnCp() {
        Partition withZiip = partition(Map.of(EngineType.CP, 1, EngineType.ZIIP, 2), Map.of());
        User off = user("OFF", false, vcpu("1", EngineType.ZIIP));
        assertEquals(EngineType.CP, new Problem("P", withZiip, List.of(off), RunControl.NONE, AT)
                .dispatchPool(off, off.vcpus().get(0)));
        Partition cpOnly = partition(Map.of(EngineType.CP, 2), Map.of());
        User on = user("ON", true, vcpu("1", EngineType.IFL));
        assertEquals(EngineType.CP, new Problem("P", cpOnly, List.of(on), RunControl.NONE, AT)
                .dispatchPool(on, on.vcpus().get(0)));
    }

    @Test
    void canRun_noCpToSimulateOn_false() {
        Partition iflOnly = partition(Map.of(EngineType.IFL, 2), Map.of());
        User u = user("U", true, vcpu("0", EngineType.ZIIP));
        assertFalse(Problem.canRun(iflOnly, u, u.vcpus().get(0)));
        assertThrows(IllegalArgumentException.class, () -> new Problem("P", iflOnly, List.of(u), RunControl.NONE, AT));
        User ifl = user("I", true, vcpu("0", EngineType.IFL));
        assertTrue(Problem.canRun(iflOnly, ifl, ifl.vcpus().get(0)));
    }

    @Test
    void user_duplicateNameDifferentCase_rejected() {
        Partition p = partition(Map.of(EngineType.CP, 1), Map.of());
        assertThrows(IllegalArgumentException.class, () -> new Problem("P", p,
                List.of(user("qgp1", true), user("QGP1", true)), RunControl.NONE, AT));
    }

    @Test
    void partition_smt_capacityCountsThreads() {
        Map<EngineType, Integer> cores = new LinkedHashMap<>();
        cores.put(EngineType.CP, 1);
        cores.put(EngineType.IFL, 3);
        Partition p = partition(cores, Map.of(EngineType.IFL, 2));
        assertEquals(600, p.capacity(EngineType.IFL));
        assertEquals(100, p.capacity(EngineType.CP));
        assertEquals(0, p.capacity(EngineType.ZIIP));
        assertEquals(List.of(EngineType.CP, EngineType.IFL), p.types());
        assertTrue(p.smt(EngineType.IFL));
        assertThrows(IllegalArgumentException.class, () -> partition(cores, Map.of(EngineType.IFL, 3)));
    }

    @Test
    void topology_distance_growsWithChipAndNode() {
        Topology t = new Topology(4, 2, AT);
        assertEquals(Topology.Distance.SAME_CORE, t.distance(3, 3));
        assertEquals(Topology.Distance.SAME_CHIP, t.distance(0, 3));
        assertEquals(Topology.Distance.OTHER_CHIP, t.distance(0, 4));
        assertEquals(Topology.Distance.OTHER_NODE, t.distance(0, 8));
        assertEquals(Topology.Distance.SAME_CHIP, Topology.singleChip(AT).distance(0, 63));
    }

    @Test
    void cpuPool_caps_percentOfTypeOrLogicalCpus() {
        assertEquals(128, new CpuPool("L", EngineType.CP, CpuPool.Kind.LIMITHARD, 16, AT).cap(800), 1e-12);
        assertEquals(150, new CpuPool("C", EngineType.CP, CpuPool.Kind.CAPACITY, 1.5, AT).cap(800), 1e-12);
        assertThrows(IllegalArgumentException.class, () -> new CpuPool("Z", EngineType.ZIIP, CpuPool.Kind.CAPACITY, 1, AT));
    }

    @Test
    void shareAmount_ranges_matchZvm() {
        assertTrue(ShareAmount.problem(ShareKind.RELATIVE, 10000).isEmpty());
        assertEquals("RELATIVE share must be a whole number from 1 to 10000, got 10001",
                ShareAmount.problem(ShareKind.RELATIVE, 10001).orElseThrow());
        assertTrue(ShareAmount.problem(ShareKind.ABSOLUTE, 0.1).isEmpty());
        assertEquals("ABSOLUTE share must be above 0 and at most 100%, got 0",
                ShareAmount.problem(ShareKind.ABSOLUTE, 0).orElseThrow());
    }

    @Test
    void srm_defaultSlice_fiveMsOrTenUnderSmt() {
        assertEquals(5_000, Srm.DEFAULT.dispatchSliceMicros(false));
        assertEquals(10_000, Srm.DEFAULT.dispatchSliceMicros(true));
        assertEquals(8_000, Srm.DEFAULT.withDispatchSliceMs(8).dispatchSliceMicros(true));
    }

    @Test
    void virtualCpu_address_hexUpToThreeF() {
        assertEquals(0x1F, vcpu("1f", EngineType.CP).number());
        assertEquals("1F", vcpu("1f", EngineType.CP).address());
        assertThrows(IllegalArgumentException.class, () -> vcpu("40", EngineType.CP));
        assertThrows(IllegalArgumentException.class, () -> vcpu("-1", EngineType.CP));
    }
}
