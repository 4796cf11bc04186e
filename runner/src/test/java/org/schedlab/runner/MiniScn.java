package org.schedlab.runner;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.schedlab.core.CpuPool;
import org.schedlab.core.Demand;
import org.schedlab.core.EngineType;
import org.schedlab.core.LimitMode;
import org.schedlab.core.LimitShare;
import org.schedlab.core.Partition;
import org.schedlab.core.Problem;
import org.schedlab.core.RunControl;
import org.schedlab.core.Share;
import org.schedlab.core.ShareAmount;
import org.schedlab.core.ShareKind;
import org.schedlab.core.SourceLocation;
import org.schedlab.core.Srm;
import org.schedlab.core.Topology;
import org.schedlab.core.User;
import org.schedlab.core.VirtualCpu;

/**
 * A test-only reader for well-formed scenario text, so the runner's tests do not depend on the grammar
 * module. No error reporting: a malformed line throws.
 */
final class MiniScn {

    private MiniScn() {
    }

    static Problem file(String name) {
        try {
            Path p = Path.of("..", "scenarios", name + ".scn");
            return parse(Files.readString(p)).get(0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Problem one(String text) {
        return parse(text).get(0);
    }

    static List<Problem> parse(String text) {
        SourceLocation loc = SourceLocation.UNKNOWN;
        Map<EngineType, Integer> cores = new LinkedHashMap<>();
        Map<EngineType, Integer> threads = new LinkedHashMap<>();
        Topology topo = Topology.singleChip(loc);
        Srm srm = Srm.DEFAULT;
        List<CpuPool> pools = new ArrayList<>();
        List<Problem> out = new ArrayList<>();
        String problem = null;
        List<User> users = new ArrayList<>();
        String uName = null;
        List<Share> uShares = null;
        Optional<String> uPool = Optional.empty();
        boolean uAff = true;
        List<VirtualCpu> uV = null;
        for (String raw : text.split("\n")) {
            String line = raw;
            int a = line.indexOf("<-");
            if (a >= 0) {
                line = line.substring(0, a);
            }
            line = line.trim();
            if (line.isEmpty() || line.startsWith("*")) {
                continue;
            }
            String[] t = line.split("\\s+");
            switch (t[0].toUpperCase(Locale.ROOT)) {
                case "LPAR" -> {
                    cores = new LinkedHashMap<>();
                    threads = new LinkedHashMap<>();
                    topo = Topology.singleChip(loc);
                    srm = Srm.DEFAULT;
                    pools = new ArrayList<>();
                    for (int i = 1; i < t.length; i++) {
                        String[] x = t[i].split("\\.");
                        cores.put(type(x[0]), Integer.parseInt(x[1]));
                    }
                }
                case "MULTITHREAD" -> {
                    String[] x = t[1].split("\\.");
                    threads.put(type(x[0]), Integer.parseInt(x[1]));
                }
                case "TOPOLOGY" -> topo = new Topology(Integer.parseInt(t[1].split("\\.")[1]),
                        Integer.parseInt(t[2].split("\\.")[1]), loc);
                case "SRM" -> {
                    switch (t[1].toUpperCase(Locale.ROOT)) {
                        case "DSPSLICE" -> srm = srm.withDispatchSliceMs(Double.parseDouble(t[2]));
                        case "DSPWDMETHOD" -> srm = srm.withWorkDistribution(Srm.WorkDistribution.valueOf(t[2].toUpperCase(Locale.ROOT)));
                        default -> { }
                    }
                }
                case "CPUPOOL" -> pools.add(new CpuPool(t[1], type(t[2]), CpuPool.Kind.valueOf(t[3].toUpperCase(Locale.ROOT)),
                        Double.parseDouble(t[4].replace("%", "")), loc));
                case "PROBLEM" -> {
                    problem = t[1];
                    users = new ArrayList<>();
                }
                case "USER" -> {
                    if (uName != null) {
                        users.add(new User(uName, uShares, uPool, uAff, uV, loc));
                    }
                    uName = t[1];
                    uShares = new ArrayList<>();
                    uPool = Optional.empty();
                    uAff = true;
                    uV = new ArrayList<>();
                    for (int i = 2; i < t.length; i++) {
                        if (t[i].equalsIgnoreCase("POOL")) {
                            uPool = Optional.of(t[++i]);
                        } else if (t[i].equalsIgnoreCase("CPUAFFINITY")) {
                            uAff = t[++i].equalsIgnoreCase("ON");
                        } else {
                            uShares.add(share(t[i], loc));
                        }
                    }
                }
                case "VCPU" -> {
                    Demand d = t[3].equals("*") ? Demand.UNBOUNDED : Demand.of(Double.parseDouble(t[3]));
                    uV.add(new VirtualCpu(t[1], type(t[2]), d, t.length > 4 && t[4].equalsIgnoreCase("STOPPED"), loc));
                }
                case "RUNIT" -> {
                    users.add(new User(uName, uShares, uPool, uAff, uV, loc));
                    uName = null;
                    Partition part = new Partition(cores, threads, topo, srm, pools, loc);
                    out.add(new Problem(problem, part, users, new RunControl(Optional.empty(), Optional.empty(),
                            OptionalLong.empty()), loc));
                }
                default -> throw new IllegalArgumentException("unexpected line: " + raw);
            }
        }
        return out;
    }

    private static EngineType type(String s) {
        return EngineType.fromName(s).orElseThrow();
    }

    private static Share share(String tok, SourceLocation loc) {
        int dot = tok.indexOf('.');
        EngineType type = type(tok.substring(0, dot));
        String[] parts = tok.substring(dot + 1).split(",");
        ShareAmount min = amount(parts[0]);
        Optional<LimitShare> limit = Optional.empty();
        String suffix = parts[0].substring(parts[0].indexOf('-') + 1).toUpperCase(Locale.ROOT);
        if (suffix.length() == 2) {
            limit = Optional.of(new LimitShare(min, suffix.charAt(1) == 'L' ? LimitMode.HARD : LimitMode.SOFT));
        }
        if (parts.length > 1) {
            String s = parts[1].substring(parts[1].indexOf('-') + 1).toUpperCase(Locale.ROOT);
            limit = Optional.of(new LimitShare(amount(parts[1]), s.charAt(1) == 'L' ? LimitMode.HARD : LimitMode.SOFT));
        }
        return new Share(type, min, limit, loc);
    }

    private static ShareAmount amount(String s) {
        int dash = s.indexOf('-');
        double v = Double.parseDouble(s.substring(0, dash));
        return new ShareAmount(s.charAt(dash + 1) == 'A' || s.charAt(dash + 1) == 'a' ? ShareKind.ABSOLUTE : ShareKind.RELATIVE, v);
    }
}
