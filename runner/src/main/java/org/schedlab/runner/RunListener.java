package org.schedlab.runner;

import org.schedlab.runner.result.IntervalSample;

/**
 * Receives a run's results as they happen. Intervals arrive in order, on the thread that called
 * {@link Runner#run}; the runner keeps none of them, so a listener that wants the series stores it.
 */
public interface RunListener {

    /** A listener that ignores everything. */
    RunListener NONE = sample -> { };

    void interval(IntervalSample sample);

    default void progress(long simulatedMicros, long totalMicros) {
    }
}
