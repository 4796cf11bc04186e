package org.schedlab.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.schedlab.core.CpuPool;
import org.schedlab.core.EngineType;
import org.schedlab.core.LimitMode;
import org.schedlab.core.Partition;
import org.schedlab.core.Problem;
import org.schedlab.core.Share;
import org.schedlab.core.ShareKind;
import org.schedlab.core.Srm;
import org.schedlab.core.User;
import org.schedlab.core.VirtualCpu;
import org.schedlab.testkit.RandomProblems;

class RandomProblemsTest {

    private static final String GENERATED_SHA256 = "399049a6ee52ee626fa7767f9b731aba748b98d857577570b6a6395dd6461380";

    @Test
    void generate_sameSeed_sameProblem() {
        assertEquals(RandomProblems.generate(99, 50), RandomProblems.generate(99, 50));
    }

    @Test
    void generate_differentSeeds_differentProblems() {
        assertNotEquals(RandomProblems.generate(1, 50), RandomProblems.generate(2, 50));
    }

    @Test
    void generate_anySize_exactlyThatManyVcpus() {
        for (int n : new int[] {1, 2, 7, 64, 65, 1000}) {
            Problem p = RandomProblems.generate(n, n);
            assertEquals(n, p.vcpus().size());
        }
    }

    /**
     * The solver's property tests choose their seeds against these outputs: a new generator option must
     * leave every existing seed and mix producing the same problem.
     */
    @Test
    void generate_existingSeedsAndMixes_unchanged() {
        RandomProblems.Mix crowded = new RandomProblems.Mix(12, 0.2, 0.3, 0.4, 0.5, 0.4, 0.15, 0.3);
        StringBuilder all = new StringBuilder();
        for (long seed = 0; seed < 200; seed++) {
            all.append(RandomProblems.generate(seed, 1 + (int) (seed % 40))).append('\n');
            all.append(RandomProblems.generate(seed, 10 + (int) (seed % 30), crowded)).append('\n');
        }
        assertEquals(GENERATED_SHA256, sha256(all.toString()));
    }

    @Test
    void small_sameSeed_sameProblem() {
        for (RandomProblems.Demands d : RandomProblems.Demands.values()) {
            assertEquals(RandomProblems.small(5, d), RandomProblems.small(5, d));
            assertNotEquals(RandomProblems.small(5, d), RandomProblems.small(6, d));
        }
    }

    @Test
    void small_allUnbounded_everyVcpuUnboundedAndSomeRunning() {
        for (long seed = 0; seed < 2000; seed++) {
            Problem p = RandomProblems.small(seed, RandomProblems.Demands.ALL_UNBOUNDED);
            long seedCopy = seed;
            assertTrue(p.vcpus().stream().allMatch(v -> v.vcpu().demand().unbounded()), () -> "seed " + seedCopy);
            assertTrue(p.vcpus().stream().anyMatch(v -> !v.vcpu().stopped()), () -> "seed " + seedCopy);
        }
    }

    /** Each feature of the language turns up often enough that 300 problems exercise it several times. */
    @Test
    void small_300Problems_coverTheLanguage() {
        for (RandomProblems.Demands d : RandomProblems.Demands.values()) {
            Map<String, Integer> seen = new TreeMap<>();
            for (long seed = 0; seed < 300; seed++) {
                Problem p = RandomProblems.small(seed, d);
                Partition part = p.partition();
                for (EngineType t : part.types()) {
                    assertTrue(part.logicalCpus(t) >= 1 && part.logicalCpus(t) <= 16, "logical CPUs per type");
                    count(seen, "SMT-2", part.smt(t));
                    count(seen, "several chips", part.topology().chipOf(part.cores(t) - 1) > 0);
                    count(seen, "several nodes", part.topology().nodeOf(part.cores(t) - 1) > 0);
                }
                assertTrue(p.users().size() <= 6, "a handful of users");
                count(seen, "DSPSLICE", part.srm().dispatchSliceMs().isPresent());
                count(seen, "REBALANCE", part.srm().workDistribution() == Srm.WorkDistribution.REBALANCE);
                for (CpuPool pool : part.cpuPools()) {
                    count(seen, "CPU pool " + pool.kind(), true);
                }
                Map<EngineType, Double> absolute = new EnumMap<>(EngineType.class);
                int soft = 0;
                for (User u : p.users()) {
                    count(seen, "pool member", u.cpuPool().isPresent());
                    count(seen, "affinity off", !u.cpuAffinity());
                    for (Share s : u.shares()) {
                        if (s.min().kind() == ShareKind.ABSOLUTE) {
                            absolute.merge(s.type(), s.min().value(), Double::sum);
                        }
                        s.limit().ifPresent(l -> count(seen, l.mode() + " " + l.amount().kind(), true));
                    }
                    soft += u.shares().stream().anyMatch(s -> s.limit().filter(l -> l.mode() == LimitMode.SOFT)
                            .isPresent()) ? 1 : 0;
                    for (VirtualCpu v : u.vcpus()) {
                        count(seen, "stopped", v.stopped());
                        count(seen, "type the partition lacks", !part.has(v.type()));
                        count(seen, "finite demand", !v.demand().unbounded());
                        count(seen, "unbounded demand", v.demand().unbounded());
                    }
                }
                count(seen, "absolute over 99", absolute.values().stream().anyMatch(a -> a > 99));
                count(seen, "several soft users", soft >= 2);
            }
            List<String> features = new ArrayList<>(List.of("SMT-2", "several chips", "several nodes",
                    "DSPSLICE", "REBALANCE", "CPU pool LIMITHARD", "CPU pool CAPACITY", "pool member",
                    "affinity off", "HARD ABSOLUTE", "HARD RELATIVE", "SOFT ABSOLUTE", "SOFT RELATIVE", "stopped",
                    "type the partition lacks", "absolute over 99", "several soft users", "unbounded demand"));
            if (d == RandomProblems.Demands.MOSTLY_FINITE) {
                features.add("finite demand");
            }
            for (String f : features) {
                assertTrue(seen.getOrDefault(f, 0) >= 10, () -> d + ": too few problems with " + f + ": " + seen);
            }
        }
    }

    private static void count(Map<String, Integer> seen, String feature, boolean present) {
        if (present) {
            seen.merge(feature, 1, Integer::sum);
        }
    }

    @Test
    void generate_noVcpus_rejected() {
        assertThrows(IllegalArgumentException.class, () -> RandomProblems.generate(1, 0));
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(
                    MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
