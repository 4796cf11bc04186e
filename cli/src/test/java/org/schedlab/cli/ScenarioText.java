package org.schedlab.cli;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.schedlab.core.CpuPool;
import org.schedlab.core.EngineType;
import org.schedlab.core.LimitMode;
import org.schedlab.core.Numbers;
import org.schedlab.core.Partition;
import org.schedlab.core.Problem;
import org.schedlab.core.Share;
import org.schedlab.core.ShareAmount;
import org.schedlab.core.ShareKind;
import org.schedlab.core.Srm;
import org.schedlab.core.Topology;
import org.schedlab.core.User;
import org.schedlab.core.VirtualCpu;

/**
 * A generated problem written back in the scenario language, so that a failing random problem can be
 * saved as a {@code .scn} file and rerun, and summed up in one line of the features it exercises.
 */
final class ScenarioText {

    private ScenarioText() {
    }

    /** What a problem exercises, in one line, to see at a glance what failing problems have in common. */
    static String features(Problem p) {
        Partition part = p.partition();
        List<String> f = new ArrayList<>();
        StringBuilder lpar = new StringBuilder();
        for (EngineType t : part.types()) {
            lpar.append(lpar.isEmpty() ? "" : " ").append(t).append('.').append(part.logicalCpus(t));
            if (part.smt(t)) {
                lpar.append("(SMT-2)");
            }
        }
        f.add(lpar.toString());
        f.add(p.users().size() + " users/" + p.vcpus().size() + " vcpus");
        Topology topo = part.topology();
        if (topo.coresPerChip() > 0) {
            int chips = 0;
            int nodes = 0;
            for (EngineType t : part.types()) {
                chips = Math.max(chips, topo.chipOf(part.cores(t) - 1) + 1);
                nodes = Math.max(nodes, topo.nodeOf(part.cores(t) - 1) + 1);
            }
            f.add("TOPOLOGY CHIP." + topo.coresPerChip() + " NODE." + topo.chipsPerNode() + " (" + chips + " chips, "
                    + nodes + " nodes)");
        }
        part.srm().dispatchSliceMs().ifPresent(ms -> f.add("DSPSLICE " + Numbers.format(ms)));
        if (part.srm().workDistribution() == Srm.WorkDistribution.REBALANCE) {
            f.add("REBALANCE");
        }
        if (part.srm().polarization() == Srm.Polarization.HORIZONTAL) {
            f.add("HORIZONTAL");
        }
        for (CpuPool pool : part.cpuPools()) {
            long members = p.users().stream().filter(u -> u.cpuPool().map(n -> n.equalsIgnoreCase(pool.name()))
                    .orElse(false)).count();
            f.add("pool " + pool.type() + " " + pool.kind() + " " + Numbers.format(pool.value()) + " x" + members);
        }
        int soft = 0;
        int hard = 0;
        int absolute = 0;
        int affinityOff = 0;
        int stopped = 0;
        int lacking = 0;
        int unbounded = 0;
        Map<EngineType, Double> absoluteTotal = new EnumMap<>(EngineType.class);
        for (User u : p.users()) {
            boolean isSoft = false;
            for (Share s : u.shares()) {
                if (s.min().kind() == ShareKind.ABSOLUTE) {
                    absolute++;
                    absoluteTotal.merge(s.type(), s.min().value(), Double::sum);
                }
                if (s.limit().isPresent()) {
                    if (s.limit().get().mode() == LimitMode.SOFT) {
                        isSoft = true;
                    } else {
                        hard++;
                    }
                }
            }
            soft += isSoft ? 1 : 0;
            affinityOff += u.cpuAffinity() ? 0 : 1;
            for (VirtualCpu v : u.vcpus()) {
                stopped += v.stopped() ? 1 : 0;
                lacking += part.has(v.type()) ? 0 : 1;
                unbounded += v.demand().unbounded() ? 1 : 0;
            }
        }
        addCount(f, hard, "hard limits");
        addCount(f, soft, "soft users");
        addCount(f, absolute, "absolute shares");
        if (absoluteTotal.values().stream().anyMatch(a -> a > 99)) {
            f.add("absolute over 99%");
        }
        addCount(f, affinityOff, "affinity off");
        addCount(f, lacking, "lacking types");
        addCount(f, stopped, "stopped");
        if (unbounded < p.vcpus().size()) {
            f.add(unbounded + " *");
        }
        return String.join(", ", f);
    }

    private static void addCount(List<String> f, int n, String what) {
        if (n > 0) {
            f.add(n + " " + what);
        }
    }

