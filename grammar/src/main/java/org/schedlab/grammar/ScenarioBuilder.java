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
import org.schedlab.core.CpuPool;
import org.schedlab.core.Demand;
import org.schedlab.core.Diagnostic;
import org.schedlab.core.EngineType;
import org.schedlab.core.InputException;
import org.schedlab.core.LimitMode;
import org.schedlab.core.LimitShare;
import org.schedlab.core.Limits;
import org.schedlab.core.Limits.Range;
import org.schedlab.core.Numbers;
import org.schedlab.core.Partition;
import org.schedlab.core.Problem;
import org.schedlab.core.RunControl;
import org.schedlab.core.Scenario;
import org.schedlab.core.Share;
import org.schedlab.core.ShareAmount;
import org.schedlab.core.ShareKind;
import org.schedlab.core.SourceLocation;
import org.schedlab.core.Srm;
import org.schedlab.core.Topology;
import org.schedlab.core.User;
import org.schedlab.core.VirtualCpu;
import org.schedlab.grammar.ScenarioLanguageParser.CpupoolContext;
import org.schedlab.grammar.ScenarioLanguageParser.DspsliceContext;
import org.schedlab.grammar.ScenarioLanguageParser.DspwdmethodContext;
import org.schedlab.grammar.ScenarioLanguageParser.DurationContext;
import org.schedlab.grammar.ScenarioLanguageParser.EngineTypeContext;
import org.schedlab.grammar.ScenarioLanguageParser.IntervalContext;
import org.schedlab.grammar.ScenarioLanguageParser.LparContext;
import org.schedlab.grammar.ScenarioLanguageParser.MultithreadContext;
import org.schedlab.grammar.ScenarioLanguageParser.PolarizationContext;
import org.schedlab.grammar.ScenarioLanguageParser.PoolCapContext;
import org.schedlab.grammar.ScenarioLanguageParser.ProblemContext;
import org.schedlab.grammar.ScenarioLanguageParser.RunOptionContext;
import org.schedlab.grammar.ScenarioLanguageParser.RunitContext;
import org.schedlab.grammar.ScenarioLanguageParser.SeedContext;
import org.schedlab.grammar.ScenarioLanguageParser.ShareContext;
import org.schedlab.grammar.ScenarioLanguageParser.ShareValueContext;
import org.schedlab.grammar.ScenarioLanguageParser.SrmContext;
import org.schedlab.grammar.ScenarioLanguageParser.SrmSettingContext;
import org.schedlab.grammar.ScenarioLanguageParser.StatementContext;
import org.schedlab.grammar.ScenarioLanguageParser.TopologyContext;
import org.schedlab.grammar.ScenarioLanguageParser.TypeCountContext;
import org.schedlab.grammar.ScenarioLanguageParser.UserContext;
import org.schedlab.grammar.ScenarioLanguageParser.VcpuContext;

/**
 * Turns the statements of a file, line by line, into core records, checking everything the syntax
 * cannot: structure (a VCPU needs a USER, a USER a PROBLEM...), uniqueness, ranges. It reports
 * every error and builds records only from what is valid, so no core constructor ever sees a
 * value it would reject. After an error, later checks that would only repeat it are skipped: a
 * VCPU after a broken USER line is not "before any USER". Numbers are read by {@link WrittenValues}.
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
        if (parsed) {
            visit(statement);
        } else {
            keepInStep(statement);
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
        PoolCapContext cap = ctx.poolCap();
        CpuPool.Kind kind = cap.LIMITHARD() != null ? CpuPool.Kind.LIMITHARD : CpuPool.Kind.CAPACITY;
        OptionalDouble value = kind == CpuPool.Kind.LIMITHARD
                ? values.inRange(cap.NUMBER(), Limits.POOL_LIMITHARD_PERCENT, "LIMITHARD must be " + Limits.POOL_LIMITHARD_PERCENT.rule() + "%")
                : values.inRange(cap.NUMBER(), Limits.POOL_CAPACITY, "CAPACITY must be " + Limits.POOL_CAPACITY.rule() + " logical CPUs");
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
                error(ctx.VCPU(), "VCPU before any USER" + problem.in());
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
            // VCPUs with no USER before them have been reported as such.
            if (problem.userStatements == 0 && problem.vcpuStatements == 0) {
                problem.name.ifPresent(name -> error(problem.location, "problem " + name + " has no USER"));
            }
            // One error anywhere and the file yields nothing, so only problems of a clean file are
            // built; in a clean file every open problem has a name and a partition.
            if (diagnostics.isEmpty()) {
                problems.add(new Problem(problem.name.orElseThrow(), problem.partition.orElseThrow(), problem.users, run,
                        problem.location));
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
        }
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
        problem.user = Optional.of(new OpenUser(header));
    }

    /**
     * A user with nothing to run would make its problem pass whatever the scheduler does, so it is an
     * error; a user whose VCPU lines were all broken has had those reported already.
     */
    private void finishUser(OpenProblem problem) {
        problem.user.ifPresent(u -> {
            u.header.filter(h -> !u.sawVcpu).ifPresent(h -> error(h.location(), "user " + h.name() + problem.in() + " has no VCPU"));
            u.build().ifPresent(problem.users::add);
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
        /** USER and VCPU statements read, valid or not: for the size limits and the empty-problem check. */
        int userStatements;
        int vcpuStatements;

        OpenProblem(Optional<String> name, SourceLocation location, Optional<Partition> partition) {
            this.name = name;
            this.location = location;
            this.partition = partition;
        }

        String in() {
            return name.map(n -> " in problem " + n).orElse("");
        }

    }

    /** A user collecting its VCPUs. */
    private static final class OpenUser {

        /** The USER statement's settings; empty when that line was unusable or missing. */
        final Optional<User> header;
        final Map<Integer, Integer> addressLines = new HashMap<>();
        final List<VirtualCpu> vcpus = new ArrayList<>();
        /** A VCPU statement followed it, valid or not. */
        boolean sawVcpu;

        OpenUser(Optional<User> header) {
            this.header = header;
        }

        String of() {
            return header.map(h -> " for user " + h.name()).orElse("");
        }

        Optional<User> build() {
            return header.map(h -> new User(h.name(), h.shares(), h.cpuPool(), h.cpuAffinity(), vcpus, h.location()));
        }
    }
}
