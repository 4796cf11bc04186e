package org.schedlab.comparator;

import java.util.List;

/**
 * The columns of the series CSV, the long format with one row per interval and virtual CPU: defined
 * here once, for {@link ObservedCsv} that reads the file and the report writer that writes it.
 */
public final class SeriesColumns {

    /** The columns a measurement must have, in order. */
    public static final List<String> OBSERVED = List.of("start_s", "end_s", "user", "vcpu", "busy_pct");

    /** {@link #OBSERVED} as the header line (without the newline). */
    public static final String HEADER = String.join(",", OBSERVED);

    /**
     * Columns a runner's series adds after the observed ones ({@code schedlab run --format csv}); a
     * reader accepts and ignores them, so a run's output can be compared as it is.
     */
    public static final List<String> RUNNER = List.of("mt1_busy_pct", "etr");

    /** The header of a runner's series: observed columns, then runner columns. */
    public static final String RUNNER_HEADER = HEADER + "," + String.join(",", RUNNER);

    private SeriesColumns() {
    }
}
