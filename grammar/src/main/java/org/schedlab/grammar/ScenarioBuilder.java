package org.schedlab.grammar;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.tree.ParseTree;
import org.antlr.v4.runtime.tree.TerminalNode;
import org.schedlab.core.Change;
import org.schedlab.core.CpuPool;
import org.schedlab.core.Demand;
import org.schedlab.core.Diagnostic;
import org.schedlab.core.EngineType;
import org.schedlab.core.InputException;
import org.schedlab.core.LimitMode;
import org.schedlab.core.LimitShare;
import org.schedlab.core.Limits;
import org.schedlab.core.Limits.Range;
import org.schedlab.core.Moment;
import org.schedlab.core.Numbers;
import org.schedlab.core.Partition;
import org.schedlab.core.Problem;
import org.schedlab.core.ProblemState;
import org.schedlab.core.RunControl;
import org.schedlab.core.Scenario;
import org.schedlab.core.Share;
import org.schedlab.core.ShareAmount;
import org.schedlab.core.ShareKind;
import org.schedlab.core.SourceLocation;
import org.schedlab.core.Srm;
import org.schedlab.core.Topology;
import org.schedlab.core.User;
import org.schedlab.core.VcpuRef;
import org.schedlab.core.VirtualCpu;
import org.schedlab.grammar.ScenarioLanguageParser.AtContext;
import org.schedlab.grammar.ScenarioLanguageParser.CpupoolContext;
import org.schedlab.grammar.ScenarioLanguageParser.DspsliceContext;
import org.schedlab.grammar.ScenarioLanguageParser.DspwdmethodContext;
import org.schedlab.grammar.ScenarioLanguageParser.DurationContext;
import org.schedlab.grammar.ScenarioLanguageParser.EngineTypeContext;
import org.schedlab.grammar.ScenarioLanguageParser.IntervalContext;
import org.schedlab.grammar.ScenarioLanguageParser.LogoffContext;
import org.schedlab.grammar.ScenarioLanguageParser.LogonContext;
import org.schedlab.grammar.ScenarioLanguageParser.LparContext;
import org.schedlab.grammar.ScenarioLanguageParser.MultithreadContext;
import org.schedlab.grammar.ScenarioLanguageParser.PolarizationContext;
import org.schedlab.grammar.ScenarioLanguageParser.PoolCapContext;
import org.schedlab.grammar.ScenarioLanguageParser.ProblemContext;
import org.schedlab.grammar.ScenarioLanguageParser.RunOptionContext;
import org.schedlab.grammar.ScenarioLanguageParser.RunitContext;
import org.schedlab.grammar.ScenarioLanguageParser.SeedContext;
import org.schedlab.grammar.ScenarioLanguageParser.SetContext;
import org.schedlab.grammar.ScenarioLanguageParser.ShareAmountContext;
import org.schedlab.grammar.ScenarioLanguageParser.ShareContext;
import org.schedlab.grammar.ScenarioLanguageParser.ShareValueContext;
import org.schedlab.grammar.ScenarioLanguageParser.SrmContext;
import org.schedlab.grammar.ScenarioLanguageParser.SrmSettingContext;
import org.schedlab.grammar.ScenarioLanguageParser.StartContext;
import org.schedlab.grammar.ScenarioLanguageParser.StatementContext;
import org.schedlab.grammar.ScenarioLanguageParser.StopContext;
import org.schedlab.grammar.ScenarioLanguageParser.TopologyContext;
import org.schedlab.grammar.ScenarioLanguageParser.TypeCountContext;
import org.schedlab.grammar.ScenarioLanguageParser.UserContext;
import org.schedlab.grammar.ScenarioLanguageParser.VcpuContext;
import org.schedlab.grammar.ScenarioLanguageParser.VcpuRefContext;

/**
 * Turns the statements of a file, line by line, into core records, checking everything the syntax
 * cannot: structure (a VCPU needs a USER, a USER a PROBLEM...), uniqueness, ranges. It reports
 * every error and builds records only from what is valid, so no core constructor ever sees a
 * value it would reject. After an error, later checks that would only repeat it are skipped: a
 * VCPU after a broken USER line is not "before any USER". Numbers are read by {@link WrittenValues}.
 *
 * <p>Changes ({@code AT} blocks) are checked against the problem as it stands where they are written,
 * through {@link ProblemState}, so a change to a user not logged on then is reported at the change. A
 * line of a user, a virtual CPU or a logon, logoff, stop or start that had an error leaves that state
 * uncertain, and the checks against it stop for the rest of the problem rather than echo the error.
 *
 * <p>One visit method per statement, all sharing the state of the open LPAR, problem and user that the
 * structural checks need; split up, that state would be passed around.
 */
final class ScenarioBuilder extends ScenarioLanguageBaseVisitor<Void> {

    private static final Pattern SHARE_SUFFIX = Pattern.compile("-([RA])([LS]?)");

    private final String fileName;
    private final List<Diagnostic> diagnostics;
    private final WrittenValues values;
    private final List<Problem> problems = new ArrayList<>();
    private final Map<String, Integer> problemLines = new HashMap<>();
    private Optional<Lpar> lpar = Optional.empty();
    private Optional<OpenProblem> open = Optional.empty();

    ScenarioBuilder(String fileName, List<Diagnostic> diagnostics) {
        this.fileName = fileName;
        this.diagnostics = diagnostics;
        this.values = new WrittenValues(fileName, diagnostics);
    }

