package org.schedlab.linux.burn;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.schedlab.comparator.ObservedInterval;
import org.schedlab.comparator.SeriesColumns;
import org.schedlab.core.Numbers;
import org.schedlab.core.Problem;
import org.schedlab.core.User;
import org.schedlab.core.io.AtomicOutput;
import org.schedlab.linux.burner.BurnerSpec;
import org.schedlab.linux.burner.Burners;
import org.schedlab.linux.host.HostPaths;
import org.schedlab.linux.host.HostTopology;
import org.schedlab.linux.measure.Disturbance;
import org.schedlab.linux.measure.IntervalMeter;
import org.schedlab.linux.measure.IntervalNoise;
import org.schedlab.linux.measure.PoolShape;
import org.schedlab.linux.measure.ProcReader;
import org.schedlab.linux.measure.Snapshot;
import org.schedlab.runner.spi.ModelConstants;

/**
 * Burns one user's virtual CPUs in a hypervisor's guest and writes what each got, interval by interval, as the
 * observed CSV ({@code start_s,end_s,user,vcpu,busy_pct}) that {@code compare} reads.
 *
 * <p>Every guest is given the same start instant (wall-clock time, so guests on different machines line up as
 * well as their clocks do) and the same interval: interval k is {@code [start + k x interval, start + (k+1) x
 * interval)} everywhere, and its rows carry those nominal bounds in seconds after the start, so the files of all
 * guests merge row by row. Busy percent is the burner thread's CPU clock over the interval's measured length; on a
 * KVM guest that clock leaves out stolen time only when the guest kernel accounts steal time
 * ({@code CONFIG_PARAVIRT_TIME_ACCOUNTING} with the hypervisor's steal clock), without it a burner would count
 * time the hypervisor gave to others.
 *
 * <p>The burners are the same as for a run on this machine's kernel: same demand, period, drift, and phase drawn
 * from the seed for the virtual CPU's position among the problem's running ones. The file appears whole at the end
 * or not at all.
 *
 * @param problem      the problem the guest is part of
 * @param user         the user this guest is logged on as (case-insensitive)
 * @param start        when interval 0 starts, at most one interval in the past
 * @param duration     how long to burn
 * @param interval     the measurement interval
 * @param seed         the problem's seed (phases and periods)
 * @param periodMicros the burner period
 * @param drift        the period drift
 */
