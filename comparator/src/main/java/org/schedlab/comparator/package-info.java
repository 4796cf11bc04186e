/**
 * Scoring what was observed against what was correct (docs/comparator.md): the error of each measurement
 * interval, the mean and max over the counted intervals, the verdict against thresholds, and why a run missed.
 * Observed figures come from a run of the runner or from a CSV of measurements made elsewhere.
 *
 * <p>API: {@link org.schedlab.comparator.ErrorAccumulator} (intervals in, a
 * {@link org.schedlab.comparator.Comparison} out), {@link org.schedlab.comparator.Thresholds},
 * {@link org.schedlab.comparator.Verdict}, {@link org.schedlab.comparator.FailureClass}, the observed input
 * ({@link org.schedlab.comparator.ObservedCsv}, {@link org.schedlab.comparator.ObservedInterval},
 * {@link org.schedlab.comparator.SeriesColumns}) and the result records. Internal: the CSV reader's state
 * ({@code ObservedCsvParser}) and line decoder ({@code Utf8Lines}).
 */
package org.schedlab.comparator;