    /** Takes the next line's statement; one that did not parse only keeps the structure in step. */
    void accept(StatementContext statement, boolean parsed) {
        int mark = diagnostics.size();
        if (parsed) {
            visit(statement);
        } else {
            keepInStep(statement);
        }
        ParseTree kind = statement.getChild(0);
        // A syntax error is reported before the statement gets here.
        if ((!parsed || diagnostics.size() > mark) && (kind instanceof UserContext || kind instanceof VcpuContext
                || kind instanceof LogonContext || kind instanceof LogoffContext || kind instanceof StopContext
                || kind instanceof StartContext)) {
            open.ifPresent(p -> p.uncertain = true);
        }
    }

    Scenario finish() throws InputException {
        open.ifPresent(p -> p.name.ifPresent(name -> error(p.location, "problem " + name + " is not closed by RUNIT")));
        // Said only of an otherwise clean file (which has built every problem it has): after an
        // error, a missing PROBLEM is most likely a mistyped one, which is reported already.
        if (diagnostics.isEmpty() && problems.isEmpty()) {
            error(new SourceLocation(fileName, 1, 1), "no PROBLEM in the file");
        }
        if (!diagnostics.isEmpty()) {
            throw new InputException(diagnostics);
        }
        return new Scenario(fileName, problems);
    }

    @Override
    public Void visitLpar(LparContext ctx) {
        insideProblem(ctx.LPAR());
        int mark = diagnostics.size();
        Map<EngineType, Integer> cores = new LinkedHashMap<>();
        Set<EngineType> listed = EnumSet.noneOf(EngineType.class);
        for (TypeCountContext count : ctx.typeCount()) {
            EngineType type = engineType(count.engineType());
            if (!listed.add(type)) {
                error(count, "engine type " + type + " listed twice in LPAR");
                continue;
            }
            values.whole(count.NUMBER(), Limits.CORES, type + " core count must be " + Limits.CORES.rule())
                    .ifPresent(n -> cores.put(type, n));
        }
        long logical = Limits.logicalCpus(cores, Map.of());
        boolean tooLarge = logical > Limits.MAX_LOGICAL_CPUS;
        if (tooLarge) {
            error(ctx.LPAR(), "the LPAR has " + logical + " logical CPUs, at most " + Limits.MAX_LOGICAL_CPUS + " are allowed");
        }
        lpar = Optional.of(new Lpar(at(ctx), cores, diagnostics.size() > mark));
        lpar.get().tooLarge = tooLarge;
        return null;
    }

    @Override
    public Void visitMultithread(MultithreadContext ctx) {
        Optional<Lpar> target = settingTarget(ctx.MULTITHREAD());
        TypeCountContext count = ctx.typeCount();
        EngineType type = engineType(count.engineType());
        boolean lacking = target.filter(l -> l.lacks(type)).isPresent();
        if (lacking) {
            error(count, "MULTITHREAD for " + type + ", but the LPAR has no " + type);
        }
        OptionalInt threads = values.whole(count.NUMBER(), Limits.THREADS, "MULTITHREAD must be 1 or 2 threads per core");
        if (!lacking && threads.isPresent()) {
            target.ifPresent(l -> {
                Map<EngineType, Integer> after = new LinkedHashMap<>(l.threads);
                after.put(type, threads.getAsInt());
                long logical = Limits.logicalCpus(l.cores, after);
                if (logical > Limits.MAX_LOGICAL_CPUS && !l.tooLarge) {
                    error(count.NUMBER(), "MULTITHREAD " + type + "." + threads.getAsInt() + " gives the LPAR " + logical
                            + " logical CPUs, at most " + Limits.MAX_LOGICAL_CPUS + " are allowed");
                } else {
                    l.threads.put(type, threads.getAsInt());
                }
            });
        }
        return null;
    }

    @Override
    public Void visitTopology(TopologyContext ctx) {
        Optional<Lpar> target = settingTarget(ctx.TOPOLOGY());
        OptionalInt chip = values.whole(ctx.chips().NUMBER(), Limits.CORES_PER_CHIP,
                "CHIP (cores per chip) must be " + Limits.CORES_PER_CHIP.rule());
        OptionalInt node = values.whole(ctx.nodes().NUMBER(), Limits.CHIPS_PER_NODE,
                "NODE (chips per node) must be " + Limits.CHIPS_PER_NODE.rule());
        if (chip.isPresent() && node.isPresent()) {
            target.ifPresent(l -> l.topology = new Topology(chip.getAsInt(), node.getAsInt(), at(ctx)));
        }
        return null;
    }

    @Override
    public Void visitSrm(SrmContext ctx) {
        Optional<Lpar> target = settingTarget(ctx.SRM());
        SrmSettingContext setting = ctx.srmSetting();
        if (setting instanceof DspsliceContext slice) {
            values.inRange(slice.NUMBER(), Limits.DSPSLICE_MS, "DSPSLICE must be " + Limits.DSPSLICE_MS.rule() + " ms")
                    .ifPresent(ms -> target.ifPresent(l -> l.srm = l.srm.withDispatchSliceMs(ms)));
        } else if (setting instanceof DspwdmethodContext method) {
            Srm.WorkDistribution distribution = Srm.WorkDistribution.valueOf(upper(method.getStop()));
            target.ifPresent(l -> l.srm = l.srm.withWorkDistribution(distribution));
        } else if (setting instanceof PolarizationContext polarization) {
            Srm.Polarization mode = Srm.Polarization.valueOf(upper(polarization.getStop()));
            target.ifPresent(l -> l.srm = l.srm.withPolarization(mode));
        }
        return null;
    }

