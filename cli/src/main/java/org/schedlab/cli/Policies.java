package org.schedlab.cli;

import org.schedlab.runner.SchedulerPolicy;

/** The runner's policy registry, with an unknown name turned into a usage error (exit 2). */
final class Policies {

    private Policies() {
    }

    static SchedulerPolicy create(String spec) {
        try {
            return org.schedlab.runner.Policies.create(spec);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** As {@link #create(String)}, finding policies that are not shipped in {@code loader} ({@link PolicyPath}). */
    static SchedulerPolicy create(String spec, ClassLoader loader) {
        try {
            return org.schedlab.runner.Policies.create(spec, loader);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
