/**
 * The policy SPI (docs/policies.md, "The interface"): what a scheduler under test implements and everything
 * it may see. A policy prices virtual CPUs (the order of each dispatch vector) and says which buckets are on the
 * limit list; the runner owns the mechanics.
 *
 * <p>API, all of this package: {@link org.schedlab.runner.spi.SchedulerPolicy} (the factory, registered as a
 * service), {@link org.schedlab.runner.spi.PolicyInstance} (one run's state, with its threading contract),
 * {@link org.schedlab.runner.spi.PolicyContext} (the problem laid out, fixed for a run),
 * {@link org.schedlab.runner.spi.WindowView} (what a window edge shows), the model's constants
 * ({@link org.schedlab.runner.spi.ModelConstants}) and small helpers ({@link org.schedlab.runner.spi.Seeds},
 * {@link org.schedlab.runner.spi.PolicyOption}). A policy imports this package and the building blocks of
 * {@code org.schedlab.runner.policy}, never the dispatcher's.
 */
package org.schedlab.runner.spi;