    @Override
    public Void visitCpupool(CpupoolContext ctx) {
        Optional<Lpar> target = settingTarget(ctx.CPUPOOL());
        int mark = diagnostics.size();
        String name = ctx.name().getText();
        target.ifPresent(l -> {
            Integer first = l.poolLines.putIfAbsent(name.toUpperCase(Locale.ROOT), line(ctx));
            if (first != null) {
                error(ctx.name(), "duplicate CPU pool " + name + " (first at line " + first + ")");
            }
        });
        EngineType type = engineType(ctx.engineType());
        if (!type.canHaveCpuPool()) {
            error(ctx.engineType(), "CPU pool " + name + " must be CP or IFL, got " + type);
        } else if (target.filter(l -> l.lacks(type)).isPresent()) {
            error(ctx.engineType(), "CPU pool " + name + " is " + type + ", but the LPAR has no " + type);
        }
        CpuPool.Kind kind = capKind(ctx.poolCap());
        OptionalDouble value = capValue(ctx.poolCap());
        boolean valid = diagnostics.size() == mark;
        target.ifPresent(l -> {
            if (valid) {
                l.pools.add(new CpuPool(name, type, kind, value.orElseThrow(), at(ctx)));
            } else {
                l.faulty = true;
            }
        });
        return null;
    }

    private static CpuPool.Kind capKind(PoolCapContext cap) {
        return cap.LIMITHARD() != null ? CpuPool.Kind.LIMITHARD : CpuPool.Kind.CAPACITY;
    }

    private OptionalDouble capValue(PoolCapContext cap) {
        return capKind(cap) == CpuPool.Kind.LIMITHARD
                ? values.inRange(cap.NUMBER(), Limits.POOL_LIMITHARD_PERCENT, "LIMITHARD must be " + Limits.POOL_LIMITHARD_PERCENT.rule() + "%")
                : values.inRange(cap.NUMBER(), Limits.POOL_CAPACITY, "CAPACITY must be " + Limits.POOL_CAPACITY.rule() + " logical CPUs");
    }

    @Override
    public Void visitProblem(ProblemContext ctx) {
        String name = ctx.name().getText();
        open.flatMap(p -> p.name).ifPresent(previous ->
                error(ctx.PROBLEM(), "problem " + previous + " is not closed by RUNIT before PROBLEM " + name));
        Integer first = problemLines.putIfAbsent(name.toUpperCase(Locale.ROOT), line(ctx));
        if (first != null) {
            error(ctx.name(), "duplicate problem " + name + " (first at line " + first + ")");
        }
        if (lpar.isEmpty()) {
            error(ctx.PROBLEM(), "problem " + name + " has no LPAR before it");
        }
        open = Optional.of(new OpenProblem(Optional.of(name), at(ctx), lpar.flatMap(Lpar::partition)));
        return null;
    }

    @Override
    public Void visitUser(UserContext ctx) {
        String name = ctx.name(0).getText();
        OpenProblem problem = open.orElseGet(() -> {
            error(ctx.USER(), "USER " + name + " outside a PROBLEM");
            return openUnnamed(at(ctx));
        });
        if (!problem.moments.isEmpty()) {
            error(ctx.USER(), "USER " + name + " after an AT" + problem.in() + ": a user that logs on during the run is a LOGON");
            // Most likely meant as one: its AT is not empty.
            problem.moment.ifPresent(m -> m.sawChange = true);
        }
        if (++problem.userStatements == Limits.MAX_USERS + 1) {
            error(ctx.USER(), "too many users" + problem.in() + ": at most " + Limits.MAX_USERS + " are allowed");
        }
        Integer first = problem.userLines.putIfAbsent(User.key(name), line(ctx));
        if (first != null) {
            error(ctx.name(0), "duplicate user " + name + problem.in() + " (first at line " + first + ")");
        }
        List<Share> shares = shares(ctx.share(), name);
        Optional<String> pool = Optional.ofNullable(ctx.POOL()).map(p -> ctx.name(1).getText());
        pool.ifPresent(p -> problem.partition.filter(partition -> partition.cpuPool(p).isEmpty())
                .ifPresent(partition -> error(ctx.name(1), "user " + name + " names undefined CPU pool " + p)));
        boolean affinity = ctx.affinity() == null || ctx.affinity().ON() != null;
        startUser(problem, Optional.of(new User(name, shares, pool, affinity, List.of(), at(ctx))));
        return null;
    }

    @Override
    public Void visitVcpu(VcpuContext ctx) {
        OpenProblem problem;
        if (open.isEmpty()) {
            error(ctx.VCPU(), "VCPU outside a PROBLEM");
            problem = openUnnamed(at(ctx));
            startUser(problem, Optional.empty());
        } else {
            problem = open.get();
            if (problem.user.isEmpty()) {
                error(ctx.VCPU(), problem.moments.isEmpty() ? "VCPU before any USER" + problem.in()
                        : "VCPU not under a USER or LOGON" + problem.in());
                startUser(problem, Optional.empty());
            }
        }
        OpenUser user = problem.user.orElseThrow();
        user.sawVcpu = true;
        if (++problem.vcpuStatements == Limits.MAX_VCPUS + 1) {
            error(ctx.VCPU(), "too many virtual CPUs" + problem.in() + ": at most " + Limits.MAX_VCPUS + " are allowed");
        }
        int mark = diagnostics.size();

        String address = ctx.address().getText();
        Optional<String> addressProblem = VirtualCpu.addressProblem(address);
        addressProblem.ifPresent(m -> error(ctx.address(), m));
        if (addressProblem.isEmpty()) {
            Integer first = user.addressLines.putIfAbsent(Integer.parseInt(address, 16), line(ctx));
            if (first != null) {
                error(ctx.address(), "duplicate VCPU address " + address + user.of() + " (first at line " + first + ")");
            }
        }
        Demand demand = Demand.UNBOUNDED;
        TerminalNode percentText = ctx.demand().NUMBER();
        if (percentText != null) {
            OptionalDouble percent = values.inRange(percentText, Limits.DEMAND_PERCENT, Demand.RULE);
            if (percent.isPresent()) {
                demand = Demand.of(percent.getAsDouble());
            }
        }
        if (diagnostics.size() > mark) {
            return null;
        }
        VirtualCpu vcpu = new VirtualCpu(address, engineType(ctx.engineType()), demand, ctx.STOPPED() != null, at(ctx));
        Optional<Partition> partition = problem.partition;
        Optional<User> header = user.header;
        if (partition.isPresent() && header.isPresent() && !Problem.canRun(partition.get(), header.get(), vcpu)) {
            error(ctx.engineType(), cannotRun(header.get(), vcpu, partition.get()));
            return null;
        }
        user.vcpus.add(vcpu);
        return null;
    }

