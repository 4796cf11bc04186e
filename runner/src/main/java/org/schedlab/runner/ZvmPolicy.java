package org.schedlab.runner;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * What {@link Zvm63Policy} and {@link Zvm64Policy} share: both run {@link ZvmScheduler}, and differ only in
 * which {@link Defect}s they model and have on by default. A spec string switches them one by one.
 */
public abstract sealed class ZvmPolicy implements SchedulerPolicy permits Zvm63Policy, Zvm64Policy {

    private final String name;
    private final Set<Defect> modelled;
    private final EnumSet<Defect> active;

    ZvmPolicy(String name, Set<Defect> modelled, EnumSet<Defect> active) {
        this.name = name;
        this.modelled = modelled;
        this.active = active;
    }

    /** The same policy with these defects switched on. */
    abstract ZvmPolicy withDefects(EnumSet<Defect> defects);

    /** The defects switched on. */
    public final Set<Defect> defects() {
        return Set.copyOf(active);
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final PolicyInstance start(PolicyContext context) {
        return new ZvmScheduler(context, active);
    }

    @Override
    public final SchedulerPolicy withOptions(Map<String, String> options) {
        return withDefects(ZvmScheduler.configure(name, EnumSet.copyOf(active), modelled, options));
    }

    @Override
    public final String spec() {
        return ZvmScheduler.spec(name, EnumSet.copyOf(modelled), active);
    }

    @Override
    public final String toString() {
        return spec();
    }
}
