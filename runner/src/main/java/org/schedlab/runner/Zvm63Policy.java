package org.schedlab.runner;

import java.util.EnumSet;
import java.util.Set;

/**
 * z/VM 6.3's scheduler as the 6.4 report found it (S:1671): the five defects (since-logon memory,
 * entitlement over dispatch-list members only, heuristic clamps, wrong relative limits, an ineffective
 * normalizer) plus the LIMITSOFT leak 6.4 then kept. Each is a switch:
 * {@code zvm63:since-logon-memory=off}. See {@link Defect} and docs/policies.md.
 */
public final class Zvm63Policy extends ZvmPolicy {

    public static final String NAME = "zvm63";
    /** The defects this policy models, all on by default. */
    public static final Set<Defect> DEFECTS = Set.copyOf(EnumSet.of(Defect.SINCE_LOGON_MEMORY,
            Defect.DISPATCH_LIST_ENTITLEMENT, Defect.HEURISTICS, Defect.RELATIVE_LIMIT, Defect.NORMALIZER,
            Defect.LIMITSOFT_LEAK));

    public Zvm63Policy() {
        this(EnumSet.copyOf(DEFECTS));
    }

    private Zvm63Policy(EnumSet<Defect> active) {
        super(NAME, DEFECTS, active);
    }

    @Override
    ZvmPolicy withDefects(EnumSet<Defect> defects) {
        return new Zvm63Policy(defects);
    }
}
