package org.schedlab.runner.policy.zvm;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.schedlab.runner.spi.PolicyContext;
import org.schedlab.runner.spi.PolicyInstance;
import org.schedlab.runner.spi.PolicyOption;
import org.schedlab.runner.spi.SchedulerPolicy;

/**
 * What {@link Zvm63Policy} and {@link Zvm64Policy} share: both run {@link ZvmScheduler}, and differ in how it
 * orders the dispatch list ({@link ZvmScheduler.Priority}) and which {@link Defect}s they model and have on. A
 * spec string switches them one by one; each policy's settings record ({@link Zvm63Settings},
 * {@link Zvm64Settings}) parses and lists the switches.
 */
public abstract sealed class ZvmPolicy implements SchedulerPolicy permits Zvm63Policy, Zvm64Policy {

    private final String name;
    private final Set<Defect> defaults;
    private final Set<Defect> active;
    private final ZvmScheduler.Priority priority;
    /** Options other than defect switches that differ from the defaults, as spec text ("" when none). */
    private final String extraSpec;
    private final List<PolicyOption> options;

    ZvmPolicy(String name, Set<Defect> defaults, Set<Defect> active,
              ZvmScheduler.Priority priority, String extraSpec, List<PolicyOption> options) {
        this.name = name;
        this.defaults = Set.copyOf(defaults);
        this.active = Set.copyOf(active);
        this.priority = priority;
        this.extraSpec = extraSpec;
        this.options = List.copyOf(options);
    }

    /** The same policy with options applied. */
    abstract ZvmPolicy withSettingsFrom(Map<String, String> options);

    /** The defects switched on. */
    public final Set<Defect> defects() {
        return active;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final PolicyInstance start(PolicyContext context) {
        return new ZvmScheduler(context, active, priority);
    }

    @Override
    public final SchedulerPolicy withOptions(Map<String, String> options) {
        return withSettingsFrom(options);
    }

    @Override
    public final List<PolicyOption> options() {
        return options;
    }

    @Override
    public final String spec() {
        String spec = DefectSwitches.spec(name, defaults, active);
        return extraSpec.isEmpty() ? spec : spec + (spec.equals(name) ? ":" : ",") + extraSpec;
    }

    @Override
    public final String toString() {
        return spec();
    }
}
