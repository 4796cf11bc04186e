package org.schedlab.grammar;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Pattern;
import org.schedlab.core.Change;
import org.schedlab.core.CpuPool;
import org.schedlab.core.Demand;
import org.schedlab.core.EngineType;
import org.schedlab.core.LimitMode;
import org.schedlab.core.LimitShare;
import org.schedlab.core.Moment;
import org.schedlab.core.Partition;
import org.schedlab.core.Problem;
import org.schedlab.core.RunControl;
import org.schedlab.core.Scenario;
import org.schedlab.core.Share;
import org.schedlab.core.ShareAmount;
import org.schedlab.core.ShareKind;
import org.schedlab.core.Srm;
import org.schedlab.core.Topology;
import org.schedlab.core.User;
import org.schedlab.core.VcpuRef;
import org.schedlab.core.VirtualCpu;

/**
 * Writes a model back as scenario text, in canonical form: the formatter beside {@link ScenarioParser},
 * and its test. Parsing what it writes gives the same model (source locations aside), and writing that
 * again gives the same text.
 *
 * <p>Canonical form: every problem carries its own LPAR block (LPAR, then MULTITHREAD for every type
 * whose thread count the model holds, TOPOLOGY unless it is the single-chip default, SRM settings that
 * differ from the defaults, CPUPOOLs), then PROBLEM, USERs with their shares in the order the model
 * holds them and VCPUs indented under them, the AT blocks with their changes indented under them (a
 * LOGON's VCPUs under it), and RUNIT. No comments or annotations: they are not in the
 * model. Numbers are written exactly (the shortest decimal that reads back as the same double), times
 * in the largest unit that holds them whole (M, S, else MS with up to three decimals).
 */
public final class ScenarioWriter {

    /** What the language reads as one name token: NAME, NUMBER or TIME (keywords are NAMEs too). */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9@#$_]+|-?[0-9]+(\\.[0-9]+)?([sSmM]|[mM][sS])?");

    private ScenarioWriter() {
    }

    /** Every problem of {@code scenario}, each with its LPAR block, separated by a blank line. */
    public static String write(Scenario scenario) {
        StringBuilder sb = new StringBuilder();
        for (Problem p : scenario.problems()) {
            if (sb.length() > 0) {
                sb.append('\n');
            }
            sb.append(write(p));
        }
        return sb.toString();
    }

    /**
     * One problem with its partition, as a file of its own.
     *
     * @throws IllegalArgumentException when a name cannot be written as one token of the language (models
     *                                  built in code may hold any string)
     */
    public static String write(Problem problem) {
        StringBuilder sb = new StringBuilder();
        partition(sb, problem.partition());
        sb.append("PROBLEM ").append(name(problem.name())).append('\n');
        for (User u : problem.users()) {
            user(sb, "USER ", u, "  ");
        }
        for (Moment m : problem.timeline()) {
            sb.append("AT ").append(time(m.at())).append('\n');
            for (Change c : m.changes()) {
                change(sb, c);
            }
        }
        sb.append("RUNIT").append(runControl(problem.runControl())).append('\n');
        return sb.toString();
    }

    private static void partition(StringBuilder sb, Partition p) {
        sb.append("LPAR");
        for (Map.Entry<EngineType, Integer> e : p.cores().entrySet()) {
            sb.append(' ').append(e.getKey()).append('.').append(e.getValue());
        }
        sb.append('\n');
        // Written for every type the model holds a count for, 1 included: an explicit MULTITHREAD CP.1 is
        // part of the model (the map's key), so dropping it would not read back the same.
        for (Map.Entry<EngineType, Integer> e : p.threads().entrySet()) {
            sb.append("MULTITHREAD ").append(e.getKey()).append('.').append(e.getValue()).append('\n');
        }
        Topology t = p.topology();
        if (t.coresPerChip() != 0 || t.chipsPerNode() != 0) {
            if (t.coresPerChip() == 0 || t.chipsPerNode() == 0) {
                throw new IllegalArgumentException("TOPOLOGY needs both CHIP and NODE, the model has CHIP."
                        + t.coresPerChip() + " NODE." + t.chipsPerNode());
            }
            sb.append("TOPOLOGY CHIP.").append(t.coresPerChip()).append(" NODE.").append(t.chipsPerNode()).append('\n');
        }
        Srm srm = p.srm();
        srm.dispatchSliceMs().ifPresent(ms -> sb.append("SRM DSPSLICE ").append(number(ms)).append('\n'));
        if (srm.workDistribution() != Srm.DEFAULT.workDistribution()) {
            sb.append("SRM DSPWDMETHOD ").append(srm.workDistribution()).append('\n');
        }
        if (srm.polarization() != Srm.DEFAULT.polarization()) {
            sb.append("SRM POLARIZATION ").append(srm.polarization()).append('\n');
        }
        for (CpuPool pool : p.cpuPools()) {
            sb.append("CPUPOOL ").append(name(pool.name())).append(' ').append(pool.type()).append(' ')
                    .append(cap(pool.kind(), pool.value())).append('\n');
        }
    }

    private static void user(StringBuilder sb, String statement, User u, String vcpuIndent) {
        sb.append(userLine(statement, u)).append('\n');
        vcpus(sb, u, vcpuIndent);
    }