    @Override
    public Void visitRunit(RunitContext ctx) {
        if (open.isEmpty()) {
            error(ctx.RUNIT(), "RUNIT outside a PROBLEM");
        }
        RunControl run = runControl(ctx.runOption());
        open.ifPresent(problem -> {
            finishUser(problem);
            closeMoment(problem);
            // VCPUs with no USER before them have been reported as such.
            if (problem.userStatements == 0 && problem.vcpuStatements == 0) {
                problem.name.ifPresent(name -> error(problem.location, "problem " + name + " has no USER"));
            }
            run.duration().ifPresent(duration -> {
                for (OpenMoment m : problem.moments) {
                    if (m.at.filter(at -> at.compareTo(duration) >= 0).isPresent()) {
                        error(m.timeAt, "AT " + m.timeText + " is not before the end of the run (DURATION "
                                + ctx.runOption().stream().filter(o -> o instanceof DurationContext).findFirst()
                                        .map(o -> ((DurationContext) o).TIME().getText()).orElseThrow() + ")");
                    }
                }
            });
            // One error anywhere and the file yields nothing, so only problems of a clean file are
            // built; in a clean file every open problem has a name and a partition, and every AT a time.
            if (diagnostics.isEmpty()) {
                List<Moment> timeline = problem.moments.stream()
                        .map(m -> new Moment(m.at.orElseThrow(), m.changes, m.location)).toList();
                problems.add(new Problem(problem.name.orElseThrow(), problem.partition.orElseThrow(), problem.users, run,
                        problem.location, timeline));
            }
        });
        open = Optional.empty();
        return null;
    }

    /**
     * A statement that did not parse has its error reported already. Keep the structure as if it
     * had been right, so that the lines after it are not blamed for its absence.
     */
    private void keepInStep(StatementContext statement) {
        ParseTree kind = statement.getChild(0);
        if (kind instanceof LparContext lparStatement) {
            lpar = Optional.of(new Lpar(at(lparStatement), Map.of(), true));
        } else if (kind instanceof CpupoolContext) {
            lpar.ifPresent(l -> l.faulty = true);
        } else if (kind instanceof ProblemContext problemStatement) {
            openUnnamed(at(problemStatement));
        } else if (kind instanceof UserContext userStatement) {
            OpenProblem problem = open.orElseGet(() -> openUnnamed(at(userStatement)));
            problem.userStatements++;
            startUser(problem, Optional.empty());
        } else if (kind instanceof VcpuContext) {
            open.flatMap(p -> p.user).ifPresent(u -> u.sawVcpu = true);
        } else if (kind instanceof RunitContext) {
            open = Optional.empty();
        } else if (kind instanceof AtContext atStatement) {
            open.ifPresent(p -> {
                finishUser(p);
                closeMoment(p);
                openMoment(p, new OpenMoment(at(atStatement), at(atStatement), "", Optional.empty(), line(atStatement)));
            });
        } else if (kind instanceof LogonContext logonStatement) {
            OpenProblem problem = open.orElseGet(() -> openUnnamed(at(logonStatement)));
            problem.userStatements++;
            finishUser(problem);
            problem.moment.ifPresent(m -> m.sawChange = true);
            problem.user = Optional.of(new OpenUser(Optional.empty(), true, Optional.empty()));
        } else if (kind instanceof SetContext || kind instanceof LogoffContext || kind instanceof StopContext
                || kind instanceof StartContext) {
            open.ifPresent(p -> {
                finishUser(p);
                p.moment.ifPresent(m -> m.sawChange = true);
            });
        }
    }

    @Override
    public Void visitAt(AtContext ctx) {
        if (open.isEmpty()) {
            error(ctx.AT(), "AT outside a PROBLEM");
            return null;
        }
        OpenProblem problem = open.get();
        finishUser(problem);
        closeMoment(problem);
        if (++problem.atStatements == Limits.MAX_MOMENTS + 1) {
            error(ctx.AT(), "too many AT blocks" + problem.in() + ": at most " + Limits.MAX_MOMENTS + " are allowed");
        }
        Optional<Duration> time = values.time("AT", ctx.TIME());
        time.ifPresent(t -> problem.moments.stream().filter(m -> m.at.isPresent()).reduce((a, b) -> b).ifPresent(previous -> {
            int order = t.compareTo(previous.at.get());
            if (order == 0) {
                error(ctx.TIME(), "AT " + ctx.TIME().getText() + " given twice (first at line " + previous.line
                        + "): one AT block holds every change of an instant");
            } else if (order < 0) {
                error(ctx.TIME(), "AT " + ctx.TIME().getText() + " comes after AT " + previous.timeText + " (line "
                        + previous.line + "): AT blocks go in order of time");
            }
        }));
        openMoment(problem, new OpenMoment(at(ctx), at(ctx.TIME().getSymbol()), ctx.TIME().getText(), time, line(ctx)));
        return null;
    }

