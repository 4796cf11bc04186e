/**
 * The test cell's pipeline as a library: a problem under a policy is solved, run and compared
 * ({@link org.schedlab.cell.Trial}); a folder of scenarios under several policies and seeds becomes a
 * {@link org.schedlab.cell.TestPlan} whose results are judged against expected verdicts
 * ({@link org.schedlab.cell.Expectations}) and may be split over CI jobs ({@link org.schedlab.cell.Shards}).
 * The CLI and the JUnit engine are faces on it.
 *
 * <p>API: every public type here. Nothing is internal.
 */
package org.schedlab.cell;
