package org.schedlab.runner.policy.zvm;

import java.util.Map;
import java.util.Set;

/**
 * z/VM 6.4's repaired scheduler as shipped (the "z/VM 6.4 Performance Report", "CP Scheduler Improvements",
 * "Introduction"): consumption forgotten over a window, entitlement over every
 * logged-on user, no heuristics, and a dispatch list kept only approximately in order (priorities go stale while
 * a VMDBK waits); with the two defects 6.4 kept ("Remaining Problem Areas"): LIMITSOFT not held back enough and a RELATIVE
 * limit computed too large. Each is a switch: {@code zvm64:limitsoft-leak=off}; {@code zvm64:updprio2=on} is the
 * report's exactly ordered experimental driver (see {@link Zvm64Settings}).
 */
public final class Zvm64Policy extends ZvmPolicy {

    public static final String NAME = "zvm64";
    /** The defects this policy models, all on by default. */
    public static final Set<Defect> DEFECTS = Zvm64Settings.MODELLED;

    private final Zvm64Settings settings;

    public Zvm64Policy() {
        this(Zvm64Settings.DEFAULT);
    }

    public Zvm64Policy(Zvm64Settings settings) {
        super(NAME, Zvm64Settings.DEFAULT.defects(), settings.defects(), settings.priority(),
                settings.updprio2() ? Zvm64Settings.UPDPRIO2 + "=on" : "", Zvm64Settings.OPTIONS);
        this.settings = settings;
    }

    public Zvm64Settings settings() {
        return settings;
    }

    @Override
    ZvmPolicy withSettingsFrom(Map<String, String> options) {
        return new Zvm64Policy(settings.with(options));
    }
}
