package org.schedlab.testkit;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.schedlab.core.Change;
import org.schedlab.core.CpuPool;
import org.schedlab.core.EngineType;
import org.schedlab.core.Moment;
import org.schedlab.core.Partition;
import org.schedlab.core.Problem;
import org.schedlab.core.ProblemState;
import org.schedlab.core.RunControl;
import org.schedlab.core.Share;
import org.schedlab.core.SourceLocation;
import org.schedlab.core.User;
import org.schedlab.core.VcpuRef;
import org.schedlab.core.VirtualCpu;

/**
 * Random timelines for the problems of {@link RandomProblems}, for property tests and benchmarks of problems
 * that change while they run: the same seed always gives the same changes. Every kind of change comes up
 * (SET SHARE with limits of both modes, SET DEMAND, LOGON of new users and of users logged off before,
 * LOGOFF, STOP, START, SET CPUPOOL), each valid where it stands: drawn against the problem as it stands
 * after the changes before it, so that a block may log a user on and change it at once.
 */
public final class RandomChanges {

    private static final SourceLocation HERE = SourceLocation.UNKNOWN;
    /** How the changes draw shares and users: {@link RandomProblems.Mix#DEFAULT}, nothing stopped at logon. */
    private static final RandomProblems.Mix MIX = new RandomProblems.Mix(4, 0, 0.25, 0.3, 0.5, 0.3, 0.1, 0);
    private static final double ABSOLUTE_SCALE = 60;

    private RandomChanges() {
    }

    /**
     * A {@link RandomProblems#small} problem with 1 to 3 changes of 1 to 3 statements each, every phase
     * {@code phaseSeconds} long, and DURATION set to the end of the last one. With
     * {@link RandomProblems.Demands#ALL_UNBOUNDED} every virtual CPU that ever runs wants {@code *}, and no
     * change sets a demand.
     */
    public static Problem small(long seed, RandomProblems.Demands demands, int phaseSeconds) {
        if (phaseSeconds < 1) {
            throw new IllegalArgumentException("a phase lasts at least a second, got " + phaseSeconds);
        }
        Problem base = RandomProblems.small(seed, demands);
        Random random = new Random(seed * 31 + 7);
        int moments = 1 + random.nextInt(3);
        List<Duration> instants = new ArrayList<>();
        for (int i = 1; i <= moments; i++) {
            instants.add(Duration.ofSeconds((long) i * phaseSeconds));
        }
        Duration duration = Duration.ofSeconds((long) (moments + 1) * phaseSeconds);
        return addTo(base, random.nextLong(), instants, duration, demands == RandomProblems.Demands.ALL_UNBOUNDED);
    }

