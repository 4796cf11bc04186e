package org.schedlab.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;
import org.schedlab.comparator.ObservedInterval;
import org.schedlab.comparator.SeriesColumns;
import org.schedlab.core.Numbers;
import org.schedlab.runner.result.IntervalSample;
import org.schedlab.runner.result.VcpuSample;
import org.schedlab.solver.Solution;
import org.schedlab.solver.VcpuAnswer;

/**
 * The one writer of the series CSV, the long format {@code compare --observed} reads
 * ({@link SeriesColumns}): one row per interval and running virtual CPU. Observed intervals give the
 * observed columns; a runner's samples add MT1-equivalent busy and ETR.
 */
public final class SeriesCsv {

    private final Writer out;
    private final List<VcpuAnswer> running;
    private final String problem;
    private final boolean runnerColumns;
    private final StringBuilder row = new StringBuilder();

    private SeriesCsv(Writer out, Solution solution, boolean runnerColumns) throws IOException {
        this(out, solution.problem().name(), solution.running(), runnerColumns);
    }

    private SeriesCsv(Writer out, String problem, List<VcpuAnswer> running, boolean runnerColumns) throws IOException {
        this.out = out;
        this.running = running;
        this.problem = problem;
        this.runnerColumns = runnerColumns;
        out.write(runnerColumns ? SeriesColumns.RUNNER_HEADER : SeriesColumns.HEADER);
        out.write('\n');
    }

    /** A series of observed intervals only: the five columns a measurement made elsewhere has. */
    public static SeriesCsv observed(Writer out, Solution solution) throws IOException {
        return new SeriesCsv(out, solution, false);
    }

    /** A runner's series: the observed columns, then {@link SeriesColumns#RUNNER}. */
    public static SeriesCsv runner(Writer out, Solution solution) throws IOException {
        return new SeriesCsv(out, solution, true);
    }

    /** A runner's series with one row per interval and element of {@code running} ({@link RunFiles#dimensions}). */
    public static SeriesCsv runner(Writer out, String problem, List<VcpuAnswer> running) throws IOException {
        return new SeriesCsv(out, problem, running, true);
    }

    /** Writes observed intervals whose busy values are in {@code Solution.running()} order. */
    public static void write(Writer out, Solution solution, Iterable<ObservedInterval> intervals) throws IOException {
        SeriesCsv csv = observed(out, solution);
        for (ObservedInterval i : intervals) {
            csv.interval(i);
        }
    }

    /** One interval of observed values; only for an {@link #observed} series. */
    public void interval(ObservedInterval interval) throws IOException {
        if (runnerColumns) {
            throw new IllegalStateException("a runner's series needs runner samples");
        }
        requireWidth(interval.size());
        String span = span(interval.startS(), interval.endS());
        for (int i = 0; i < running.size(); i++) {
            start(span, i).append(Numbers.format(interval.busy(i))).append('\n');
            out.write(row.toString());
        }
    }

    /** One interval of a run; only for a {@link #runner} series. */
    public void sample(IntervalSample s) {
        if (!runnerColumns) {
            throw new IllegalStateException("an observed series has no runner columns");
        }
        requireWidth(s.vcpus().size());
        String span = span(s.startMicros() / 1e6, s.endMicros() / 1e6);
        try {
            for (int i = 0; i < running.size(); i++) {
                VcpuSample x = s.vcpus().get(i);
                start(span, i).append(Numbers.format(x.busyPct())).append(',').append(Numbers.format(x.mt1BusyPct()))
                        .append(',').append(Numbers.format(x.etr())).append('\n');
                out.write(row.toString());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private String span(double startS, double endS) {
        return Numbers.format(startS) + "," + Numbers.format(endS) + ",";
    }

    private StringBuilder start(String span, int i) {
        row.setLength(0);
        return row.append(span).append(running.get(i).user()).append(',').append(running.get(i).vcpu()).append(',');
    }

    private void requireWidth(int size) {
        if (size != running.size()) {
            throw new IllegalArgumentException("interval has " + size + " busy values, problem " + problem + " has "
                    + running.size() + " running virtual CPUs");
        }
    }
}
