package org.schedlab.runner.policy.zvm;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.schedlab.runner.spi.PolicyOption;

/**
 * The zvm63 policy's options: one switch per modelled {@link Defect}, all on by default
 * ({@code zvm63:since-logon-memory=off,heuristics=off}).
 */
public record Zvm63Settings(boolean sinceLogonMemory, boolean dispatchListEntitlement, boolean heuristics,
                            boolean relativeLimit, boolean normalizer, boolean limitsoftLeak) {

    /** The defects this policy models. */
    public static final Set<Defect> MODELLED = Set.copyOf(EnumSet.of(Defect.SINCE_LOGON_MEMORY,
            Defect.DISPATCH_LIST_ENTITLEMENT, Defect.HEURISTICS, Defect.RELATIVE_LIMIT, Defect.NORMALIZER,
            Defect.LIMITSOFT_LEAK));
    /** 6.3 as the report found it: every defect on. */
    public static final Zvm63Settings DEFAULT = new Zvm63Settings(true, true, true, true, true, true);
    /** What {@code schedlab policies} lists for zvm63. */
    public static final List<PolicyOption> OPTIONS = DefectSwitches.options(MODELLED, DEFAULT.defects());

    /** The settings with exactly these defects on (others of {@link #MODELLED} off). */
    public static Zvm63Settings of(Set<Defect> on) {
        return new Zvm63Settings(on.contains(Defect.SINCE_LOGON_MEMORY), on.contains(Defect.DISPATCH_LIST_ENTITLEMENT),
                on.contains(Defect.HEURISTICS), on.contains(Defect.RELATIVE_LIMIT), on.contains(Defect.NORMALIZER),
                on.contains(Defect.LIMITSOFT_LEAK));
    }

    /**
     * The defaults with spec-string options applied.
     *
     * @throws IllegalArgumentException for an unknown switch (naming the known ones) or a value other than on/off
     */
    public static Zvm63Settings parse(Map<String, String> options) {
        return of(DefectSwitches.configure(Zvm63Policy.NAME, DEFAULT.defects(), MODELLED, options));
    }

    /** The defects switched on. */
    public Set<Defect> defects() {
        EnumSet<Defect> s = EnumSet.noneOf(Defect.class);
        add(s, sinceLogonMemory, Defect.SINCE_LOGON_MEMORY);
        add(s, dispatchListEntitlement, Defect.DISPATCH_LIST_ENTITLEMENT);
        add(s, heuristics, Defect.HEURISTICS);
        add(s, relativeLimit, Defect.RELATIVE_LIMIT);
        add(s, normalizer, Defect.NORMALIZER);
        add(s, limitsoftLeak, Defect.LIMITSOFT_LEAK);
        return Set.copyOf(s);
    }

    private static void add(EnumSet<Defect> s, boolean on, Defect d) {
        if (on) {
            s.add(d);
        }
    }
}
