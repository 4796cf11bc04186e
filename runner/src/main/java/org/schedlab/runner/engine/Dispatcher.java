package org.schedlab.runner.engine;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import org.schedlab.core.Problem;
import org.schedlab.core.Srm;
import org.schedlab.runner.result.IntervalSample;
import org.schedlab.runner.result.RunSummary;
import org.schedlab.runner.spi.DispatchMode;
import org.schedlab.runner.spi.ModelConstants;
import org.schedlab.runner.spi.PolicyContext;
import org.schedlab.runner.spi.PolicyInstance;
import org.schedlab.solver.Bucket;

/**
 * The z/VM CP dispatching model for one run, driven window by window by {@code org.schedlab.runner.Runner}.
 * Its parts follow the seams of the model: {@link Layout} (partition, cores, logical CPUs, dispatch pools,
 * the {@link PolicyContext}), {@link State} (flat per-VMDBK/core/CPU/bucket arrays), {@link Burners},
 * {@link UnitDispatch} (dispatching inside a window, per dispatch unit: a core's dispatch vector or, in
 * {@link DispatchMode#GLOBAL_ORDER}, a whole dispatch pool), {@link WindowEdge} and {@link WorkDistribution}
 * (what crosses dispatch vectors), {@link Meters} (statistics) and {@link EdgeView} (what a policy sees).
 *
 * <p>Time advances in synchronous <em>windows</em> of virtual time ({@link ModelConstants#windowMicros()}).
 * Inside a window every core advances on its own; everything that crosses dispatch vectors (steals, work
 * distribution, limit-list changes, the policy's shared bookkeeping) happens at the window edge, serially, in
 * a fixed order. Which worker thread advanced which core therefore cannot change any result; that is the
 * determinism argument (docs/runner.md).
 */
public final class Dispatcher {

    private final String policyName;
    private final Layout layout;
    private final State state;
    private final Meters meters;
    private final Burners burners;
    private final UnitDispatch cores;
    private final WindowEdge edge;
    private final ChangeEdge changes;
    private final AtomicReference<Throwable> failure = new AtomicReference<>();

    /**
     * @param policyName         the policy's spec string, for messages
     * @param seed               the run's seed (burner phases; the policy's random streams)
     * @param burnerPeriodMicros the burners' cycle
     * @param smtCapacityFactor  work of an SMT-2 core with both threads busy, relative to one thread alone
     */
    public Dispatcher(Problem problem, List<Bucket> buckets, String policyName, long seed, long burnerPeriodMicros,
                      double smtCapacityFactor, ModelConstants constants) {
        this(problem, buckets, policyName, seed, burnerPeriodMicros, smtCapacityFactor, constants,
                DispatchMode.DISPATCH_VECTORS);
    }

    /** @param mode how ready VMDBKs meet logical CPUs, as the policy asks ({@code SchedulerPolicy.dispatchMode()}) */
    public Dispatcher(Problem problem, List<Bucket> buckets, String policyName, long seed, long burnerPeriodMicros,
                      double smtCapacityFactor, ModelConstants constants, DispatchMode mode) {
        this.policyName = Objects.requireNonNull(policyName, "policyName");
        this.layout = new Layout(problem, buckets, seed, burnerPeriodMicros, smtCapacityFactor, constants,
                Objects.requireNonNull(mode, "mode"));
        this.state = new State(layout);
        this.meters = new Meters(layout);
        this.burners = new Burners(layout, state);
        RunSlots slots = new RunSlots(layout, state);
        this.cores = new UnitDispatch(layout, state, burners, meters, slots);
        slots.bind(cores);
        this.edge = new WindowEdge(layout, state, cores, meters, slots);
        this.changes = new ChangeEdge(layout, state, burners, cores, slots, edge);
    }

    /** What the policy gets to start from. */
    public PolicyContext context() {
        return layout.context;
    }

    /** Dispatch units: the unit of parallelism (cores under DISPATCH_VECTORS, dispatch pools under GLOBAL_ORDER). */
    public int unitCount() {
        return layout.nUnits;
    }

    public String policyName() {
        return policyName;
    }

