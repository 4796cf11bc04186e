package org.schedlab.report;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.schedlab.core.Change;
import org.schedlab.core.CpuPool;
import org.schedlab.core.Demand;
import org.schedlab.core.EngineType;
import org.schedlab.core.LimitMode;
import org.schedlab.core.Moment;
import org.schedlab.core.Numbers;
import org.schedlab.core.Partition;
import org.schedlab.core.Problem;
import org.schedlab.core.Share;
import org.schedlab.core.ShareAmount;
import org.schedlab.core.ShareKind;
import org.schedlab.core.Srm;
import org.schedlab.core.Topology;
import org.schedlab.core.User;
import org.schedlab.core.VcpuRef;
import org.schedlab.core.VirtualCpu;

/**
 * What to set up on a real z/VM 6.4 LPAR to replay a problem: CP commands in CP's syntax, and notes (lines
 * starting with {@code *}) for everything that is not a CP command: the LPAR's own shape (set at the HMC),
 * settings z/VM cannot express, and the burner target of every virtual CPU. The commands are the ones the
 * report's runner issued (SET SHARE per type, DEFINE CPU) plus those for the features the language added
 * (CPU pools, CPU affinity, SRM settings).
 *
 * <p>Shares are written in full: min-share, then the limit-share with its own amount and mode, or
 * NOLIMIT, so that a replay clears any earlier setting; a type the user's virtual CPUs use with no share
 * in the scenario gets z/VM's default RELATIVE 100 NOLIMIT, stated explicitly for the same reason.
 *
 * <p>A problem that changes while it runs gets a timed script after the set-up: each AT block's changes
 * as CP commands (SET SHARE, XAUTOLOG and the new user's set-up, FORCE, SET CPUPOOL) after a SLEEP that
 * waits for its instant, and notes for what the guests and their burners do (a new demand, a virtual
 * CPU stopped or started).
 */
public final class ZvmCommands {

    private ZvmCommands() {
    }

    /** The listing for {@code problem}; {@code source} names the scenario file in the header. */
    public static String of(Problem problem, String source) {
        List<String> out = new ArrayList<>();
        Partition p = problem.partition();
        out.add("* schedlab export: problem " + problem.name() + " of " + source + ", for a z/VM 6.4 LPAR.");
        out.add("* Lines starting with * are notes in schedlab's terms, not CP commands.");
        out.add("* Privilege classes: SET SRM, DEFINE CPUPOOL, SCHEDULE, SET SHARE and SET CPUAFFINITY are");
        out.add("* class A commands; DEFINE CPU is class G, issued by each guest for itself.");
        partition(out, p);
        srm(out, p);
        pools(out, p);
        for (User u : problem.users()) {
            user(out, problem, u);
        }
        burners(out, problem);
        run(out, problem);
        changes(out, problem);
        return String.join("\n", out) + "\n";
    }

    /**
     * The timed script: per AT block a SLEEP until its instant, then its changes in order. CP's SLEEP counts
     * whole seconds, so each instant is rounded to the second, from the start, and the rounding noted.
     */
    private static void changes(List<String> out, Problem problem) {
        if (!problem.dynamic()) {
            return;
        }
        out.add("*");
        out.add("* Changes while it runs. Issue the lines below in order from an operator ID, starting with the");
        out.add("* measurement (a REXX EXEC can, each command prefixed with CP): each SLEEP waits until the next change.");
        out.add("* XAUTOLOG, FORCE and SET CPUPOOL are class A commands as well; the guests act on their own notes.");
        long slept = 0;
        for (Moment m : problem.timeline()) {
            double atS = m.atS();
            long at = Math.round(atS);
            out.add("SLEEP " + (at - slept) + " SEC");
            slept = at;
            String when = Numbers.format(atS);
            out.add("* At " + when + " s" + (at == atS ? ":" : " (CP sleeps whole seconds: issued at " + at + " s):"));
            for (Change c : m.changes()) {
                change(out, problem, c);
            }
        }
    }