    /** The first AT starts checking changes against the problem as it stands: its users so far. */
    private void openMoment(OpenProblem problem, OpenMoment moment) {
        if (problem.moments.isEmpty() && !problem.uncertain && problem.partition.isPresent()) {
            problem.state = Optional.of(new ProblemState(problem.partition.get(), problem.users));
        }
        problem.moments.add(moment);
        problem.moment = Optional.of(moment);
    }

    /** An AT with nothing under it would change nothing: most likely its changes were meant elsewhere. */
    private void closeMoment(OpenProblem problem) {
        // An AT whose time could not be read has been reported already.
        problem.moment.filter(m -> m.changes.isEmpty() && !m.sawChange && m.at.isPresent())
                .ifPresent(m -> error(m.location, "AT " + m.timeText + " has no changes"));
        problem.moment = Optional.empty();
    }

    /**
     * The AT block a change statement belongs to, with the open user finished first (a LOGON's user
     * joins its block before the change after it); empty, after reporting it, when there is none.
     */
    private Optional<OpenMoment> changeTarget(String statement, TerminalNode keyword) {
        if (open.isEmpty()) {
            error(keyword, statement + " outside a PROBLEM");
            return Optional.empty();
        }
        OpenProblem problem = open.get();
        finishUser(problem);
        if (problem.moment.isEmpty()) {
            error(keyword, statement + " before any AT" + problem.in() + ": changes during the run go under AT <time>");
        }
        problem.moment.ifPresent(m -> m.sawChange = true);
        return problem.moment;
    }

    /**
     * Adds a change to its block, if the problem as it stands allows it; otherwise reports why at
     * {@code where}, with the block's time.
     */
    private void change(OpenMoment moment, Change change, ParserRuleContext where) {
        OpenProblem problem = open.orElseThrow();
        if (problem.state.isPresent() && !problem.uncertain) {
            Optional<String> refusal = problem.state.get().check(change);
            if (refusal.isPresent()) {
                error(where, refusal.get() + " at " + moment.timeText);
                return;
            }
            problem.state.get().apply(change);
        }
        moment.changes.add(change);
    }

    @Override
    public Void visitSet(SetContext ctx) {
        String statement = "SET " + upper(ctx.getChild(1) instanceof TerminalNode t ? t.getSymbol() : ctx.getStart());
        Optional<OpenMoment> moment = changeTarget(statement, ctx.SET());
        int mark = diagnostics.size();
        if (ctx.SHARE() != null) {
            String user = ctx.name().getText();
            List<Share> shares = ctx.TYPE() != null ? cpShare(ctx).stream().toList() : shares(ctx.share(), user);
            if (diagnostics.size() == mark) {
                moment.ifPresent(m -> change(m, new Change.SetShare(user, shares, at(ctx)), ctx.name()));
            }
        } else if (ctx.DEMAND() != null) {
            Optional<VcpuRef> ref = vcpuRef(ctx.vcpuRef());
            Optional<Demand> demand = demand(ctx.demand().NUMBER());
            if (ref.isPresent() && demand.isPresent()) {
                moment.ifPresent(m -> change(m, new Change.SetDemand(ref.get(), demand.get(), at(ctx)), ctx.vcpuRef()));
            }
        } else {
            String pool = ctx.name().getText();
            open.flatMap(p -> p.partition).filter(p -> p.cpuPool(pool).isEmpty())
                    .ifPresent(p -> error(ctx.name(), "SET CPUPOOL names undefined CPU pool " + pool));
            CpuPool.Kind kind = capKind(ctx.poolCap());
            OptionalDouble value = capValue(ctx.poolCap());
            if (diagnostics.size() == mark) {
                moment.ifPresent(m -> change(m, new Change.SetCpuPool(pool, kind, value.getAsDouble(), at(ctx)), ctx.name()));
            }
        }
        return null;
    }

    /** CP's {@code TYPE CP RELATIVE 300 ABSOLUTE 20% LIMITHARD}: one share, NOLIMIT or nothing for no limit. */
    private Optional<Share> cpShare(SetContext ctx) {
        int mark = diagnostics.size();
        Optional<ShareAmount> min = amount(ctx.shareAmount(0));
        Optional<LimitShare> limit = Optional.empty();
        if (ctx.shareAmount().size() > 1) {
            LimitMode mode = ctx.LIMITHARD() != null ? LimitMode.HARD : LimitMode.SOFT;
            limit = amount(ctx.shareAmount(1)).map(a -> new LimitShare(a, mode));
        }
        if (diagnostics.size() > mark) {
            return Optional.empty();
        }
        return Optional.of(new Share(engineType(ctx.engineType()), min.orElseThrow(), limit, at(ctx.TYPE().getSymbol())));
    }

    private Optional<ShareAmount> amount(ShareAmountContext ctx) {
        ShareKind kind = ctx.RELATIVE() != null ? ShareKind.RELATIVE : ShareKind.ABSOLUTE;
        Limits.Range range = kind == ShareKind.RELATIVE ? Limits.RELATIVE_SHARE : Limits.ABSOLUTE_SHARE;
        OptionalDouble value = values.inRange(ctx.NUMBER(), range, ShareAmount.rule(kind));
        return value.isPresent() ? Optional.of(new ShareAmount(kind, value.getAsDouble())) : Optional.empty();
    }