    /** How often work distribution runs: REBALANCE or RESHUFFLE, as the partition's SRM setting says. */
    public long distributionPeriodMicros() {
        return layout.srm.workDistribution() == Srm.WorkDistribution.REBALANCE
                ? layout.constants.rebalanceMicros() : layout.constants.reshuffleMicros();
    }

    /** The first failure a worker reported, or null. */
    public Throwable failure() {
        return failure.get();
    }

    private void fail(Throwable t) {
        failure.compareAndSet(null, t);
    }

    /**
     * Policy start, initial homes and burner phases. DISPATCH_VECTORS deals a guest's VCPUs together over the
     * cores; under GLOBAL_ORDER every VMDBK's home is its dispatch pool's one queue.
     */
    public void start(PolicyInstance instance) {
        state.policy = Objects.requireNonNull(instance, "instance");
        Layout l = layout;
        int[] next = new int[l.dispatchPoolCount()];
        int[] homes = new int[Math.max(l.nCores, l.nUnits)];
        int[] lastUserCore = new int[l.n + 1];
        Arrays.fill(lastUserCore, -1);
        for (int v = 0; v < l.n; v++) {
            int p = l.context.vcpus().get(v).dispatchPool();
            int home;
            if (l.mode == DispatchMode.GLOBAL_ORDER) {
                home = l.poolFirstUnit[p];
            } else {
                // Threads of one SMT core share a DV: a guest's second VCPU joins its first one's core.
                int prev = lastUserCore[l.vUser[v]];
                if (prev >= 0 && l.coreDispatchPool[prev] == p && l.coreThreads[prev] == 2 && homes[prev] < 2) {
                    home = prev;
                } else {
                    home = l.poolFirstCore[p] + next[p] % l.poolCoreCount[p];
                    next[p]++;
                }
            }
            state.vHome[v] = home;
            homes[home]++;
            lastUserCore[l.vUser[v]] = home;
            if (!changes.presentAtStart(v)) {
                // Its user logs on later, or it is started later: it has its home, and nothing else yet.
                state.vStatus[v] = org.schedlab.runner.spi.VcpuStatus.ABSENT;
            } else if (burners.unbounded(v)) {
                cores.wake(v, 0);
            } else if (!burners.idle(v)) {
                burners.startWaiting(v, home);
            }
        }
        edge.start();
    }

    /** Opens the window {@code [start, end)}; {@code measure}: it counts toward the summary. */
    public void beginWindow(long start, long end, boolean measure) {
        state.windowStart = start;
        state.windowEnd = end;
        meters.measuring = measure;
    }

    /** Advances dispatch units {@code [from, to)} through the current window. Called from worker threads. */
    public void advanceUnits(int from, int to) {
        try {
            long start = state.windowStart;
            long end = state.windowEnd;
            for (int u = from; u < to; u++) {
                if (!cores.quiet(u, end)) {
                    cores.advanceUnit(u, start, end);
                }
            }
        } catch (Throwable t) {
            fail(t);
        }
    }

    /** The window edge: everything that crosses dispatch vectors, in a fixed order. Serial. */
    public void edge(boolean distributionDue) {
        edge.edge(distributionDue);
    }

    /**
     * When the problem's {@code AT} blocks take effect, in microseconds of virtual time, in order; empty for a static
     * problem. The runner ends a window at each, calls {@link #edge} and then {@link #change}.
     */
    public long[] changeInstants() {
        return layout.timeline.changeAt.clone();
    }

    /**
     * Applies the problem's {@code k}-th {@code AT} block (0 for the first) at its instant, right after that instant's
     * {@link #edge}. Serial.
     */
    public void change(int k) {
        changes.apply(k, state.windowEnd);
    }

    /** The interval just ended; resets the interval counters. */
    public IntervalSample takeInterval(int index, long start, long end) {
        return meters.takeInterval(index, start, end);
    }

    /** Whole-run statistics over the {@code measuredMicros} after warm-up. */
    public RunSummary summary(long measuredMicros) {
        return meters.summary(state, measuredMicros);
    }
}