    /** {@code USER A CP.100-R POOL LNX CPUAFFINITY OFF}, or the same after LOGON. */
    private static String userLine(String statement, User u) {
        StringBuilder sb = new StringBuilder(statement).append(name(u.name()));
        for (Share s : u.shares()) {
            sb.append(' ').append(share(s));
        }
        u.cpuPool().ifPresent(pool -> sb.append(" POOL ").append(name(pool)));
        if (!u.cpuAffinity()) {
            sb.append(" CPUAFFINITY OFF");
        }
        return sb.toString();
    }

    private static void vcpus(StringBuilder sb, User u, String vcpuIndent) {
        for (VirtualCpu v : u.vcpus()) {
            sb.append(vcpuIndent).append("VCPU ").append(v.address()).append(' ').append(v.type()).append(' ').append(demand(v.demand()));
            if (v.stopped()) {
                sb.append(" STOPPED");
            }
            sb.append('\n');
        }
    }

    /** One change, indented under its AT, and a LOGON's VCPUs under it. */
    private static void change(StringBuilder sb, Change change) {
        sb.append("  ").append(statement(change)).append('\n');
        if (change instanceof Change.Logon logon) {
            vcpus(sb, logon.user(), "    ");
        }
    }

    /**
     * A change as its one canonical statement line, without indentation: {@code SET SHARE B CP.300-R} (share
     * tokens, whichever syntax it was written in), {@code LOGON C CP.100-R} (without its VCPU lines),
     * {@code LOGOFF A}, {@code STOP B.0}. For reports that list what changed.
     *
     * @throws IllegalArgumentException when a name cannot be written as one token of the language
     */
    public static String statement(Change change) {
        return change.accept(new Change.Visitor<String>() {
            @Override
            public String setShare(Change.SetShare c) {
                StringBuilder sb = new StringBuilder("SET SHARE ").append(name(c.user()));
                c.shares().forEach(s -> sb.append(' ').append(share(s)));
                return sb.toString();
            }

            @Override
            public String setDemand(Change.SetDemand c) {
                return "SET DEMAND " + vcpu(c.vcpu()) + " " + demand(c.demand());
            }

            @Override
            public String logon(Change.Logon c) {
                return userLine("LOGON ", c.user());
            }

            @Override
            public String logoff(Change.Logoff c) {
                return "LOGOFF " + name(c.user());
            }

            @Override
            public String stop(Change.Stop c) {
                return "STOP " + vcpu(c.vcpu());
            }

            @Override
            public String start(Change.Start c) {
                return "START " + vcpu(c.vcpu());
            }

            @Override
            public String setCpuPool(Change.SetCpuPool c) {
                return "SET CPUPOOL " + name(c.pool()) + " " + cap(c.kind(), c.value());
            }
        });
    }

    /** {@code B.0}. */
    static String vcpu(VcpuRef ref) {
        return name(ref.user()) + "." + ref.address();
    }

    private static String cap(CpuPool.Kind kind, double value) {
        return kind == CpuPool.Kind.LIMITHARD ? "LIMITHARD " + number(value) + "%" : "CAPACITY " + number(value);
    }

    /**
     * {@code ZIIP.200-R,50-RL}; a limit equal to the min-share in kind and value is folded into the
     * min-share's suffix ({@code ZIIP.25-AL}), which the parser reads as exactly that.
     */
    static String share(Share s) {
        StringBuilder sb = new StringBuilder().append(s.type()).append('.');
        ShareAmount min = s.min();
        if (s.limit().isPresent() && s.limit().get().amount().equals(min)) {
            return sb.append(amount(min)).append(mode(s.limit().get())).toString();
        }
        sb.append(amount(min));
        s.limit().ifPresent(l -> sb.append(',').append(amount(l.amount())).append(mode(l)));
        return sb.toString();
    }

    private static String amount(ShareAmount a) {
        return number(a.value()) + (a.kind() == ShareKind.RELATIVE ? "-R" : "-A");
    }

    private static String mode(LimitShare l) {
        return l.mode() == LimitMode.HARD ? "L" : "S";
    }

    private static String demand(Demand d) {
        return d.unbounded() ? "*" : number(d.percent());
    }

    private static String runControl(RunControl run) {
        StringBuilder sb = new StringBuilder();
        run.duration().ifPresent(d -> sb.append(" DURATION ").append(time(d)));
        run.interval().ifPresent(d -> sb.append(" INTERVAL ").append(time(d)));
        run.seed().ifPresent(s -> sb.append(" SEED ").append(s));
        return sb.toString();
    }

    /** {@code 2M}, {@code 120S}, {@code 1500MS}, {@code 0.25MS}: the largest unit that holds it whole. */
    static String time(Duration d) {
        long nanos = d.toNanos();
        if (nanos % 60_000_000_000L == 0) {
            return nanos / 60_000_000_000L + "M";
        }
        if (nanos % 1_000_000_000L == 0) {
            return nanos / 1_000_000_000L + "S";
        }
        return new BigDecimal(nanos).movePointLeft(6).stripTrailingZeros().toPlainString() + "MS";
    }

    /**
     * The shortest plain decimal that reads back as exactly {@code value}: {@code 33.333}, {@code 100},
     * {@code 0.1}. {@link Double#toString} is exact on the way back; only its exponent form is undone.
     */
    static String number(double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("not a finite number: " + value);
        }
        String s = new BigDecimal(Double.toString(value)).stripTrailingZeros().toPlainString();
        return s.equals("-0") ? "0" : s;
    }

    /** A name as written, checked to read back as one token. */
    static String name(String name) {
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("cannot write the name '" + name
                    + "': a name is letters, digits, @ # $ _ or a number");
        }
        return name;
    }
}