    @Override
    public Void visitLogon(LogonContext ctx) {
        String keyword = upper(ctx.getStart());
        String name = ctx.name(0).getText();
        Optional<OpenMoment> moment;
        OpenProblem problem;
        if (open.isEmpty()) {
            error(ctx.getStart(), keyword + " " + name + " outside a PROBLEM");
            problem = openUnnamed(at(ctx));
            moment = Optional.empty();
        } else {
            problem = open.get();
            moment = changeTarget(keyword, (TerminalNode) ctx.getChild(0));
        }
        if (++problem.userStatements == Limits.MAX_USERS + 1) {
            error(ctx.getStart(), "too many users" + problem.in() + ": at most " + Limits.MAX_USERS + " are allowed");
        }
        int mark = diagnostics.size();
        List<Share> shares = shares(ctx.share(), name);
        Optional<String> pool = Optional.ofNullable(ctx.POOL()).map(p -> ctx.name(1).getText());
        pool.ifPresent(p -> problem.partition.filter(partition -> partition.cpuPool(p).isEmpty())
                .ifPresent(partition -> error(ctx.name(1), "user " + name + " names undefined CPU pool " + p)));
        boolean affinity = ctx.affinity() == null || ctx.affinity().ON() != null;
        User header = new User(name, shares, pool, affinity, List.of(), at(ctx));
        if (diagnostics.size() == mark && !problem.uncertain) {
            moment.ifPresent(m -> problem.state.flatMap(state -> state.check(new Change.Logon(header)))
                    .ifPresent(refusal -> error(ctx.name(0), refusal + " at " + m.timeText)));
        }
        problem.user = Optional.of(new OpenUser(Optional.of(header), true, moment));
        return null;
    }

    @Override
    public Void visitLogoff(LogoffContext ctx) {
        String keyword = upper(ctx.getStart());
        changeTarget(keyword, (TerminalNode) ctx.getChild(0))
                .ifPresent(m -> change(m, new Change.Logoff(ctx.name().getText(), at(ctx)), ctx.name()));
        return null;
    }

    @Override
    public Void visitStop(StopContext ctx) {
        Optional<OpenMoment> moment = changeTarget("STOP", ctx.STOP());
        vcpuRef(ctx.vcpuRef()).ifPresent(ref -> moment.ifPresent(m -> change(m, new Change.Stop(ref, at(ctx)), ctx.vcpuRef())));
        return null;
    }

    @Override
    public Void visitStart(StartContext ctx) {
        Optional<OpenMoment> moment = changeTarget("START", ctx.START());
        vcpuRef(ctx.vcpuRef()).ifPresent(ref -> moment.ifPresent(m -> change(m, new Change.Start(ref, at(ctx)), ctx.vcpuRef())));
        return null;
    }

    /**
     * {@code B.0}. For a user named by a number, {@code 7.0} is one NUMBER token and {@code 7.0A} a NUMBER
     * and a NAME: the number is split at its dot and the name, if any, ends the address.
     */
    private Optional<VcpuRef> vcpuRef(VcpuRefContext ctx) {
        String user;
        String address;
        SourceLocation addressAt;
        if (ctx.NUMBER() != null) {
            Token number = ctx.NUMBER().getSymbol();
            String text = number.getText();
            int dot = text.indexOf('.');
            if (dot < 0) {
                error(ctx, "expected a virtual CPU like B.0, found '" + text + "'");
                return Optional.empty();
            }
            user = text.substring(0, dot);
            address = text.substring(dot + 1) + (ctx.NAME() == null ? "" : ctx.NAME().getText());
            addressAt = new SourceLocation(fileName, number.getLine(), number.getCharPositionInLine() + dot + 2);
        } else {
            user = ctx.name().getText();
            address = ctx.address().getText();
            addressAt = at(ctx.address());
        }
        Optional<String> problem = VirtualCpu.addressProblem(address);
        if (problem.isPresent()) {
            error(addressAt, problem.get());
            return Optional.empty();
        }
        return Optional.of(new VcpuRef(user, address));
    }

    /** A written demand, {@code *} when there is no number. */
    private Optional<Demand> demand(TerminalNode percentText) {
        if (percentText == null) {
            return Optional.of(Demand.UNBOUNDED);
        }
        OptionalDouble percent = values.inRange(percentText, Limits.DEMAND_PERCENT, Demand.RULE);
        return percent.isPresent() ? Optional.of(Demand.of(percent.getAsDouble())) : Optional.empty();
    }

    private void insideProblem(TerminalNode keyword) {
        open.flatMap(p -> p.name).ifPresent(name ->
                error(keyword, upper(keyword.getSymbol()) + " inside problem " + name + ": close it with RUNIT first"));
    }

    /** The LPAR a MULTITHREAD, TOPOLOGY, SRM or CPUPOOL statement changes, if there is one. */
    private Optional<Lpar> settingTarget(TerminalNode keyword) {
        insideProblem(keyword);
        if (lpar.isEmpty()) {
            error(keyword, upper(keyword.getSymbol()) + " before any LPAR");
        }
        return lpar;
    }

    private void startUser(OpenProblem problem, Optional<User> header) {
        finishUser(problem);
        problem.user = Optional.of(new OpenUser(header, false, Optional.empty()));
    }

    /**
     * A user with nothing to run would make its problem pass whatever the scheduler does, so it is an
     * error; a user whose VCPU lines were all broken has had those reported already.
     */
    private void finishUser(OpenProblem problem) {
        problem.user.ifPresent(u -> {
            u.header.filter(h -> !u.sawVcpu).ifPresent(h -> error(h.location(), "user " + h.name() + problem.in() + " has no VCPU"));
            Optional<User> user = u.build();
            if (!u.logon) {
                user.ifPresent(problem.users::add);
                return;
            }
            // Its line was checked against the state, which has not changed since: only VCPU lines followed.
            u.moment.ifPresent(m -> user.ifPresent(built -> {
                Change logon = new Change.Logon(built);
                if (problem.state.isPresent() && !problem.uncertain) {
                    problem.state.get().apply(logon);
                }
                m.changes.add(logon);
            }));
        });
        problem.user = Optional.empty();
    }

