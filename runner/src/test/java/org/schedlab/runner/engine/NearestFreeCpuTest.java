package org.schedlab.runner.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.schedlab.core.EngineType;
import org.schedlab.core.Partition;
import org.schedlab.core.Problem;
import org.schedlab.core.SourceLocation;
import org.schedlab.core.Srm;
import org.schedlab.core.Topology;
import org.schedlab.runner.spi.DispatchMode;
import org.schedlab.runner.spi.ModelConstants;
import org.schedlab.solver.Entitlements;
import org.schedlab.testkit.RandomProblems;

/**
 * {@link UnitDispatch#nearestFree} against the scan it replaced: every free CPU of the pool, its topological
 * distance to the last one, the first of the nearest. Random topologies (chips of 1 to 9 cores, nodes of 1 to 4
 * chips, or none), SMT or not, and random busy CPUs, from a few free to all but one busy.
 */
class NearestFreeCpuTest {

    @Test
    void nearestFree_randomTopologiesAndBusyCpus_sameAsTheDistanceScan() {
        SplittableRandom r = new SplittableRandom(5);
        int checked = 0;
        for (int trial = 0; trial < 300; trial++) {
            Layout l = layout(r);
            int[] running = new int[l.nCpus];
            for (int round = 0; round < 20; round++) {
                double busy = r.nextDouble();
                for (int c = 0; c < l.nCpus; c++) {
                    running[c] = r.nextDouble() < busy ? 0 : -1;
                }
                for (int u = 0; u < l.nUnits; u++) {
                    // dispatchGlobal looks only when its unit has a free CPU.
                    running[l.unitFirstCpu[u] + r.nextInt(l.unitCpus[u])] = -1;
                    for (int last = -1; last < l.nCpus; last++) {
                        assertEquals(scan(l, running, u, last), UnitDispatch.nearestFree(l, running, u, last),
                                "trial " + trial + ", unit " + u + ", last CPU " + last);
                        checked++;
                    }
                }
            }
        }
        assertTrue(checked > 100_000, "checked " + checked);
    }

    /** The scan {@code dispatchGlobal} used before: distance from the last CPU, first of the nearest free ones. */
    private static int scan(Layout l, int[] running, int u, int last) {
        int cpu = -1;
        int best = Integer.MAX_VALUE;
        for (int c = l.unitFirstCpu[u]; c < l.unitFirstCpu[u] + l.unitCpus[u]; c++) {
            if (running[c] >= 0) {
                continue;
            }
            int d = last < 0 || l.cpuUnit[last] != u ? 0
                    : l.topology.distance(l.coreLocal[l.cpuCore[last]], l.coreLocal[l.cpuCore[c]]).ordinal();
            if (d < best) {
                best = d;
                cpu = c;
            }
        }
        return cpu;
    }

    private static Layout layout(SplittableRandom r) {
        SourceLocation loc = SourceLocation.UNKNOWN;
        int cp = 1 + r.nextInt(40);
        int ifl = r.nextInt(3) == 0 ? 0 : 1 + r.nextInt(20);
        Map<EngineType, Integer> cores = ifl == 0 ? Map.of(EngineType.CP, cp) : Map.of(EngineType.CP, cp,
                EngineType.IFL, ifl);
        Map<EngineType, Integer> smt = ifl > 0 && r.nextBoolean() ? Map.of(EngineType.IFL, 2) : Map.of();
        Topology topology = r.nextInt(4) == 0 ? Topology.singleChip(loc)
                : new Topology(1 + r.nextInt(9), 1 + r.nextInt(4), loc);
        Partition part = new Partition(new LinkedHashMap<>(cores), smt, topology, Srm.DEFAULT, List.of(), loc);
        Problem p = RandomProblems.generate(r.nextLong(), 1 + r.nextInt(30), RandomProblems.Mix.DEFAULT, part);
        return new Layout(p, Entitlements.of(p), 1, 10_000, 1.3, ModelConstants.DEFAULT, DispatchMode.GLOBAL_ORDER);
    }
}
