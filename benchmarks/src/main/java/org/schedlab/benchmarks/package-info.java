/**
 * JMH benchmarks and three measurement programs (docs/performance.md), packed into {@code benchmarks.jar} and run
 * by {@code bin/benchmarks}. Not a library and not published: nothing here is an API. The benchmarks reach into
 * the runner's internal engine ({@code org.schedlab.runner.engine}) and the generators of module {@code testkit}, and change with
 * them.
 *
 * <p>What each measures: {@code SolverBenchmark} and {@code SolveOutputBenchmark} (the solver and
 * {@code schedlab solve}), {@code RunnerBenchmark} (wall time per simulated second, against the
 * {@code ReferenceLoop}), {@code DispatchBenchmark} and {@code DispatchQueueBenchmark} (one dispatch),
 * {@code WindowBenchmark} (one window and its barrier), {@code DelayBenchmark} (dispatch delay by policy);
 * {@code ThreadSpeedup} (one thread against several, in pairs), {@code Footprint} (set-up time and memory) and
 * {@code Scaling} (cost by virtual CPUs, logical CPUs and duration) are plain programs.
 */
package org.schedlab.benchmarks;
