package org.schedlab.benchmarks;

import java.util.ArrayDeque;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import org.schedlab.core.EngineType;
import org.schedlab.core.Numbers;
import org.schedlab.core.Partition;
import org.schedlab.core.Problem;
import org.schedlab.runner.RunConfig;
import org.schedlab.runner.spi.ModelConstants;

/**
 * The yardstick for the runner's speed: a plain discrete-event loop over one {@link PriorityQueue} of events
 * on the same burners (each virtual CPU becomes ready every drifting burner period with its demand's worth of
 * raw time, unbounded ones never finish) and the same logical CPUs and dispatch slices, with one FIFO ready
 * queue per dispatch pool. It has no policy, no dispatch vectors, no windows, no statistics beyond a delay
 * sum: the least any model of this load must do, so the runner's cost over it is the price of its model.
 *
 * <p>With {@code sieExits}, its burners also leave SIE as the runner's do (docs/runner.md, "burners"): after a
 * raw run drawn exponentially with mean {@link ModelConstants#sieRunMicros()} a running burner stops; a finite
 * one, or an unbounded one whose pool has a VMDBK waiting, gives its CPU up and is ready again
 * {@link ModelConstants#sieWaitMicros()} later, and an unbounded one with nobody waiting runs on. Without it the
 * loop simulates fewer events than the runner's burners make; with it, the same kinds.
 * Not thread-safe; used by {@link RunnerBenchmark} and {@link DelayBenchmark}.
 */
final class ReferenceLoop {

    private static final int BOUNDARY = 0;
    private static final int SLICE_END = 1;
    private static final int SIE_RETURN = 2;

    private record Event(long at, long seq, int kind, int who) implements Comparable<Event> {
        @Override
        public int compareTo(Event o) {
            int c = Long.compare(at, o.at);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }

    private final int n;
    private final double[] demandPct;
    private final int[] poolOf;
    private final int[] cpuPool;
    private final long[] cpuSlice;
    private final long period;
    private final double drift;
    private final long seed;
    private final boolean sieExits;
    private final double sieRun;
    private final long sieWait;

    // One run's state, reset by run().
    private PriorityQueue<Event> events;
    private long[] remaining;
    private long[] readySince;
    private long[] runLength;
    /** With SIE exits: raw time each burner runs before it next leaves SIE, and each CPU's slice left. */
    private long[] toExit;
    private long[] sliceLeft;
    private SplittableRandom[] exitDraws;
    private int[] runningOn;
    private long seq;
    private long delays;
    private long dispatches;
    private long now;

    ReferenceLoop(Problem problem) {
        this(problem, false);
    }

    /** @param sieExits whether burners leave SIE as the runner's do (see the class comment) */
    ReferenceLoop(Problem problem, boolean sieExits) {
        this.sieExits = sieExits;
        this.sieRun = ModelConstants.DEFAULT.sieRunMicros();
        this.sieWait = ModelConstants.DEFAULT.sieWaitMicros();
        List<Problem.Placed> running = problem.vcpus().stream().filter(p -> !p.vcpu().stopped()).toList();
        Partition part = problem.partition();
        List<EngineType> types = part.types();
        n = running.size();
        demandPct = new double[n];
        poolOf = new int[n];
        for (int v = 0; v < n; v++) {
            Problem.Placed p = running.get(v);
            demandPct[v] = p.vcpu().demand().unbounded() ? Double.NaN : p.vcpu().demand().percent();
            poolOf[v] = types.indexOf(p.pool());
        }
        int cpus = types.stream().mapToInt(part::logicalCpus).sum();
        cpuPool = new int[cpus];
        cpuSlice = new long[cpus];
        int c = 0;
        for (int t = 0; t < types.size(); t++) {
            long slice = part.srm().dispatchSliceMicros(part.smt(types.get(t)));
            for (int k = 0; k < part.logicalCpus(types.get(t)); k++, c++) {
                cpuPool[c] = t;
                cpuSlice[c] = slice;
            }
        }
        RunConfig defaults = RunConfig.defaults();
        period = defaults.burnerPeriodMicros();
        drift = ModelConstants.DEFAULT.burnerPeriodDrift();
        seed = defaults.seed();
    }