    private static void change(List<String> out, Problem problem, Change change) {
        change.accept(new Change.Visitor<Void>() {
            @Override
            public Void setShare(Change.SetShare c) {
                String id = c.user().toUpperCase(Locale.ROOT);
                for (Share share : c.shares()) {
                    share(out, id, share.type(), share);
                }
                return null;
            }

            @Override
            public Void setDemand(Change.SetDemand c) {
                out.add("* " + cpu(c.vcpu()) + ": its burner's target is now " + target(c.demand()));
                return null;
            }

            @Override
            public Void logon(Change.Logon c) {
                User u = c.user();
                out.add("XAUTOLOG " + u.name().toUpperCase(Locale.ROOT));
                user(out, problem, u);
                for (VirtualCpu v : u.vcpus()) {
                    out.add("* " + cpu(VcpuRef.of(u, v)) + " runs on " + problem.dispatchPool(u, v) + ": "
                            + (v.stopped() ? "stopped (no burner)" : "its burner's target is " + target(v.demand())));
                }
                return null;
            }

            @Override
            public Void logoff(Change.Logoff c) {
                out.add("FORCE " + c.user().toUpperCase(Locale.ROOT));
                return null;
            }

            @Override
            public Void stop(Change.Stop c) {
                out.add("* " + cpu(c.vcpu()) + ": the guest stops it and its burner (CP has no command that stops"
                        + " another user's virtual CPU)");
                return null;
            }

            @Override
            public Void start(Change.Start c) {
                out.add("* " + cpu(c.vcpu()) + ": the guest starts it again, and its burner at the target it had");
                return null;
            }

            @Override
            public Void setCpuPool(Change.SetCpuPool c) {
                out.add("SET CPUPOOL " + c.pool().toUpperCase(Locale.ROOT) + " " + (c.kind() == CpuPool.Kind.LIMITHARD
                        ? "LIMITHARD " + Numbers.format(c.value()) + "%" : "CAPACITY " + Numbers.format(c.value())));
                return null;
            }
        });
    }

    /** {@code B CPU 00}. */
    private static String cpu(VcpuRef ref) {
        return ref.user().toUpperCase(Locale.ROOT) + " CPU " + String.format(Locale.ROOT, "%02X", ref.number());
    }

    private static String target(Demand d) {
        return d.unbounded() ? "* (spin without waiting)" : Numbers.format(d.percent());
    }

    private static void partition(List<String> out, Partition p) {
        out.add("*");
        out.add("* The LPAR (its image profile at the HMC; CP cannot change it):");
        StringBuilder cpus = new StringBuilder("*   logical cores:");
        p.cores().forEach((t, n) -> cpus.append(' ').append(t).append(' ').append(n));
        out.add(cpus.toString());
        for (EngineType t : p.types()) {
            if (p.smt(t)) {
                out.add("*   MULTITHREAD " + t + "." + p.threads(t) + ": SMT-2, set by MULTITHREADING ENABLE in the system"
                        + " configuration file (takes an IPL)");
                if (t != EngineType.IFL) {
                    out.add("*   z/VM 6.4 runs SMT on IFLs only: " + t + " with two threads per core cannot be set up");
                }
            }
        }
        Topology topology = p.topology();
        if (topology.coresPerChip() != 0 || topology.chipsPerNode() != 0) {
            out.add("*   TOPOLOGY CHIP." + topology.coresPerChip() + " NODE." + topology.chipsPerNode()
                    + ": PR/SM places logical cores on chips and nodes; no command sets it");
        }
    }

    private static void srm(List<String> out, Partition p) {
        Srm srm = p.srm();
        out.add("*");
        out.add("* System settings (class A):");
        if (srm.dispatchSliceMs().isPresent()) {
            out.add("SET SRM DSPSLICE " + Numbers.format(srm.dispatchSliceMs().getAsDouble()));
        } else {
            boolean smt = p.types().stream().anyMatch(p::smt);
            out.add("* SET SRM DSPSLICE: not in the scenario; CP computes its default at IPL, the model assumes "
                    + (smt ? "10 ms under SMT-2" : "5 ms"));
        }
        out.add("SET SRM DSPWDMETHOD " + srm.workDistribution());
        out.add("SET SRM POLARIZATION " + srm.polarization());
        boolean smt = p.types().stream().anyMatch(p::smt);
        if (smt && (srm.workDistribution() != Srm.WorkDistribution.RESHUFFLE || srm.polarization() != Srm.Polarization.VERTICAL)) {
            out.add("* z/VM runs SMT-2 only with DSPWDMETHOD RESHUFFLE and POLARIZATION VERTICAL: this LPAR cannot be set up as written");
        }
        if (srm.polarization() == Srm.Polarization.VERTICAL) {
            out.add("* Vertical-high, -medium and -low logical CPUs follow the LPAR's weight (at the HMC), which the scenario does not give");
        }
    }

    private static void pools(List<String> out, Partition p) {
        if (p.cpuPools().isEmpty()) {
            return;
        }
        out.add("*");
        out.add("* CPU pools (class A), defined before any SCHEDULE names them:");
        for (CpuPool pool : p.cpuPools()) {
            String limit = pool.kind() == CpuPool.Kind.LIMITHARD ? "LIMITHARD " + Numbers.format(pool.value()) + "%"
                    : "CAPACITY " + Numbers.format(pool.value());
            out.add("DEFINE CPUPOOL " + pool.name().toUpperCase(Locale.ROOT) + " " + limit + " TYPE " + pool.type());
            if (pool.name().length() > 8) {
                out.add("* CPU pool names have at most 8 characters in CP: rename " + pool.name());
            }
        }
    }

