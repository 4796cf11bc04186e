package org.schedlab.report;

/** What is being reported; each {@link Reporter} writes some of these, and a command asks for one. */
public enum ReportKind {
    /** Solver answers: {@code schedlab solve}. */
    SOLUTIONS,
    /** One comparison, with a run's metrics when there was a run: {@code schedlab compare}. */
    COMPARISON,
    /** The few lines a run prints when it ends: {@code schedlab run} on standard output. */
    RUN_SUMMARY,
    /** A run's files, streamed as the intervals arrive: {@code schedlab run --out DIR}. */
    RUN_FILES,
    /** The checks of a test plan: {@code schedlab test}. */
    TESTS
}