    /** Simulates {@code micros} of virtual time; returns the mean dispatch delay in microseconds. */
    double run(long micros) {
        int pools = 0;
        for (int p : cpuPool) {
            pools = Math.max(pools, p + 1);
        }
        @SuppressWarnings("unchecked")
        ArrayDeque<Integer>[] ready = new ArrayDeque[pools];
        @SuppressWarnings("unchecked")
        ArrayDeque<Integer>[] idle = new ArrayDeque[pools];
        for (int p = 0; p < pools; p++) {
            ready[p] = new ArrayDeque<>();
            idle[p] = new ArrayDeque<>();
        }
        for (int c = 0; c < cpuPool.length; c++) {
            idle[cpuPool[c]].add(c);
        }
        events = new PriorityQueue<>();
        remaining = new long[n];
        readySince = new long[n];
        runLength = new long[cpuPool.length];
        runningOn = new int[cpuPool.length];
        toExit = new long[n];
        sliceLeft = new long[cpuPool.length];
        exitDraws = new SplittableRandom[n];
        boolean[] waiting = new boolean[n];
        SplittableRandom[] draws = new SplittableRandom[n];
        SplittableRandom root = new SplittableRandom(seed);
        SplittableRandom exitRoot = new SplittableRandom(seed + 1);
        for (int v = 0; v < n; v++) {
            exitDraws[v] = exitRoot.split();
            toExit[v] = drawRun(v);
        }
        seq = 0;
        delays = 0;
        dispatches = 0;
        now = 0;
        for (int v = 0; v < n; v++) {
            draws[v] = root.split();
            if (Double.isNaN(demandPct[v])) {
                makeReady(v, ready, idle);
            } else {
                waiting[v] = true;
                events.add(new Event(draws[v].nextLong(period), seq++, BOUNDARY, v));
            }
        }
        for (Event e = events.poll(); e != null && e.at() < micros; e = events.poll()) {
            now = e.at();
            if (e.kind() == BOUNDARY) {
                int v = e.who();
                long p = Math.max(1, Math.round(period * (1 + drift * (2 * draws[v].nextDouble() - 1))));
                remaining[v] = Math.round(Numbers.percentToFraction(demandPct[v] * p));
                events.add(new Event(now + p, seq++, BOUNDARY, v));
                if (waiting[v] && remaining[v] > 0) {
                    waiting[v] = false;
                    makeReady(v, ready, idle);
                }
            } else if (e.kind() == SIE_RETURN) {
                int v = e.who();
                if (Double.isNaN(demandPct[v]) || remaining[v] > 0) {
                    makeReady(v, ready, idle);
                } else {
                    waiting[v] = true;
                }
            } else if (sieExits) {
                stopWithSie(e.who(), ready, idle, waiting);
            } else {
                int c = e.who();
                int v = runningOn[c];
                if (!Double.isNaN(demandPct[v])) {
                    remaining[v] -= runLength[c];
                }
                if (Double.isNaN(demandPct[v]) || remaining[v] > 0) {
                    readySince[v] = now;
                    ready[cpuPool[c]].add(v);
                } else {
                    waiting[v] = true;
                }
                Integer next = ready[cpuPool[c]].poll();
                if (next == null) {
                    idle[cpuPool[c]].push(c);
                } else {
                    dispatch(next, c);
                }
            }
        }
        return dispatches == 0 ? 0 : (double) delays / dispatches;
    }

    private long drawRun(int v) {
        return Math.max(1, Math.round(-sieRun * Math.log(1 - exitDraws[v].nextDouble())));
    }

    /** A run on CPU {@code c} stopped: work done, SIE left, or slice over. */
    private void stopWithSie(int c, ArrayDeque<Integer>[] ready, ArrayDeque<Integer>[] idle, boolean[] waiting) {
        int v = runningOn[c];
        boolean unbounded = Double.isNaN(demandPct[v]);
        long ran = runLength[c];
        toExit[v] -= ran;
        sliceLeft[c] -= ran;
        if (!unbounded) {
            remaining[v] -= ran;
        }
        ArrayDeque<Integer> queue = ready[cpuPool[c]];
        if (!unbounded && remaining[v] <= 0) {
            waiting[v] = true;
        } else if (toExit[v] <= 0) {
            toExit[v] = drawRun(v);
            if (unbounded && queue.isEmpty()) {
                // Nobody waits for the CPU: it re-enters SIE at once, and runs on in its slice or, if the slice ended
                // at the same instant, goes back in the queue and is dispatched again with a new one, as in the runner.
                if (sliceLeft[c] > 0) {
                    run(v, c);
                    return;
                }
                readySince[v] = now;
                queue.add(v);
            } else {
                events.add(new Event(now + sieWait, seq++, SIE_RETURN, v));
            }
        } else {
            readySince[v] = now;
            queue.add(v);
        }
        Integer next = queue.poll();
        if (next == null) {
            idle[cpuPool[c]].push(c);
        } else {
            dispatch(next, c);
        }
    }

    /** Dispatches of the last {@link #run}: how many events of that kind the loop simulated. */
    long dispatches() {
        return dispatches;
    }

    private void makeReady(int v, ArrayDeque<Integer>[] ready, ArrayDeque<Integer>[] idle) {
        readySince[v] = now;
        Integer c = idle[poolOf[v]].poll();
        if (c == null) {
            ready[poolOf[v]].add(v);
        } else {
            dispatch(v, c);
        }
    }

    private void dispatch(int v, int c) {
        runningOn[c] = v;
        delays += now - readySince[v];
        dispatches++;
        if (sieExits) {
            sliceLeft[c] = cpuSlice[c];
            run(v, c);
            return;
        }
        runLength[c] = Double.isNaN(demandPct[v]) ? cpuSlice[c] : Math.min(cpuSlice[c], remaining[v]);
        events.add(new Event(now + runLength[c], seq++, SLICE_END, c));
    }

    /** With SIE exits: {@code v} runs on {@code c} until its work is done, it leaves SIE or the slice ends. */
    private void run(int v, int c) {
        long len = Math.min(sliceLeft[c], toExit[v]);
        if (!Double.isNaN(demandPct[v])) {
            len = Math.min(len, remaining[v]);
        }
        runLength[c] = Math.max(1, len);
        events.add(new Event(now + runLength[c], seq++, SLICE_END, c));
    }
}
