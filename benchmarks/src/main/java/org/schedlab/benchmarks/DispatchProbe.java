package org.schedlab.benchmarks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.schedlab.core.Demand;
import org.schedlab.core.EngineType;
import org.schedlab.core.Partition;
import org.schedlab.core.Problem;
import org.schedlab.core.RunControl;
import org.schedlab.core.Share;
import org.schedlab.core.ShareAmount;
import org.schedlab.core.SourceLocation;
import org.schedlab.core.Srm;
import org.schedlab.core.Topology;
import org.schedlab.core.User;
import org.schedlab.core.VirtualCpu;
import org.schedlab.runner.RunConfig;
import org.schedlab.runner.engine.Dispatcher;
import org.schedlab.runner.engine.IndexedHeap;
import org.schedlab.runner.spi.ModelConstants;
import org.schedlab.runner.spi.PolicyContext;
import org.schedlab.runner.spi.PolicyInstance;
import org.schedlab.runner.spi.SchedulerPolicy;
import org.schedlab.solver.Entitlements;

/**
 * A benchmark helper: the dispatch hot path in isolation. One dispatch vector holds {@code ready}
 * always-ready virtual CPUs (one guest each, on a single CP) with seeded random relative shares.
 * {@link #dispatchOnce()} takes the most urgent VMDBK, charges it a minor time slice, has the policy reprice it
 * and puts it back: exactly what a logical CPU does at each slice end in the runner, with the runner's own
 * heap ({@link IndexedHeap}) and the {@link PolicyContext} a real run builds. Used by {@link DispatchBenchmark};
 * not thread-safe, one per benchmark thread.
 */
public final class DispatchProbe {

    private final PolicyInstance policy;
    private final IndexedHeap dv;
    private final long slice;
    private long now;

    private DispatchProbe(PolicyInstance policy, IndexedHeap dv, long slice) {
        this.policy = policy;
        this.dv = dv;
        this.slice = slice;
    }

    /**
     * @param factory the policy under test
     * @param ready   virtual CPUs in the dispatch vector (at least 1)
     * @param seed    the shares' seed, and the run's
     */
    public static DispatchProbe create(SchedulerPolicy factory, int ready, long seed) {
        if (ready < 1) {
            throw new IllegalArgumentException("need at least one ready virtual CPU");
        }
        SourceLocation loc = SourceLocation.UNKNOWN;
        SplittableRandom r = new SplittableRandom(seed);
        Map<EngineType, Integer> cores = new LinkedHashMap<>();
        cores.put(EngineType.CP, 1);
        Partition part = new Partition(cores, Map.of(), Topology.singleChip(loc), Srm.DEFAULT, List.of(), loc);
        List<User> users = new ArrayList<>(ready);
        for (int i = 0; i < ready; i++) {
            users.add(new User("U" + i, List.of(new Share(EngineType.CP, ShareAmount.relative(1 + r.nextInt(1000)),
                    Optional.empty(), loc)), Optional.empty(), true,
                    List.of(new VirtualCpu("0", EngineType.CP, Demand.UNBOUNDED, false, loc)), loc));
        }
        Problem p = new Problem("PROBE", part, users, RunControl.NONE, loc);
        RunConfig defaults = RunConfig.defaults();
        PolicyContext context = new Dispatcher(p, Entitlements.of(p), factory.spec(), defaults.seed(),
                defaults.burnerPeriodMicros(), defaults.smtCapacityFactor(), ModelConstants.DEFAULT).context();
        PolicyInstance instance = factory.start(context);
        int[] pos = new int[ready];
        long[] keys = new long[ready];
        Arrays.fill(pos, -1);
        IndexedHeap dv = new IndexedHeap(pos, keys, ready);
        for (int v = 0; v < ready; v++) {
            dv.add(v, instance.urgency(v, PolicyInstance.Reprice.WAKE, 0));
        }
        return new DispatchProbe(instance, dv, part.srm().dispatchSliceMicros(false));
    }

    /** One dispatch: returns the virtual CPU that ran. */
    public int dispatchOnce() {
        int v = dv.poll();
        now += slice;
        policy.charged(v, slice, now);
        dv.add(v, policy.urgency(v, PolicyInstance.Reprice.SLICE_END, now));
        return v;
    }
}
