package org.schedlab.runner.spi;

import java.util.List;
import java.util.Map;

/**
 * A scheduler under test: decides dispatch urgency (the order of each dispatch vector) and limit-list
 * membership. The runner owns the mechanics (burners, dispatch vectors, time slices, steals, work
 * distribution, SMT accounting); a policy only prices virtual CPUs.
 *
 * <p>A {@code SchedulerPolicy} is an immutable factory; {@link #start} gives the per-run state. Users
 * bring their own by implementing this interface (public no-argument constructor) and listing the class
 * in {@code META-INF/services/org.schedlab.runner.spi.SchedulerPolicy}; see docs/policies.md.
 */
public interface SchedulerPolicy {

    /** The name the registry ({@code Policies.create}) finds this policy by (case-insensitive). */
    String name();

    /** Fresh state for one run. Called once per run, before any virtual time passes. */
    PolicyInstance start(PolicyContext context);

    /**
     * How the dispatcher should pair ready VMDBKs with logical CPUs for this policy; read once per run. The
     * default keeps z/VM's per-core dispatch vectors.
     */
    default DispatchMode dispatchMode() {
        return DispatchMode.DISPATCH_VECTORS;
    }

    /**
     * This policy with options from a spec string ({@code name:key=value,key=value}). The default accepts
     * no options; shipped policies use them to switch modelled defects on and off.
     *
     * @throws IllegalArgumentException for an unknown option or value, naming the known ones
     */
    default SchedulerPolicy withOptions(Map<String, String> options) {
        if (!options.isEmpty()) {
            throw new IllegalArgumentException("policy " + name() + " takes no options, got " + options.keySet());
        }
        return this;
    }

    /**
     * The options {@link #withOptions} accepts, with their types, defaults and meaning, for
     * {@code schedlab policies}. The default: none.
     */
    default List<PolicyOption> options() {
        return List.of();
    }

    /** The spec string that recreates this policy, options included. */
    default String spec() {
        return name();
    }
}