public record GuestBurn(Problem problem, String user, Instant start, Duration duration, Duration interval, long seed,
                        long periodMicros, double drift) {

    public GuestBurn {
        Objects.requireNonNull(problem, "problem");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(start, "start");
        if (duration.isNegative() || duration.isZero() || interval.isNegative() || interval.isZero()
                || interval.compareTo(duration) > 0) {
            throw new IllegalArgumentException("the interval must be positive and at most the duration: " + interval
                    + " of " + duration);
        }
        if (problem.user(user).isEmpty()) {
            throw new IllegalArgumentException("problem " + problem.name() + " has no user " + user + " (it has "
                    + String.join(", ", problem.users().stream().map(User::name).toList()) + ")");
        }
    }

    /** The model's period and drift. */
    public static GuestBurn of(Problem problem, String user, Instant start, Duration duration, Duration interval,
                               long seed) {
        return new GuestBurn(problem, user, start, duration, interval, seed, 10_000,
                ModelConstants.DEFAULT.burnerPeriodDrift());
    }

    /** What a burn wrote and how quiet the guest was. */
    public record Result(Path file, int intervals, List<String> vcpus, List<IntervalNoise> noise) {
        public Result {
            vcpus = List.copyOf(vcpus);
            noise = List.copyOf(noise);
        }
    }

    /**
     * Burns and writes {@code output}. {@code each} sees every interval's busy values as it completes, in the
     * user's running virtual CPUs' order.
     *
     * @throws IOException the burners or {@code /proc} could not be used, or the file not written (nothing is
     *                     left behind then)
     */
    public Result run(Path output, HostPaths paths, Consumer<ObservedInterval> each) throws IOException {
        List<Problem.Placed> running = problem.vcpus().stream().filter(v -> !v.vcpu().stopped()).toList();
        User me = problem.user(user).orElseThrow();
        List<BurnerSpec> specs = new ArrayList<>();
        List<String> addresses = new ArrayList<>();
        double demand = 0;
        for (int i = 0; i < running.size(); i++) {
            Problem.Placed v = running.get(i);
            if (v.user().key().equals(me.key())) {
                specs.add(new BurnerSpec(i, v.id(), v.vcpu().demand(), periodMicros, drift, seed));
                addresses.add(v.vcpu().address());
                demand += v.vcpu().demand().cap();
            }
        }
        if (specs.isEmpty()) {
            throw new IllegalArgumentException("user " + me.name() + " of problem " + problem.name()
                    + " has no running virtual CPU to burn");
        }
        long intervalNs = interval.toNanos();
        long durationNs = duration.toNanos();
        long t0 = System.nanoTime() + Duration.between(Instant.now(), start).toNanos();
        if (t0 < System.nanoTime() - intervalNs) {
            throw new IllegalArgumentException("the start instant " + start + " is more than an interval ago; give one "
                    + "in the future, the same for every guest");
        }
        List<Integer> cpus = HostTopology.read(paths).cpus();
        ProcReader reader = new ProcReader(paths, ProcessHandle.current().pid(), cpus);
        int[] all = new int[cpus.size()];
        for (int c = 0; c < all.length; c++) {
            all[c] = c;
        }
        int[] burnerIdx = new int[specs.size()];
        for (int v = 0; v < burnerIdx.length; v++) {
            burnerIdx[v] = v;
        }
        IntervalMeter meter = new IntervalMeter(List.of(new PoolShape(org.schedlab.core.EngineType.CP, all, burnerIdx,
                Math.min(demand, 100.0 * cpus.size()))), specs.size(), cpus.size(), Disturbance.DEFAULT, false);
        List<IntervalNoise> noise = new ArrayList<>();
        int index = 0;
        try (AtomicOutput out = AtomicOutput.create(output); Burners burners = Burners.start(specs)) {
            Writer w = out.writer();
            w.write(SeriesColumns.HEADER);
            w.write('\n');
            burners.release(t0);
            // Joining late (the start is past): from the next interval boundary on.
            long late = System.nanoTime() - t0;
            long firstBoundary = late <= 0 ? 0 : (late + intervalNs - 1) / intervalNs * intervalNs;
            index = (int) (firstBoundary / intervalNs);
            parkUntil(t0 + firstBoundary);
            Snapshot previous = reader.snapshot(burners);
            long from = firstBoundary;
            while (from < durationNs) {
                long to = Math.min(from + intervalNs, durationNs);
                parkUntil(t0 + to);
                if (Thread.currentThread().isInterrupted()) {
                    throw new IOException("burn interrupted");
                }
                Snapshot now = reader.snapshot(burners);
                IntervalMeter.Figures f = meter.interval(index, from / 1000, previous, now);
                noise.add(f.noise());
                String span = Numbers.format(from / 1e9) + "," + Numbers.format(to / 1e9) + "," + me.name() + ",";
                double[] busy = f.vcpuBusyPct();
                for (int v = 0; v < busy.length; v++) {
                    w.write(span + addresses.get(v) + "," + Numbers.format(Math.max(0, busy[v])) + "\n");
                }
                each.accept(new ObservedInterval(from / 1e9, to / 1e9, busy));
                previous = now;
                from = to;
                index++;
            }
            burners.close();
            out.commit();
        }
        return new Result(output, noise.size(), addresses, noise);
    }

    private static void parkUntil(long deadline) {
        long left;
        while ((left = deadline - System.nanoTime()) > 0) {
            LockSupport.parkNanos(left);
            if (Thread.currentThread().isInterrupted()) {
                return;
            }
        }
    }
}