    /**
     * {@code base} (a static problem) with an AT block at each of {@code instants} (increasing, before
     * {@code duration}), each of 1 to 3 random changes, and its DURATION set to {@code duration}.
     *
     * @param unbounded whether logons bring only {@code *} virtual CPUs and no change sets a demand
     */
    public static Problem addTo(Problem base, long seed, List<Duration> instants, Duration duration, boolean unbounded) {
        if (base.dynamic()) {
            throw new IllegalArgumentException("problem " + base.name() + " has changes already");
        }
        Random random = new Random(seed);
        ProblemState state = new ProblemState(base);
        Set<String> loggedOff = new LinkedHashSet<>();
        int[] logons = {0};
        List<Moment> timeline = new ArrayList<>();
        for (Duration at : instants) {
            int count = 1 + random.nextInt(3);
            List<Change> changes = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                Change c = draw(random, state, loggedOff, logons, unbounded);
                state.apply(c);
                if (c instanceof Change.Logoff off) {
                    loggedOff.add(off.user());
                } else if (c instanceof Change.Logon on) {
                    loggedOff.remove(on.user().name());
                }
                changes.add(c);
            }
            timeline.add(new Moment(at, changes, HERE));
        }
        RunControl rc = base.runControl();
        return new Problem(base.name(), base.partition(), base.users(),
                new RunControl(Optional.of(duration), rc.interval(), rc.seed()),
                base.location(), timeline);
    }

    private enum Kind { SET_SHARE, SET_DEMAND, LOGON, LOGOFF, STOP, START, SET_CPUPOOL }

    private static Change draw(Random random, ProblemState state, Set<String> loggedOff, int[] logons, boolean unbounded) {
        List<User> users = state.users();
        List<VcpuRef> running = new ArrayList<>();
        List<VcpuRef> stopped = new ArrayList<>();
        for (User u : users) {
            for (VirtualCpu v : u.vcpus()) {
                (v.stopped() ? stopped : running).add(VcpuRef.of(u, v));
            }
        }
        List<Kind> possible = new ArrayList<>();
        if (!users.isEmpty()) {
            possible.add(Kind.SET_SHARE);
            possible.add(Kind.LOGOFF);
            if (!unbounded) {
                possible.add(Kind.SET_DEMAND);
            }
        }
        possible.add(Kind.LOGON);
        if (!running.isEmpty()) {
            possible.add(Kind.STOP);
        }
        if (!stopped.isEmpty()) {
            possible.add(Kind.START);
        }
        Partition partition = state.partition();
        if (!partition.cpuPools().isEmpty()) {
            possible.add(Kind.SET_CPUPOOL);
        }
        switch (possible.get(random.nextInt(possible.size()))) {
            case SET_SHARE: {
                User u = users.get(random.nextInt(users.size()));
                List<EngineType> types = new ArrayList<>();
                u.vcpus().forEach(v -> {
                    if (!types.contains(v.type())) {
                        types.add(v.type());
                    }
                });
                List<Share> shares = new ArrayList<>();
                shares.add(RandomProblems.share(random, types.get(random.nextInt(types.size())), MIX, ABSOLUTE_SCALE));
                EngineType other = types.get(random.nextInt(types.size()));
                if (other != shares.get(0).type() && random.nextBoolean()) {
                    shares.add(RandomProblems.share(random, other, MIX, ABSOLUTE_SCALE));
                }
                return new Change.SetShare(random.nextBoolean() ? u.name() : u.name().toLowerCase(Locale.ROOT), shares, HERE);
            }
            case SET_DEMAND: {
                List<VcpuRef> all = new ArrayList<>(running);
                all.addAll(stopped);
                return new Change.SetDemand(all.get(random.nextInt(all.size())), RandomProblems.demand(random), HERE);
            }
            case LOGON: {
                String name = !loggedOff.isEmpty() && random.nextBoolean()
                        ? new ArrayList<>(loggedOff).get(random.nextInt(loggedOff.size()))
                        : String.format(Locale.ROOT, "L%04d", logons[0]++);
                User drawn = RandomProblems.user(random, 0, 1 + random.nextInt(MIX.maxVcpusPerUser()), partition, MIX,
                        ABSOLUTE_SCALE, unbounded);
                return new Change.Logon(new User(name, drawn.shares(), drawn.cpuPool(), drawn.cpuAffinity(), drawn.vcpus(), HERE));
            }
            case LOGOFF:
                return new Change.Logoff(users.get(random.nextInt(users.size())).name(), HERE);
            case STOP:
                return new Change.Stop(running.get(random.nextInt(running.size())), HERE);
            case START:
                return new Change.Start(stopped.get(random.nextInt(stopped.size())), HERE);
            case SET_CPUPOOL:
            default: {
                CpuPool pool = partition.cpuPools().get(random.nextInt(partition.cpuPools().size()));
                int logical = partition.logicalCpus(pool.type());
                return random.nextBoolean()
                        ? new Change.SetCpuPool(pool.name(), CpuPool.Kind.LIMITHARD, RandomProblems.tenths(5 + 95 * random.nextDouble()), HERE)
                        : new Change.SetCpuPool(pool.name(), CpuPool.Kind.CAPACITY,
                        Math.max(0.5, Math.round(logical * random.nextDouble() * 2) / 2.0), HERE);
            }
        }
    }
}
