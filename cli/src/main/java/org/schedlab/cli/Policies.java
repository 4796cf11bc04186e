package org.schedlab.cli;

import org.schedlab.runner.spi.SchedulerPolicy;

/** The runner's policy registry, with an unknown name turned into a usage error (exit 2). */
final class Policies {

    private Policies() {
    }

    static SchedulerPolicy create(String spec) {
        try {
            return org.schedlab.runner.policy.Policies.create(spec);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
