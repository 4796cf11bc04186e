package org.schedlab.runner.policy.zvm;

import java.util.Map;
import java.util.Set;

/**
 * z/VM 6.3's scheduler as the "z/VM 6.4 Performance Report" found it ("CP Scheduler Improvements",
 * "Introduction"): the five defects (since-logon memory,
 * entitlement over dispatch-list members only, heuristic clamps, wrong relative limits, an ineffective
 * normalizer) plus the LIMITSOFT leak 6.4 then kept. Each is a switch:
 * {@code zvm63:since-logon-memory=off}. See {@link Defect}, {@link Zvm63Settings} and docs/policies.md.
 */
public final class Zvm63Policy extends ZvmPolicy {

    public static final String NAME = "zvm63";
    /** The defects this policy models, all on by default. */
    public static final Set<Defect> DEFECTS = Zvm63Settings.MODELLED;

    private final Zvm63Settings settings;

    public Zvm63Policy() {
        this(Zvm63Settings.DEFAULT);
    }

    public Zvm63Policy(Zvm63Settings settings) {
        super(NAME, Zvm63Settings.DEFAULT.defects(), settings.defects(), ZvmScheduler.Priority.DEADLINE, "",
                Zvm63Settings.OPTIONS);
        this.settings = settings;
    }

    public Zvm63Settings settings() {
        return settings;
    }

    @Override
    ZvmPolicy withSettingsFrom(Map<String, String> options) {
        // Options apply on top of this policy's current settings.
        return new Zvm63Policy(Zvm63Settings.of(DefectSwitches.configure(NAME, settings.defects(), DEFECTS, options)));
    }
}
