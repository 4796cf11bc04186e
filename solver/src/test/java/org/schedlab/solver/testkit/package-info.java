/**
 * Generators for tests and benchmarks, outside the solver's API: {@link org.schedlab.solver.testkit.RandomProblems}
 * draws valid problems over the whole scenario language from a seed, and
 * {@link org.schedlab.solver.testkit.RandomChanges} valid timelines of changes for them. Published as the solver's test jar
 * (classifier {@code tests}); the runner's and the cell's property tests and the benchmarks use it. It may
 * change without notice.
 */
package org.schedlab.solver.testkit;
