package org.schedlab.runner.policy.zvm;

import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.schedlab.runner.spi.PolicyOption;

/**
 * The zvm64 policy's options: the two defects 6.4 kept, both on by default ({@code zvm64:limitsoft-leak=off}),
 * and {@code updprio2}: the report's experimental driver, which keeps the dispatch list exactly ordered
 * (off by default, as shipped).
 *
 * @param updprio2 exact ordering (keys that never go stale) instead of the shipped approximate one
 */
public record Zvm64Settings(boolean limitsoftLeak, boolean relativeLimit, boolean updprio2) {

    /** The defects this policy models. */
    public static final Set<Defect> MODELLED = Set.copyOf(EnumSet.of(Defect.LIMITSOFT_LEAK, Defect.RELATIVE_LIMIT));
    /** The option naming the experimental driver. */
    public static final String UPDPRIO2 = "updprio2";
    /** 6.4 as the report found it: both defects on, approximate ordering. */
    public static final Zvm64Settings DEFAULT = new Zvm64Settings(true, true, false);
    /** What {@code schedlab policies} lists for zvm64. */
    public static final List<PolicyOption> OPTIONS = Stream.concat(
            DefectSwitches.options(MODELLED, DEFAULT.defects()).stream(),
            Stream.of(new PolicyOption(UPDPRIO2, "on|off", "off",
                    "the experimental driver: the dispatch list kept exactly ordered (keys never go stale)"))).toList();

    /** The settings with exactly these defects on, shipped ordering. */
    public static Zvm64Settings of(Set<Defect> on) {
        return new Zvm64Settings(on.contains(Defect.LIMITSOFT_LEAK), on.contains(Defect.RELATIVE_LIMIT), false);
    }

    /**
     * The defaults with spec-string options applied.
     *
     * @throws IllegalArgumentException for an unknown switch (naming the known ones) or a value other than on/off
     */
    public static Zvm64Settings parse(Map<String, String> options) {
        return DEFAULT.with(options);
    }

    /** These settings with spec-string options applied on top. */
    Zvm64Settings with(Map<String, String> options) {
        Map<String, String> defects = new HashMap<>(options);
        boolean exact = updprio2;
        for (String key : options.keySet()) {
            if (key.trim().equalsIgnoreCase(UPDPRIO2)) {
                exact = onOff(options.get(key));
                defects.remove(key);
            }
        }
        Set<Defect> on = DefectSwitches.configure(Zvm64Policy.NAME, defects(), MODELLED, defects);
        return new Zvm64Settings(on.contains(Defect.LIMITSOFT_LEAK), on.contains(Defect.RELATIVE_LIMIT), exact);
    }

    private static boolean onOff(String value) {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "on", "true", "yes" -> true;
            case "off", "false", "no" -> false;
            default -> throw new IllegalArgumentException(UPDPRIO2 + " must be on or off, got '" + value + "'");
        };
    }

    /** The defects switched on. */
    public Set<Defect> defects() {
        EnumSet<Defect> s = EnumSet.noneOf(Defect.class);
        if (limitsoftLeak) {
            s.add(Defect.LIMITSOFT_LEAK);
        }
        if (relativeLimit) {
            s.add(Defect.RELATIVE_LIMIT);
        }
        return Set.copyOf(s);
    }

    /** How this release orders the dispatch list. */
    ZvmScheduler.Priority priority() {
        return updprio2 ? ZvmScheduler.Priority.EXACT_RATIO : ZvmScheduler.Priority.STALE_RATIO;
    }
}
