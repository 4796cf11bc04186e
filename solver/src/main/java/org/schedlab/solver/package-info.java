/**
 * The correct answer to a problem (docs/solver.md): what an exactly correct dispatcher gives each virtual CPU,
 * by weighted max-min fairness with nested caps (shares, limits, CPU pools, pool capacity). Pure: no I/O, no
 * randomness, no time.
 *
 * <p>API: {@link org.schedlab.solver.Solver} and its {@link org.schedlab.solver.Solution}
 * ({@link org.schedlab.solver.PoolAllocation}, {@link org.schedlab.solver.Bucket},
 * {@link org.schedlab.solver.VcpuAnswer}), and the entitlement and limit step on its own
 * ({@link org.schedlab.solver.Entitlements}), which the runner's policies use. Internal: the filling
 * ({@code ProgressiveFilling}, {@code EventQueue}) and the answers' lazy list ({@code AnswerList}). Random
 * problems for tests are not here but in the module {@code testkit} ({@code org.schedlab.testkit}).
 */
package org.schedlab.solver;
