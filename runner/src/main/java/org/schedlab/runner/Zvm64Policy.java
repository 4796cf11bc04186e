package org.schedlab.runner;

import java.util.EnumSet;
import java.util.Set;

/**
 * z/VM 6.4's repaired scheduler (S:1673): consumption forgotten over a window, entitlement over every
 * logged-on user, no heuristics; with the two defects 6.4 kept (S:1991, S:2105): LIMITSOFT not held back
 * enough and RELATIVE LIMITHARD not enforced. Each is a switch: {@code zvm64:limitsoft-leak=off}.
 */
public final class Zvm64Policy extends ZvmPolicy {

    public static final String NAME = "zvm64";
    /** The defects this policy models, all on by default. */
    public static final Set<Defect> DEFECTS = Set.copyOf(EnumSet.of(Defect.LIMITSOFT_LEAK,
            Defect.RELATIVE_LIMITHARD_UNENFORCED));

    public Zvm64Policy() {
        this(EnumSet.copyOf(DEFECTS));
    }

    private Zvm64Policy(EnumSet<Defect> active) {
        super(NAME, DEFECTS, active);
    }

    @Override
    ZvmPolicy withDefects(EnumSet<Defect> defects) {
        return new Zvm64Policy(defects);
    }
}
