package org.schedlab.cell;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.runner.RunConfig;
import org.schedlab.runner.policy.Policies;

class ShardsTest {

    private record Items(List<String> keys, double[] costs) {
    }

    private static Items random(Random r) {
        int n = r.nextInt(60);
        List<String> keys = new ArrayList<>();
        double[] costs = new double[n];
        for (int i = 0; i < n; i++) {
            keys.add("case" + i);
            // Many equal costs, so that ties are common and must be broken by key.
            costs[i] = r.nextBoolean() ? r.nextInt(4) * 10 : Math.round(r.nextDouble() * 1000);
        }
        return new Items(keys, costs);
    }

    @Test
    void assign_randomPlans_everyCaseInExactlyOneShardAndTotalsWithinTheLargestCase() {
        Random r = new Random(1);
        for (int trial = 0; trial < 2000; trial++) {
            Items items = random(r);
            int shards = 1 + r.nextInt(8);
            int[] owner = Shards.assign(items.keys(), items.costs(), shards);
            assertEquals(items.keys().size(), owner.length);
            double[] load = new double[shards];
            double largest = 0;
            for (int i = 0; i < owner.length; i++) {
                assertTrue(owner[i] >= 0 && owner[i] < shards);
                load[owner[i]] += items.costs()[i];
                largest = Math.max(largest, items.costs()[i]);
            }
            double max = java.util.Arrays.stream(load).max().orElse(0);
            double min = java.util.Arrays.stream(load).min().orElse(0);
            assertTrue(max - min <= largest + 1e-9, "shards " + java.util.Arrays.toString(load) + " differ by more than " + largest);
        }
    }

    @Test
    void assign_inputReordered_sameShardPerKey() {
        Random r = new Random(2);
        for (int trial = 0; trial < 500; trial++) {
            Items items = random(r);
            int shards = 1 + r.nextInt(5);
            Map<String, Integer> before = byKey(items, Shards.assign(items.keys(), items.costs(), shards));
            List<Integer> perm = new ArrayList<>();
            for (int i = 0; i < items.keys().size(); i++) {
                perm.add(i);
            }
            Collections.shuffle(perm, r);
            List<String> keys = perm.stream().map(items.keys()::get).toList();
            double[] costs = perm.stream().mapToDouble(i -> items.costs()[i]).toArray();
            Items shuffled = new Items(keys, costs);
            assertEquals(before, byKey(shuffled, Shards.assign(keys, costs, shards)));
        }
    }

    @Test
    void assign_sameInput_sameAnswer() {
        Items items = random(new Random(3));
        assertArrayEquals(Shards.assign(items.keys(), items.costs(), 3), Shards.assign(items.keys(), items.costs(), 3));
    }

    @Test
    void assign_oneExpensiveCase_getsAShardToItself() {
        int[] owner = Shards.assign(List.of("a", "b", "c", "d"), new double[] {100, 10, 10, 10}, 2);
        assertEquals(0, owner[0]);
        assertEquals(List.of(1, 1, 1), List.of(owner[1], owner[2], owner[3]));
    }

    @Test
    void spec_parse_readsKOverN() {
        assertEquals(new Shards.Spec(2, 3), Shards.Spec.parse("2/3"));
        assertThrows(IllegalArgumentException.class, () -> Shards.Spec.parse("0/3"));
        assertThrows(IllegalArgumentException.class, () -> Shards.Spec.parse("4/3"));
        assertThrows(IllegalArgumentException.class, () -> Shards.Spec.parse("two/3"));
    }