    private OpenProblem openUnnamed(SourceLocation location) {
        OpenProblem problem = new OpenProblem(Optional.empty(), location, Optional.empty());
        open = Optional.of(problem);
        return problem;
    }

    private List<Share> shares(List<ShareContext> tokens, String user) {
        List<Share> shares = new ArrayList<>();
        Set<EngineType> given = EnumSet.noneOf(EngineType.class);
        for (ShareContext token : tokens) {
            EngineType type = engineType(token.engineType());
            if (given.add(type)) {
                share(token, type).ifPresent(shares::add);
            } else {
                error(token, "duplicate " + type + " share for user " + user);
            }
        }
        return shares;
    }

    /**
     * {@code ZIIP.200-R,50-RL}: a min-share and a limit. A min-share written with L or S
     * ({@code ZIIP.25-AL}) is also the limit, with the same value.
     */
    private Optional<Share> share(ShareContext token, EngineType type) {
        int mark = diagnostics.size();
        ShareValueContext minText = token.shareValue(0);
        Optional<Suffix> minSuffix = suffix(minText);
        Optional<ShareAmount> min = minSuffix.flatMap(s -> amount(minText, s.kind()));
        Optional<LimitMode> minMode = minSuffix.flatMap(Suffix::mode);
        Optional<LimitShare> limit = minMode.flatMap(mode -> min.map(amount -> new LimitShare(amount, mode)));
        if (token.shareValue().size() > 1) {
            ShareValueContext limitText = token.shareValue(1);
            if (minMode.isPresent()) {
                error(limitText, upper(minText) + " is both min-share and limit: a second limit is not allowed");
            } else {
                limit = limit(limitText);
            }
        }
        return diagnostics.size() > mark ? Optional.empty() : Optional.of(new Share(type, min.orElseThrow(), limit, at(token)));
    }

    private Optional<LimitShare> limit(ShareValueContext text) {
        return suffix(text).flatMap(suffix -> {
            if (suffix.mode().isEmpty()) {
                String written = upper(text);
                error(text, "limit " + written + " must end in L (LIMITHARD) or S (LIMITSOFT): " + written + "L or " + written + "S");
                return Optional.empty();
            }
            return amount(text, suffix.kind()).map(amount -> new LimitShare(amount, suffix.mode().orElseThrow()));
        });
    }

    private Optional<Suffix> suffix(ShareValueContext text) {
        Matcher m = SHARE_SUFFIX.matcher(upper(text.SUFFIX().getSymbol()));
        if (!m.matches()) {
            error(text.SUFFIX(), "unknown share suffix " + text.SUFFIX().getText() + ": expected -R, -A, -RL, -AL, -RS or -AS");
            return Optional.empty();
        }
        ShareKind kind = m.group(1).equals("R") ? ShareKind.RELATIVE : ShareKind.ABSOLUTE;
        Optional<LimitMode> mode = m.group(2).isEmpty() ? Optional.empty()
                : Optional.of(m.group(2).equals("L") ? LimitMode.HARD : LimitMode.SOFT);
        return Optional.of(new Suffix(kind, mode));
    }

    private Optional<ShareAmount> amount(ShareValueContext text, ShareKind kind) {
        Limits.Range range = kind == ShareKind.RELATIVE ? Limits.RELATIVE_SHARE : Limits.ABSOLUTE_SHARE;
        BigDecimal value = new BigDecimal(text.NUMBER().getText());
        if (!range.contains(value)) {
            error(text, ShareAmount.rule(kind) + ", got " + text.NUMBER().getText());
            return Optional.empty();
        }
        return Optional.of(new ShareAmount(kind, value.doubleValue()));
    }

    private static String cannotRun(User user, VirtualCpu vcpu, Partition partition) {
        String vcpuOfUser = "VCPU " + vcpu.address() + " of user " + user.name() + " is " + vcpu.type();
        if (vcpu.type() == EngineType.CP) {
            return vcpuOfUser + ", but the LPAR has no CP";
        }
        if (partition.has(vcpu.type())) {
            return vcpuOfUser + " with CPUAFFINITY OFF, but the LPAR has no CP to simulate it on";
        }
        return vcpuOfUser + ", but the LPAR has no " + vcpu.type() + " and no CP to simulate it on";
    }

    private RunControl runControl(List<RunOptionContext> options) {
        Map<Integer, RunOptionContext> first = new HashMap<>();
        for (RunOptionContext option : options) {
            if (first.putIfAbsent(option.getStart().getType(), option) != null) {
                error(option, upper(option.getStart()) + " given twice in RUNIT");
            }
        }
        Optional<TerminalNode> durationText = Optional.ofNullable((DurationContext) first.get(ScenarioLanguageParser.DURATION))
                .map(DurationContext::TIME);
        Optional<TerminalNode> intervalText = Optional.ofNullable((IntervalContext) first.get(ScenarioLanguageParser.INTERVAL))
                .map(IntervalContext::TIME);
        Optional<Duration> duration = durationText.flatMap(t -> values.time("DURATION", t));
        Optional<Duration> interval = intervalText.flatMap(t -> values.time("INTERVAL", t));
        if (duration.isPresent() && interval.isPresent() && interval.get().compareTo(duration.get()) > 0) {
            error(intervalText.get(), "INTERVAL " + intervalText.get().getText() + " is longer than DURATION "
                    + durationText.get().getText());
        }
        SeedContext seed = (SeedContext) first.get(ScenarioLanguageParser.SEED);
        return new RunControl(duration, interval, seed == null ? OptionalLong.empty() : values.seed(seed.NUMBER()));
    }

