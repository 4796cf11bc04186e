/**
 * Generators for tests and benchmarks: {@link org.schedlab.testkit.RandomProblems} draws valid problems over the
 * whole scenario language from a seed, and {@link org.schedlab.testkit.RandomChanges} valid timelines of changes for
 * them. Module {@code testkit} (artifact {@code schedlab-testkit}) holds them apart from every library jar: the
 * tests of the solver, comparator, runner, linux, cell and report modules and the benchmarks depend on it, no
 * library does, and it is not published. It may change without notice.
 */
package org.schedlab.testkit;