    private static void user(List<String> out, Problem problem, User u) {
        String id = u.name().toUpperCase(Locale.ROOT);
        out.add("*");
        out.add("* User " + id + ": " + u.vcpus().size() + " virtual CPU" + (u.vcpus().size() == 1 ? "" : "s")
                + "; its directory entry must allow them (MACHINE statement) and it must be logged on");
        if (id.length() > 8) {
            out.add("* z/VM user IDs have at most 8 characters: rename " + u.name());
        }
        Set<EngineType> types = new LinkedHashSet<>();
        u.shares().forEach(s -> types.add(s.type()));
        u.vcpus().forEach(v -> types.add(v.type()));
        for (EngineType t : types) {
            share(out, id, t, u.shareFor(t));
        }
        if (!u.cpuAffinity()) {
            out.add("SET CPUAFFINITY OFF " + id);
        }
        u.cpuPool().ifPresent(pool -> out.add("SCHEDULE " + id + " CPUPOOL " + pool.toUpperCase(Locale.ROOT)));
        out.add("* issued by " + id + " itself (class G):");
        boolean hasBase = false;
        for (VirtualCpu v : u.vcpus()) {
            String addr = String.format(Locale.ROOT, "%02X", v.number());
            if (v.number() == 0) {
                hasBase = true;
                out.add(v.type() == EngineType.CP ? "* CPU 00 (CP) exists at logon"
                        : "* CPU 00 exists at logon; the scenario makes it type " + v.type() + ": set that in the directory entry");
            } else {
                out.add("DEFINE CPU " + addr + " TYPE " + v.type());
            }
            EngineType pool = problem.dispatchPool(u, v);
            if (pool != v.type()) {
                out.add("* CPU " + addr + " runs simulated on CPs: "
                        + (u.cpuAffinity() ? "the LPAR has no " + v.type() : "CPU affinity is off"));
            }
        }
        if (!hasBase) {
            out.add("* CPU 00 is not in the scenario: the guest must keep it stopped");
        }
    }

    /** {@code SET SHARE U TYPE t min limit|NOLIMIT}, and a note when CP needs an amount rounded. */
    private static void share(List<String> out, String id, EngineType t, Share s) {
        out.add("SET SHARE " + id + " TYPE " + t + " " + amount(s.min()) + " "
                + s.limit().map(l -> amount(l.amount()) + (l.mode() == LimitMode.HARD ? " LIMITHARD" : " LIMITSOFT"))
                .orElse("NOLIMIT"));
        oneDecimal(out, s.min());
        s.limit().ifPresent(l -> oneDecimal(out, l.amount()));
    }

    private static String amount(ShareAmount a) {
        return a.kind() == ShareKind.RELATIVE ? "RELATIVE " + Numbers.format(a.value())
                : "ABSOLUTE " + Numbers.format(a.value()) + "%";
    }

    private static void oneDecimal(List<String> out, ShareAmount a) {
        if (a.kind() == ShareKind.ABSOLUTE && new BigDecimal(Numbers.format(a.value())).scale() > 1) {
            out.add("* CP takes ABSOLUTE shares to one decimal place: " + Numbers.format(a.value()) + "% must be rounded");
        }
    }

    /** The table the burner is driven by: what each virtual CPU should consume when it can get it. */
    private static void burners(List<String> out, Problem problem) {
        out.add("*");
        out.add("* Burner targets, in percent of one logical CPU (* = as much as it can get: spin without waiting):");
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"USER", "CPU", "TYPE", "RUNS ON", "TARGET"});
        for (var placed : problem.vcpus()) {
            VirtualCpu v = placed.vcpu();
            String target = v.stopped() ? "stopped (no burner)" : v.demand().unbounded() ? "*" : Numbers.format(v.demand().percent());
            rows.add(new String[] {placed.user().name().toUpperCase(Locale.ROOT), String.format(Locale.ROOT, "%02X", v.number()),
                    v.type().name(), placed.pool().name(), target});
        }
        int[] width = new int[5];
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        for (String[] r : rows) {
            StringBuilder sb = new StringBuilder("*   ");
            for (int i = 0; i < r.length; i++) {
                sb.append(i < r.length - 1 ? Figures.padRight(r[i], width[i] + 2) : r[i]);
            }
            out.add(sb.toString().stripTrailing());
        }
    }

    private static void run(List<String> out, Problem problem) {
        var rc = problem.runControl();
        if (rc.duration().isEmpty() && rc.interval().isEmpty() && rc.seed().isEmpty()) {
            return;
        }
        out.add("*");
        StringBuilder sb = new StringBuilder("* Run:");
        rc.duration().ifPresent(d -> sb.append(" for ").append(seconds(d)).append(" s"));
        rc.interval().ifPresent(d -> sb.append(", measuring every ").append(seconds(d)).append(" s"));
        rc.seed().ifPresent(s -> sb.append(" (SEED ").append(s).append(" is the simulation's own)"));
        out.add(sb.toString());
    }

    private static String seconds(Duration d) {
        return Numbers.format(d.toNanos() / 1e9);
    }
}
