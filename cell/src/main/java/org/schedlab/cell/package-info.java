/**
 * The test cell's pipeline as a library: a problem under a policy is solved, run and compared
 * ({@link org.schedlab.cell.Trial}); a folder of scenarios under several policies and seeds becomes a
 * {@link org.schedlab.cell.TestPlan} whose results are judged against expected verdicts
 * ({@link org.schedlab.cell.Expectations}) and may be split over CI jobs ({@link org.schedlab.cell.Shards}).
 * A policy's code runs under a {@link org.schedlab.cell.Watchdog} (a hung policy is ended at its timeout) as a
 * {@link org.schedlab.cell.GuardedPolicy} (a broken policy is its checks' ERROR); {@link org.schedlab.cell.ExitCause}
 * tells a front end's shutdown hook why the process is ending. The CLI and the JUnit engine are faces on it.
 *
 * <p>API: every public type here. Nothing is internal.
 */
package org.schedlab.cell;
