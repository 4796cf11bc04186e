package org.schedlab.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.schedlab.core.Problem;
import org.schedlab.runner.policy.Policies;
import org.schedlab.runner.result.RunSummary;
import org.schedlab.runner.result.VcpuSample;
import org.schedlab.runner.spi.DispatchMode;

class DeterminismTest {

    /** SMT, topology, steals, limits, soft limits and finite burners on 8 cores: everything that crosses DVs. */
    private static final String BUSY = """
            LPAR CP.4 IFL.4
            MULTITHREAD IFL.2
            TOPOLOGY CHIP.2 NODE.1
            CPUPOOL LX IFL CAPACITY 3
            PROBLEM D
            USER A CP.100-R IFL.300-R
              VCPU 0 CP 45
              VCPU 1 CP *
              VCPU 2 IFL 70
              VCPU 3 IFL *
            USER B CP.200-R,30-RL IFL.100-R POOL LX
              VCPU 0 CP *
              VCPU 1 IFL *
              VCPU 2 IFL 35
            USER C CP.10-A IFL.100-R,20-AS
              VCPU 0 CP 12
              VCPU 1 IFL *
              VCPU 2 IFL 3
            USER D CP.100-R IFL.50-R POOL LX
              VCPU 0 CP 80
              VCPU 1 IFL 55
              VCPU 2 IFL *
              VCPU 3 IFL 5
            USER E CP.100-R
              VCPU 0 CP 33
              VCPU 1 CP 66
            RUNIT
            """;

    static String hash(Problem p, String policy, RunConfig cfg) throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        ByteBuffer buf = ByteBuffer.allocate(8);
        RunSummary s = Runner.run(p, Policies.create(policy), cfg, sample -> {
            md.update(ByteBuffer.allocate(20).putInt(sample.index()).putLong(sample.startMicros())
                    .putLong(sample.endMicros()).array());
            for (VcpuSample v : sample.vcpus()) {
                for (double d : new double[] {v.busyPct(), v.mt1BusyPct(), v.etr()}) {
                    md.update(buf.clear().putLong(Double.doubleToLongBits(d)).array());
                }
            }
        });
        md.update(s.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(md.digest());
    }

    /**
     * Both dispatch modes: fair runs GLOBAL_ORDER (one queue per dispatch pool, CPU pool and bucket slots,
     * preemption across the pool), the z/VM policies DISPATCH_VECTORS (per-core DVs, steals, RESHUFFLE). The
     * burners' drifting periods are drawn per virtual CPU, so they must not depend on which worker draws them.
     */
    @Test
    void samePolicyAndSeed_anyThreadCount_byteIdentical() throws Exception {
        Problem p = Runs.one(BUSY);
        for (String policy : new String[] {"fair", "zvm63", "zvm64"}) {
            assertEquals(policy.equals("fair") ? DispatchMode.GLOBAL_ORDER : DispatchMode.DISPATCH_VECTORS,
                    Policies.create(policy).dispatchMode());
            RunConfig cfg = Runs.seconds(2);
            String one = hash(p, policy, cfg.toBuilder().threads(1).build());
            assertEquals(one, hash(p, policy, cfg.toBuilder().threads(2).build()), policy + " with 2 threads");
            assertEquals(one, hash(p, policy, cfg.toBuilder().threads(8).build()), policy + " with 8 threads");
            assertEquals(one, hash(p, policy, cfg.toBuilder().threads(1).build()), policy + " again");
        }
    }

    /**
     * A problem that changes while it runs (every kind of change, {@link DynamicRunTest#EVERYTHING}): the changes
     * apply at window edges, serially, so they are as deterministic as the rest, in both dispatch modes.
     */
    @Test
    void dynamicProblem_anyThreadCount_byteIdentical() throws Exception {
        Problem p = Runs.one(DynamicRunTest.EVERYTHING);
        for (String policy : new String[] {"fair", "zvm63", "zvm64", "fair:weights=share"}) {
            RunConfig cfg = RunConfig.forProblem(p).toBuilder().intervalMicros(500_000).threads(1).build();
            String one = hash(p, policy, cfg);
            assertEquals(one, hash(p, policy, cfg.toBuilder().threads(2).build()), policy + " with 2 threads");
            assertEquals(one, hash(p, policy, cfg.toBuilder().threads(8).build()), policy + " with 8 threads");
        }
    }

    @Test
    void differentSeed_finiteDemands_changesResults() throws Exception {
        Problem p = Runs.one(BUSY);
        RunConfig cfg = Runs.seconds(1);
        assertNotEquals(hash(p, "fair", cfg), hash(p, "fair", cfg.toBuilder().seed(2).build()));
    }
}