    /** The problem in the scenario language, settings the defaults would give left out. */
    static String of(Problem p) {
        Partition part = p.partition();
        StringBuilder sb = new StringBuilder("LPAR");
        for (EngineType t : part.types()) {
            sb.append(' ').append(t).append('.').append(part.cores(t));
        }
        sb.append('\n');
        for (EngineType t : part.types()) {
            if (part.smt(t)) {
                sb.append("MULTITHREAD ").append(t).append(".2\n");
            }
        }
        Topology topo = part.topology();
        if (topo.coresPerChip() > 0 || topo.chipsPerNode() > 0) {
            sb.append("TOPOLOGY CHIP.").append(topo.coresPerChip()).append(" NODE.").append(topo.chipsPerNode())
                    .append('\n');
        }
        Srm srm = part.srm();
        srm.dispatchSliceMs().ifPresent(ms -> sb.append("SRM DSPSLICE ").append(Numbers.format(ms)).append('\n'));
        if (srm.workDistribution() != Srm.DEFAULT.workDistribution()) {
            sb.append("SRM DSPWDMETHOD ").append(srm.workDistribution()).append('\n');
        }
        if (srm.polarization() != Srm.DEFAULT.polarization()) {
            sb.append("SRM POLARIZATION ").append(srm.polarization()).append('\n');
        }
        for (CpuPool pool : part.cpuPools()) {
            sb.append("CPUPOOL ").append(pool.name()).append(' ').append(pool.type()).append(' ')
                    .append(pool.kind() == CpuPool.Kind.LIMITHARD
                            ? "LIMITHARD " + Numbers.format(pool.value()) + "%"
                            : "CAPACITY " + Numbers.format(pool.value()))
                    .append('\n');
        }
        sb.append("PROBLEM ").append(p.name()).append('\n');
        for (User u : p.users()) {
            sb.append("USER ").append(u.name());
            for (Share s : u.shares()) {
                sb.append(' ').append(s.type()).append('.').append(amount(s.min(), ""));
                s.limit().ifPresent(l -> sb.append(',').append(amount(l.amount(), l.mode() == LimitMode.HARD ? "L" : "S")));
            }
            u.cpuPool().ifPresent(pool -> sb.append(" POOL ").append(pool));
            if (!u.cpuAffinity()) {
                sb.append(" CPUAFFINITY OFF");
            }
            sb.append('\n');
            for (VirtualCpu v : u.vcpus()) {
                sb.append("  VCPU ").append(v.address()).append(' ').append(v.type()).append(' ').append(v.demand())
                        .append(v.stopped() ? " STOPPED" : "").append('\n');
            }
        }
        return sb.append("RUNIT\n").toString();
    }

    /** A share value as a token writes it: {@code 100-R}, {@code 25-A}, {@code 50-RL}, {@code 10-AS}. */
    private static String amount(ShareAmount a, String limitSuffix) {
        return Numbers.format(a.value()) + "-" + (a.kind() == ShareKind.RELATIVE ? "R" : "A") + limitSuffix;
    }

    /** The features a problem exercises, as names to count failures by. */
    static Set<String> flags(Problem p) {
        Partition part = p.partition();
        Set<String> f = new LinkedHashSet<>();
        for (EngineType t : part.types()) {
            if (part.smt(t)) {
                f.add("SMT-2");
            }
            if (part.topology().chipOf(part.cores(t) - 1) > 0) {
                f.add("several chips");
            }
        }
        if (part.srm().dispatchSliceMs().isPresent()) {
            f.add("DSPSLICE");
        }
        if (part.srm().workDistribution() == Srm.WorkDistribution.REBALANCE) {
            f.add("REBALANCE");
        }
        for (CpuPool pool : part.cpuPools()) {
            if (p.users().stream().anyMatch(u -> u.cpuPool().map(n -> n.equalsIgnoreCase(pool.name())).orElse(false))) {
                f.add("CPU pool " + pool.kind());
            }
        }
        int softUsers = 0;
        for (User u : p.users()) {
            boolean soft = false;
            for (Share s : u.shares()) {
                if (s.min().kind() == ShareKind.ABSOLUTE) {
                    f.add("absolute share");
                }
                if (s.limit().isPresent()) {
                    LimitMode mode = s.limit().get().mode();
                    f.add(mode == LimitMode.HARD ? "LIMITHARD" : "LIMITSOFT");
                    soft |= mode == LimitMode.SOFT;
                }
            }
            softUsers += soft ? 1 : 0;
            if (!u.cpuAffinity()) {
                f.add("affinity off");
            }
            for (VirtualCpu v : u.vcpus()) {
                if (!part.has(v.type())) {
                    f.add("type the LPAR lacks");
                }
                if (v.stopped()) {
                    f.add("stopped");
                }
            }
        }
        if (softUsers >= 2) {
            f.add("several soft users");
        }
        if (p.vcpus().stream().map(Problem.Placed::pool).distinct().count() > 1) {
            f.add("several dispatch pools");
        }
        return f;
    }
}
