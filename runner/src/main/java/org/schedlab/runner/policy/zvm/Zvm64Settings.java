package org.schedlab.runner.policy.zvm;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.schedlab.runner.spi.PolicyOption;

/**
 * The zvm64 policy's options: the two defects 6.4 kept, both on by default
 * ({@code zvm64:limitsoft-leak=off}).
 */
public record Zvm64Settings(boolean limitsoftLeak, boolean relativeLimithard) {

    /** The defects this policy models. */
    public static final Set<Defect> MODELLED = Set.copyOf(EnumSet.of(Defect.LIMITSOFT_LEAK,
            Defect.RELATIVE_LIMITHARD_UNENFORCED));
    /** 6.4 as the report found it: both defects on. */
    public static final Zvm64Settings DEFAULT = new Zvm64Settings(true, true);
    /** What {@code schedlab policies} lists for zvm64. */
    public static final List<PolicyOption> OPTIONS = DefectSwitches.options(MODELLED, DEFAULT.defects());

    /** The settings with exactly these defects on. */
    public static Zvm64Settings of(Set<Defect> on) {
        return new Zvm64Settings(on.contains(Defect.LIMITSOFT_LEAK), on.contains(Defect.RELATIVE_LIMITHARD_UNENFORCED));
    }

    /**
     * The defaults with spec-string options applied.
     *
     * @throws IllegalArgumentException for an unknown switch (naming the known ones) or a value other than on/off
     */
    public static Zvm64Settings parse(Map<String, String> options) {
        return of(DefectSwitches.configure(Zvm64Policy.NAME, DEFAULT.defects(), MODELLED, options));
    }

    /** The defects switched on. */
    public Set<Defect> defects() {
        EnumSet<Defect> s = EnumSet.noneOf(Defect.class);
        if (limitsoftLeak) {
            s.add(Defect.LIMITSOFT_LEAK);
        }
        if (relativeLimithard) {
            s.add(Defect.RELATIVE_LIMITHARD_UNENFORCED);
        }
        return Set.copyOf(s);
    }
}
