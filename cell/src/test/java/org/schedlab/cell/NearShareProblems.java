package org.schedlab.cell;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
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
import org.schedlab.solver.Solver;

/**
 * Random problems of one class that is hard for a scheduler which must tell a donor from a recipient by watching:
 * a user whose virtual CPUs are one finite burner with a demand close to its part of the user's share (just above
 * it, so it is a recipient held to that part, or just below it, so it is a donor) beside always-ready siblings,
 * and burners of other users, each entitled to a whole CPU, filling the rest of the CPs. The finite one finishes
 * a period's work now and then even when it is owed less than its demand, so it waits like a donor; a whole-CPU
 * burner beside it never waits and loses a little to its SIE exits.
 *
 * <p>Drawn from the seed: 2 to 6 CPs, 1 to 3 always-ready siblings, burners on all but the user's CPs (some at
 * demand 100, some {@code *}), relative shares, and the finite demand 0.3 to 5 points above (four in five) or
 * below its answer as an always-ready virtual CPU.
 */
final class NearShareProblems {

    private static final SourceLocation HERE = SourceLocation.UNKNOWN;

    private NearShareProblems() {
    }

    static Problem generate(long seed) {
        Random random = new Random(seed);
        while (true) {
            int cps = 2 + random.nextInt(5);
            int siblings = 1 + random.nextInt(3);
            int userCps = 1 + random.nextInt(Math.min(cps - 1, siblings + 1));
            int burners = cps - userCps;
            // The burners' shares are large enough that each is entitled to its whole CP.
            long userShare = 50 + random.nextInt(451);
            List<User> users = new ArrayList<>();
            users.add(null);
            for (int b = 0; b < burners; b++) {
                long share = userShare * (siblings + 1) / userCps + random.nextInt(300);
                Demand d = random.nextDouble() < 0.7 ? Demand.of(100) : Demand.UNBOUNDED;
                users.add(user("B" + b, share, List.of(d)));
            }
            List<Demand> demands = new ArrayList<>();
            for (int i = 0; i <= siblings; i++) {
                demands.add(Demand.UNBOUNDED);
            }
            Partition partition = new Partition(Map.of(EngineType.CP, cps), Map.of(EngineType.CP, 1),
                    Topology.singleChip(HERE), Srm.DEFAULT, List.of(), HERE);
            // Its answer as an always-ready virtual CPU, then its demand just above or below that.
            int finite = random.nextInt(siblings + 1);
            users.set(0, user("U", userShare, demands));
            Problem star = new Problem("N", partition, users, RunControl.NONE, HERE);
            double answer = Solver.solve(star).find("U", Integer.toHexString(finite)).orElseThrow().correct();
            double offset = 0.3 + 4.7 * random.nextDouble();
            double demand = Math.round((random.nextDouble() < 0.8 ? answer + offset : answer - offset) * 10) / 10.0;
            if (answer < 10 || demand <= 1 || demand >= 99) {
                continue;
            }
            demands.set(finite, Demand.of(demand));
            users.set(0, user("U", userShare, demands));
            String name = "NS" + Long.toUnsignedString(seed, 36).toUpperCase(Locale.ROOT);
            return new Problem(name, partition, users, RunControl.NONE, HERE);
        }
    }

    private static User user(String name, long share, List<Demand> demands) {
        List<VirtualCpu> vcpus = new ArrayList<>();
        for (int a = 0; a < demands.size(); a++) {
            vcpus.add(new VirtualCpu(Integer.toHexString(a), EngineType.CP, demands.get(a), false, HERE));
        }
        Share s = new Share(EngineType.CP, ShareAmount.relative(share), Optional.empty(), HERE);
        return new User(name, List.of(s), Optional.empty(), true, vcpus, HERE);
    }
}