    private static EngineType engineType(EngineTypeContext ctx) {
        return EngineType.fromName(ctx.getText()).orElseThrow();
    }

    private static String upper(Token token) {
        return token.getText().toUpperCase(Locale.ROOT);
    }

    private static String upper(ParserRuleContext ctx) {
        return ctx.getText().toUpperCase(Locale.ROOT);
    }

    private static int line(ParserRuleContext ctx) {
        return ctx.getStart().getLine();
    }

    private SourceLocation at(Token token) {
        return new SourceLocation(fileName, token.getLine(), token.getCharPositionInLine() + 1);
    }

    private SourceLocation at(ParserRuleContext ctx) {
        return at(ctx.getStart());
    }

    private void error(SourceLocation where, String message) {
        diagnostics.add(new Diagnostic(where, message));
    }

    private void error(ParserRuleContext where, String message) {
        error(at(where), message);
    }

    private void error(TerminalNode where, String message) {
        error(at(where.getSymbol()), message);
    }

    private void error(Token where, String message) {
        error(at(where), message);
    }

    /** A share suffix: {@code -R}, {@code -A}, or either with L (LIMITHARD) or S (LIMITSOFT). */
    private record Suffix(ShareKind kind, Optional<LimitMode> mode) {
    }

    /** The partition the next problems get: the last LPAR and the settings that followed it. */
    private static final class Lpar {

        final SourceLocation location;
        final Map<EngineType, Integer> cores;
        final Map<EngineType, Integer> threads = new LinkedHashMap<>();
        final Map<String, Integer> poolLines = new HashMap<>();
        final List<CpuPool> pools = new ArrayList<>();
        Topology topology;
        Srm srm = Srm.DEFAULT;
        /**
         * Its LPAR or a CPUPOOL had an error, so it may lack a type or a pool that was meant:
         * checks against it would only echo that error, and are skipped.
         */
        boolean faulty;
        /** Its LPAR statement already said it has too many logical CPUs: MULTITHREAD need not say it again. */
        boolean tooLarge;

        Lpar(SourceLocation location, Map<EngineType, Integer> cores, boolean faulty) {
            this.location = location;
            this.cores = cores;
            this.faulty = faulty;
            this.topology = Topology.singleChip(location);
        }

        boolean lacks(EngineType type) {
            return !faulty && !cores.containsKey(type);
        }

        Optional<Partition> partition() {
            return faulty ? Optional.empty() : Optional.of(new Partition(cores, threads, topology, srm, pools, location));
        }
    }

    /** The problem between a PROBLEM and its RUNIT. */
    private static final class OpenProblem {

        /** Empty when no valid PROBLEM statement opened it: it is never built or named in a message. */
        final Optional<String> name;
        final SourceLocation location;
        /** Empty without a usable LPAR; checks that need one are skipped. */
        final Optional<Partition> partition;
        final Map<String, Integer> userLines = new HashMap<>();
        final List<User> users = new ArrayList<>();
        Optional<OpenUser> user = Optional.empty();
        /** USER (and LOGON) and VCPU statements read, valid or not: for the size limits and the empty-problem check. */
        int userStatements;
        int vcpuStatements;
        int atStatements;
        /** Its AT blocks, and the one being read. */
        final List<OpenMoment> moments = new ArrayList<>();
        Optional<OpenMoment> moment = Optional.empty();
        /** The problem as it stands at the change being read; from the first AT on, when it can be known. */
        Optional<ProblemState> state = Optional.empty();
        /**
         * A line that defines users or virtual CPUs, or logs them on or off, stops or starts them, had an
         * error: who is logged on and what runs is no longer known, so changes are not checked against it.
         */
        boolean uncertain;

        OpenProblem(Optional<String> name, SourceLocation location, Optional<Partition> partition) {
            this.name = name;
            this.location = location;
            this.partition = partition;
        }

        String in() {
            return name.map(n -> " in problem " + n).orElse("");
        }

    }

    /** An AT block collecting its changes. */
    private static final class OpenMoment {

        final SourceLocation location;
        /** Where its time is written, and as written ({@code 20S}): messages quote it. */
        final SourceLocation timeAt;
        final String timeText;
        /** Empty when the time could not be read. */
        final Optional<Duration> at;
        final int line;
        final List<Change> changes = new ArrayList<>();
        /** A change statement followed it, valid or not. */
        boolean sawChange;

        OpenMoment(SourceLocation location, SourceLocation timeAt, String timeText, Optional<Duration> at, int line) {
            this.location = location;
            this.timeAt = timeAt;
            this.timeText = timeText;
            this.at = at;
            this.line = line;
        }
    }

    /** A user collecting its VCPUs. */
    private static final class OpenUser {

        /** The USER or LOGON statement's settings; empty when that line was unusable or missing. */
        final Optional<User> header;
        /** For a LOGON, the AT block it joins (empty when it had none); a USER is logged on from the start. */
        final boolean logon;
        final Optional<OpenMoment> moment;
        final Map<Integer, Integer> addressLines = new HashMap<>();
        final List<VirtualCpu> vcpus = new ArrayList<>();
        /** A VCPU statement followed it, valid or not. */
        boolean sawVcpu;

        OpenUser(Optional<User> header, boolean logon, Optional<OpenMoment> moment) {
            this.header = header;
            this.logon = logon;
            this.moment = moment;
        }

        String of() {
            return header.map(h -> " for user " + h.name()).orElse("");
        }

        Optional<User> build() {
            return header.map(h -> new User(h.name(), h.shares(), h.cpuPool(), h.cpuAffinity(), vcpus, h.location()));
        }
    }
}