    @Test
    void shard_allShardsOfAPlan_partitionItInPlanOrder(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("a.scn"), "LPAR CP.4\nPROBLEM BIG\nUSER U\nVCPU 0 CP *\nVCPU 1 CP *\nVCPU 2 CP *\nRUNIT\n"
                + "PROBLEM SMALL\nUSER U\nVCPU 0 CP *\nRUNIT\n", StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("b.scn"), "LPAR CP.1\nPROBLEM B\nUSER U\nVCPU 0 CP 50\nRUNIT\n", StandardCharsets.UTF_8);
        TestPlan plan = TestPlan.load(List.of(dir), List.of(Policies.create("zvm64"), Policies.create("fair")), List.of());
        List<RunConfig> configs = plan.cases().stream().map(c -> RunConfig.defaults()).toList();
        List<Integer> seen = new ArrayList<>();
        for (int k = 1; k <= 3; k++) {
            Shards.Shard s = Shards.shard(plan, configs, new Shards.Spec(k, 3));
            assertEquals(s.cases().stream().sorted().toList(), s.cases(), "plan order");
            assertEquals(6, s.planChecks());
            assertEquals(s.cases(), s.checks(), "one seed: a check is a case");
            seen.addAll(s.cases());
        }
        assertEquals(List.of(0, 1, 2, 3, 4, 5), seen.stream().sorted().toList());
        // BIG (3 virtual CPUs on 4 logical CPUs) costs three times SMALL: its two cases take a shard each, the
        // fair one first (equal costs go by key); SMALL and B fill the third.
        assertEquals(List.of(1), Shards.shard(plan, configs, new Shards.Spec(1, 3)).cases());
        assertEquals(List.of(0), Shards.shard(plan, configs, new Shards.Spec(2, 3)).cases());
        assertEquals(List.of(2, 3, 4, 5), Shards.shard(plan, configs, new Shards.Spec(3, 3)).cases());
    }

    @Test
    void shard_severalSeeds_aCheckKeepsAllItsSeedsTogether(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("a.scn"), "LPAR CP.2\nPROBLEM A\nUSER U\nVCPU 0 CP *\nRUNIT\n"
                + "PROBLEM B\nUSER U\nVCPU 0 CP *\nVCPU 1 CP 50\nRUNIT\n", StandardCharsets.UTF_8);
        TestPlan plan = TestPlan.load(List.of(dir), List.of(Policies.create("fair")), List.of(1L, 2L, 3L));
        List<RunConfig> configs = plan.cases().stream().map(c -> RunConfig.defaults()).toList();
        Shards.Shard first = Shards.shard(plan, configs, new Shards.Spec(1, 2));
        Shards.Shard second = Shards.shard(plan, configs, new Shards.Spec(2, 2));
        // B (two virtual CPUs) costs twice A: it goes first, to shard 1, with its three seeds.
        assertEquals(List.of(1), first.checks());
        assertEquals(List.of(3, 4, 5), first.cases());
        assertEquals(List.of(0), second.checks());
        assertEquals(List.of(0, 1, 2), second.cases());
        assertEquals(2 * 2 * 60.0 * 3, first.cost());
    }

    @Test
    void shard_pathsGivenInAnotherOrder_everyCheckInTheSameShard(@TempDir Path dir) throws Exception {
        for (int f = 0; f < 5; f++) {
            StringBuilder text = new StringBuilder("LPAR CP." + (1 + f) + "\n");
            for (int p = 0; p < 3; p++) {
                text.append("PROBLEM F").append(f).append("P").append(p).append("\nUSER U\n");
                for (int v = 0; v <= (f + p) % 4; v++) {
                    text.append("VCPU ").append(v).append(" CP *\n");
                }
                text.append("RUNIT\n");
            }
            Files.writeString(dir.resolve("f" + f + ".scn"), text.toString(), StandardCharsets.UTF_8);
        }
        List<Path> forward = new ArrayList<>();
        for (int f = 0; f < 5; f++) {
            forward.add(dir.resolve("f" + f + ".scn"));
        }
        List<Path> backward = new ArrayList<>(forward);
        Collections.reverse(backward);
        List<org.schedlab.runner.spi.SchedulerPolicy> policies = List.of(Policies.create("zvm64"), Policies.create("fair"));
        assertEquals(shardOfCheck(TestPlan.load(forward, policies, List.of()), 4),
                shardOfCheck(TestPlan.load(backward, List.of(policies.get(1), policies.get(0)), List.of()), 4));
    }

    private static Map<String, Integer> shardOfCheck(TestPlan plan, int n) {
        List<RunConfig> configs = plan.cases().stream().map(c -> RunConfig.defaults()).toList();
        Map<String, Integer> m = new HashMap<>();
        for (int k = 1; k <= n; k++) {
            Shards.Shard s = Shards.shard(plan, configs, new Shards.Spec(k, n));
            for (int i : s.cases()) {
                m.put(Shards.checkKey(plan.cases().get(i)), k);
            }
        }
        assertEquals(plan.size(), m.size());
        return m;
    }

    private static Map<String, Integer> byKey(Items items, int[] owner) {
        Map<String, Integer> m = new HashMap<>();
        for (int i = 0; i < owner.length; i++) {
            m.put(items.keys().get(i), owner[i]);
        }
        return m;
    }
}
