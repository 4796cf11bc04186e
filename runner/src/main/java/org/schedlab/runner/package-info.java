/**
 * Running a problem on the model of z/VM CP dispatching (docs/runner.md): CPU burners on virtual CPUs,
 * dispatched on the partition's logical CPUs under a pluggable scheduler policy, in windows of virtual time,
 * with the same results whatever the number of threads.
 *
 * <p>API, all of this package: {@link org.schedlab.runner.Runner} (one run), {@link org.schedlab.runner.RunConfig}
 * (its settings), {@link org.schedlab.runner.RunListener} (the interval samples as they come) and
 * {@link org.schedlab.runner.RunException}. What a policy implements is in {@code org.schedlab.runner.spi}, the
 * shipped policies in {@code org.schedlab.runner.policy}, results in {@code org.schedlab.runner.result}; the
 * dispatcher itself ({@code org.schedlab.runner.engine}) is internal.
 */
package org.schedlab.runner;
