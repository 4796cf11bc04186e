package org.schedlab.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.schedlab.core.EngineType;
import org.schedlab.core.InputException;
import org.schedlab.core.Limits;
import org.schedlab.core.Problem;
import org.schedlab.grammar.ScenarioParser;

/**
 * Validation and arithmetic agree: the largest problem the scenario language accepts (every size
 * limit at its edge, every value at its largest) parses, and solves to finite answers that respect
 * the capacity of each dispatch pool.
 */
class LanguageLimitsTest {

    /**
     * 256 logical CPUs (128 CPs, 64 SMT-2 IFLs), CPU pools at their largest caps, 100,000 virtual
     * CPUs at the largest shares and demands, the longest run at the finest interval.
     */
    static String largestScenario() {
        StringBuilder s = new StringBuilder();
        s.append("LPAR CP.128 IFL.64\n")
                .append("MULTITHREAD IFL.2\n")
                .append("TOPOLOGY CHIP.256 NODE.256\n")
                .append("SRM DSPSLICE 100\n")
                .append("CPUPOOL BIG IFL CAPACITY 256\n")
                .append("CPUPOOL CAPPED CP LIMITHARD 100%\n")
                .append("PROBLEM LARGEST\n");
        int perUser = Limits.MAX_VCPU_ADDRESS + 1;
        for (int v = 0; v < Limits.MAX_VCPUS; v++) {
            int user = v / perUser;
            if (v % perUser == 0) {
                s.append(switch (user % 3) {
                    case 0 -> "USER C" + user + " CP.10000-RL ZIIP.100-A,100-AS POOL CAPPED\n";
                    case 1 -> "USER L" + user + " IFL.10000-R,10000-RS POOL BIG\n";
                    default -> "USER A" + user + " CP.100-AL IFL.100-A CPUAFFINITY OFF\n";
                });
            }
            String type = switch (user % 3) {
                case 0 -> v % 2 == 0 ? "CP" : "ZIIP";
                case 1 -> "IFL";
                default -> v % 2 == 0 ? "IFL" : "CP";
            };
            s.append("VCPU ").append(Integer.toHexString(v % perUser)).append(' ').append(type)
                    .append(v % 5 == 0 ? " *" : " 100").append('\n');
        }
        return s.append("RUNIT DURATION 1440M INTERVAL 1MS SEED 9223372036854775807\n").toString();
    }

    @Test
    void solve_largestProblemTheLanguageAccepts_givesFiniteAnswersWithinEveryPoolsCapacity() throws InputException {
        Problem problem = ScenarioParser.parse("largest.scn", largestScenario()).problems().get(0);
        assertEquals(Limits.MAX_VCPUS, problem.vcpus().size());
        assertEquals(Limits.MAX_LOGICAL_CPUS,
                problem.partition().logicalCpus(EngineType.CP) + problem.partition().logicalCpus(EngineType.IFL));

        Solution solution = Solver.solve(problem);

        assertEquals(Limits.MAX_VCPUS, solution.running().size());
        for (VcpuAnswer a : solution.running()) {
            assertTrue(Double.isFinite(a.correct()) && a.correct() >= 0 && a.correct() <= 100 + 1e-9, a::toString);
            assertTrue(Double.isFinite(a.entitlement()), a::toString);
        }
        for (PoolAllocation pool : solution.pools()) {
            assertTrue(Double.isFinite(pool.allocated()) && pool.allocated() <= pool.capacity() * (1 + 1e-9), pool::toString);
        }
        assertEquals(25_600.0, solution.pools().stream().mapToDouble(PoolAllocation::capacity).sum());
    }
}
