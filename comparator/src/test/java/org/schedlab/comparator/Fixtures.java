package org.schedlab.comparator;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.schedlab.core.Demand;
import org.schedlab.core.EngineType;
import org.schedlab.core.Partition;
import org.schedlab.core.Problem;
import org.schedlab.core.RunControl;
import org.schedlab.core.SourceLocation;
import org.schedlab.core.Srm;
import org.schedlab.core.Topology;
import org.schedlab.core.User;
import org.schedlab.core.VirtualCpu;
import org.schedlab.solver.Solution;
import org.schedlab.solver.VcpuAnswer;

/**
 * Solutions built by hand: the solver is written elsewhere, and the comparator only needs the
 * running virtual CPUs and their correct values. The vectors are the report's (docs/solver.md).
 */
final class Fixtures {

    private static final SourceLocation AT = SourceLocation.UNKNOWN;

    private Fixtures() {
    }

    /** One virtual CPU of the fixture: user, hex address, type, correct value, stopped. */
    record V(String user, String address, EngineType type, double correct, boolean stopped) {
    }

    static V cp(String user, String address, double correct) {
        return new V(user, address, EngineType.CP, correct, false);
    }

    static V ziip(String user, String address, double correct) {
        return new V(user, address, EngineType.ZIIP, correct, false);
    }

    static V stopped(String user, String address) {
        return new V(user, address, EngineType.CP, 0, true);
    }

    /** A solution whose users appear in the order their first virtual CPU is listed. */
    static Solution solution(String problem, V... vcpus) {
        Map<EngineType, Integer> cores = new EnumMap<>(EngineType.class);
        cores.put(EngineType.CP, 2);
        Map<String, List<VirtualCpu>> byUser = new LinkedHashMap<>();
        for (V v : vcpus) {
            cores.putIfAbsent(v.type(), 2);
            byUser.computeIfAbsent(v.user(), u -> new ArrayList<>())
                    .add(new VirtualCpu(v.address(), v.type(), Demand.UNBOUNDED, v.stopped(), AT));
        }
        Partition partition = new Partition(cores, Map.of(), Topology.singleChip(AT), Srm.DEFAULT, List.of(), AT);
        List<User> users = new ArrayList<>();
        byUser.forEach((name, list) -> users.add(new User(name, List.of(), Optional.empty(), true, list, AT)));
        Problem p = new Problem(problem, partition, users, RunControl.NONE, AT);
        List<Problem.Placed> placed = p.vcpus();
        List<VcpuAnswer> answers = new ArrayList<>();
        for (int i = 0; i < placed.size(); i++) {
            answers.add(new VcpuAnswer(placed.get(i), OptionalDouble.empty(), 0, OptionalDouble.empty(),
                    vcpus[i].correct()));
        }
        return new Solution(p, List.of(), List.of(), answers);
    }

    static Solution j1() {
        return solution("J1", cp("QGP00000", "0", 50), cp("QGP00001", "0", 50), cp("QGP00002", "0", 50),
                cp("QGP00003", "0", 50));
    }

    static Solution j2() {
        return solution("J2", cp("QGP00000", "0", 25), cp("QGP00001", "0", 50), cp("QGP00002", "0", 25),
                cp("QGP00003", "0", 100));
    }

    static Solution j3() {
        return solution("J3", cp("QGP00000", "0", 24.5), cp("QGP00001", "0", 49), cp("QGP00002", "0", 24.5),
                cp("QGP00003", "0", 98), cp("QGP00004", "0", 2), cp("QGP00005", "0", 2));
    }

    /** zIIP pool of 200 (zIIP.2): 22 to the bounded demands, 178 split 100:200:300 by share. */
    static Solution mz0() {
        return solution("MZ0",
                cp("QGP00000", "0", 0), ziip("QGP00000", "1", 2), ziip("QGP00000", "2", 5),
                cp("QGP00001", "0", 0), ziip("QGP00001", "1", 4), ziip("QGP00001", "2", 3), ziip("QGP00001", "3", 8),
                cp("QGP00002", "0", 0), ziip("QGP00002", "1", 89.0 / 6), ziip("QGP00002", "2", 89.0 / 6),
                cp("QGP00003", "0", 0), ziip("QGP00003", "1", 178.0 / 6), ziip("QGP00003", "2", 178.0 / 6),
                cp("QGP00004", "0", 0), ziip("QGP00004", "1", 44.5), ziip("QGP00004", "2", 44.5));
    }

    static double[] correct(Solution s) {
        return s.running().stream().mapToDouble(VcpuAnswer::correct).toArray();
    }

    /**
     * An observation whose relative error is exactly {@code errorPct}: c moved along a fixed unit
     * direction, up where c is below 50 and down elsewhere, so every value stays within 0..100.
     */
    static double[] observedWithError(double[] c, double errorPct) {
        double norm = 0;
        for (double x : c) {
            norm += x * x;
        }
        norm = Math.sqrt(norm);
        double step = errorPct / 100 * norm / Math.sqrt(c.length);
        double[] o = new double[c.length];
        for (int i = 0; i < c.length; i++) {
            o[i] = c[i] + (c[i] < 50 ? step : -step);
        }
        return o;
    }
}
