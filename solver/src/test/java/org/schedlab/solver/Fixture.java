package org.schedlab.solver;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
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
 * Builds core problems in code with the scenario language's spellings, so a test reads like its
 * .scn file: {@code lpar("CP.1 ZIIP.2").user("QGP00001", "CP.100-R ZIIP.100-R").vcpu("1 ZIIP 10")}.
 * The parser module is separate; this understands only what the solver tests need.
 */
final class Fixture {

    private static final SourceLocation HERE = SourceLocation.UNKNOWN;

    private final Map<EngineType, Integer> cores = new LinkedHashMap<>();
    private final Map<EngineType, Integer> threads = new LinkedHashMap<>();
    private final List<CpuPool> cpuPools = new ArrayList<>();
    private final List<UserDraft> users = new ArrayList<>();

    private Fixture() {
    }

    /** {@code LPAR CP.1 ZIIP.2}. */
    static Fixture lpar(String types) {
        Fixture f = new Fixture();
        for (String token : types.trim().split("\\s+")) {
            String[] parts = token.split("\\.");
            f.cores.put(type(parts[0]), Integer.parseInt(parts[1]));
        }
        return f;
    }

    /** {@code MULTITHREAD IFL.2}. */
    Fixture multithread(String token) {
        String[] parts = token.split("\\.");
        threads.put(type(parts[0]), Integer.parseInt(parts[1]));
        return this;
    }

    /** {@code CPUPOOL name type LIMITHARD p%} or {@code CAPACITY n}. */
    Fixture cpuPool(String name, String type, CpuPool.Kind kind, double value) {
        cpuPools.add(new CpuPool(name, type(type), kind, value, HERE));
        return this;
    }

    /** {@code USER name shares...}, e.g. {@code user("QGP00001", "CP.100-R ZIIP.200-R,50-RL")}. */
    Fixture user(String name, String shares) {
        UserDraft u = new UserDraft(name);
        for (String token : shares.trim().split("\\s+")) {
            if (!token.isEmpty()) {
                u.shares.add(share(token));
            }
        }
        users.add(u);
        return this;
    }

    /** {@code POOL name} on the last user. */
    Fixture pool(String name) {
        last().cpuPool = Optional.of(name);
        return this;
    }

    /** {@code CPUAFFINITY OFF} on the last user. */
    Fixture affinityOff() {
        last().affinity = false;
        return this;
    }

    /** {@code VCPU addr type demand [STOPPED]} for the last user, e.g. {@code vcpu("1 ZIIP *")}. */
    Fixture vcpu(String statement) {
        String[] parts = statement.trim().split("\\s+");
        Demand demand = parts[2].equals("*") ? Demand.UNBOUNDED : Demand.of(Double.parseDouble(parts[2]));
        boolean stopped = parts.length > 3 && parts[3].equalsIgnoreCase("STOPPED");
        last().vcpus.add(new VirtualCpu(parts[0], type(parts[1]), demand, stopped, HERE));
        return this;
    }

    Problem problem(String name) {
        Partition partition = new Partition(cores, threads, Topology.singleChip(HERE), Srm.DEFAULT, cpuPools, HERE);
        List<User> built = users.stream()
                .map(u -> new User(u.name, u.shares, u.cpuPool, u.affinity, u.vcpus, HERE))
                .toList();
        return new Problem(name, partition, built, RunControl.NONE, HERE);
    }

    Solution solve(String name) {
        return Solver.solve(problem(name));
    }

    private UserDraft last() {
        return users.get(users.size() - 1);
    }

    private static EngineType type(String name) {
        return EngineType.fromName(name).orElseThrow(() -> new IllegalArgumentException("no type " + name));
    }

    /** {@code ZIIP.200-R,50-RL}: min {@code v-R|v-A}, optional limit {@code v-RL|v-AL|v-RS|v-AS}. */
    private static Share share(String token) {
        int dot = token.indexOf('.');
        EngineType type = type(token.substring(0, dot));
        String[] amounts = token.substring(dot + 1).split(",");
        String minText = amounts[0];
        ShareAmount min = amount(minText);
        Optional<LimitShare> limit = Optional.empty();
        if (amounts.length > 1) {
            limit = Optional.of(new LimitShare(amount(amounts[1]), mode(amounts[1])));
        } else if (suffix(minText).length() == 2) {
            limit = Optional.of(new LimitShare(min, mode(minText)));
        }
        return new Share(type, min, limit, HERE);
    }

    private static ShareAmount amount(String text) {
        double value = Double.parseDouble(text.substring(0, text.indexOf('-')));
        return new ShareAmount(suffix(text).charAt(0) == 'R' ? ShareKind.RELATIVE : ShareKind.ABSOLUTE, value);
    }

    private static LimitMode mode(String text) {
        return switch (suffix(text).charAt(1)) {
            case 'L' -> LimitMode.HARD;
            case 'S' -> LimitMode.SOFT;
            default -> throw new IllegalArgumentException("limit without L or S: " + text);
        };
    }

    private static String suffix(String text) {
        return text.substring(text.indexOf('-') + 1).toUpperCase(Locale.ROOT);
    }

    private static final class UserDraft {
        final String name;
        final List<Share> shares = new ArrayList<>();
        final List<VirtualCpu> vcpus = new ArrayList<>();
        Optional<String> cpuPool = Optional.empty();
        boolean affinity = true;

        UserDraft(String name) {
            this.name = name;
        }
    }
}
