package org.schedlab.report.chart;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.schedlab.comparator.ObservedInterval;
import org.schedlab.runner.RunListener;
import org.schedlab.runner.result.IntervalSample;
import org.schedlab.core.VcpuRef;
import org.schedlab.solver.PhasedSolution;
import org.schedlab.solver.Solution;
import org.schedlab.solver.VcpuAnswer;

/**
 * Collects a series for charts in bounded memory: at most {@code maxPoints} points per virtual CPU
 * however long the run. When the buffer is full, neighbouring points are merged pairwise (a
 * length-weighted mean, so the mean utilization is kept) and each new point then averages twice as many
 * intervals. A run of maxPoints intervals or more thus keeps between maxPoints/2 and maxPoints points,
 * each the mean of the same number of consecutive intervals (the last one possibly of fewer); a run of
 * fewer than maxPoints intervals keeps every interval as it was.
 *
 * <p>Not thread-safe: one recorder per run, fed from the run's listener.
 */
public final class SeriesRecorder implements RunListener {

    /** Points per line kept by default: finer than any chart's pixels make visible. */
    public static final int DEFAULT_MAX_POINTS = 200;

    private final String problem;
    private final List<String> ids;
    private final List<String> users;
    private final double[] correct;
    private final List<SeriesData.Step> phases;
    private final int maxPoints;
    private final int width;

    private final double[] start;
    private final double[] end;
    private final double[][] busy;
    /** Seconds each point covers: its weight when merged. */
    private final double[] weight;
    private int count;
    /** Raw intervals per point; doubles at every merge. */
    private int span = 1;

    // The point being filled: busy-seconds so far and its extent.
    private final double[] pendingBusyS;
    private int pendingIntervals;
    private double pendingStart;
    private double pendingEnd;
    private double pendingCoveredS;

    public SeriesRecorder(Solution solution, int maxPoints) {
        this(solution.problem().name(), solution.running().stream().map(VcpuAnswer::id).toList(),
                solution.running().stream().map(VcpuAnswer::user).toList(),
                solution.running().stream().mapToDouble(VcpuAnswer::correct).toArray(), List.of(), maxPoints);
    }

    /**
     * For a problem solved phase by phase: one line per dimension ({@code PhasedSolution.dimensions()}), the answer a
     * step from phase to phase. A static problem's is its {@link Solution}'s.
     */
    public SeriesRecorder(PhasedSolution solution) {
        this(solution.problem().name(), solution.dimensions().stream().map(VcpuRef::id).toList(),
                solution.dimensions().stream().map(VcpuRef::user).toList(), largest(solution), steps(solution),
                DEFAULT_MAX_POINTS);
    }

    private static List<SeriesData.Step> steps(PhasedSolution solution) {
        if (!solution.dynamic()) {
            return List.of();
        }
        List<SeriesData.Step> out = new ArrayList<>();
        for (int k = 0; k < solution.phases().size(); k++) {
            out.add(new SeriesData.Step(solution.phases().get(k).phase().startS(), solution.correct(k)));
        }
        return out;
    }

    private static double[] largest(PhasedSolution solution) {
        double[] max = new double[solution.dimensions().size()];
        for (int k = 0; k < solution.phases().size(); k++) {
            double[] c = solution.correct(k);
            for (int v = 0; v < max.length; v++) {
                max[v] = Math.max(max[v], c[v]);
            }
        }
        return max;
    }

    private SeriesRecorder(String problem, List<String> ids, List<String> users, double[] correct,
                           List<SeriesData.Step> phases, int maxPoints) {
        if (maxPoints < 2 || maxPoints % 2 != 0) {
            throw new IllegalArgumentException("maxPoints must be even and at least 2, got " + maxPoints);
        }
        this.problem = problem;
        this.ids = ids;
        this.users = users;
        this.correct = correct;
        this.phases = phases;
        this.maxPoints = maxPoints;
        this.width = ids.size();
        this.start = new double[maxPoints];
        this.end = new double[maxPoints];
        this.busy = new double[width][maxPoints];
        this.weight = new double[maxPoints];
        this.pendingBusyS = new double[width];
    }

    public SeriesRecorder(Solution solution) {
        this(solution, DEFAULT_MAX_POINTS);
    }

    @Override
    public void interval(IntervalSample s) {
        add(s.startMicros() / 1e6, s.endMicros() / 1e6, s.busy());
    }

    @Override
    public void progress(long simulatedMicros, long totalMicros) {
    }

    /** An imported or re-read interval; values in {@code Solution.running()} order. */
    public void add(ObservedInterval i) {
        add(i.startS(), i.endS(), i.busyPct());
    }

    private void add(double startS, double endS, double[] values) {
        if (values.length != width) {
            throw new IllegalArgumentException("interval has " + values.length + " busy values, problem " + problem
                    + " has " + width + " running virtual CPUs");
        }
        if (pendingIntervals == 0) {
            pendingStart = startS;
        }
        double length = endS - startS;
        for (int v = 0; v < width; v++) {
            pendingBusyS[v] += values[v] * length;
        }
        pendingCoveredS += length;
        pendingEnd = endS;
        if (++pendingIntervals == span) {
            flush();
        }
    }

    private void flush() {
        start[count] = pendingStart;
        end[count] = pendingEnd;
        // Mean over the time covered, gaps excluded: each interval weighs its own length.
        for (int v = 0; v < width; v++) {
            busy[v][count] = pendingBusyS[v] / pendingCoveredS;
        }
        weight[count] = pendingCoveredS;
        count++;
        Arrays.fill(pendingBusyS, 0);
        pendingIntervals = 0;
        pendingCoveredS = 0;
        // Halving as soon as the buffer is full keeps room for a partly filled point in data().
        if (count == maxPoints) {
            halve();
        }
    }

    private void halve() {
        int half = count / 2;
        for (int p = 0; p < half; p++) {
            int a = 2 * p;
            int b = a + 1;
            double w = weight[a] + weight[b];
            for (int v = 0; v < width; v++) {
                busy[v][p] = (busy[v][a] * weight[a] + busy[v][b] * weight[b]) / w;
            }
            start[p] = start[a];
            end[p] = end[b];
            weight[p] = w;
        }
        count = half;
        span *= 2;
    }

    /** The series so far (a partly filled last point included), as a chart reads it. */
    public SeriesData data() {
        double[][] lines = new double[width][];
        int n = count;
        double[] s = Arrays.copyOf(start, maxPoints);
        double[] e = Arrays.copyOf(end, maxPoints);
        boolean partial = pendingIntervals > 0;
        for (int v = 0; v < width; v++) {
            lines[v] = Arrays.copyOf(busy[v], maxPoints);
            if (partial) {
                lines[v][n] = pendingBusyS[v] / pendingCoveredS;
            }
        }
        if (partial) {
            s[n] = pendingStart;
            e[n] = pendingEnd;
            n++;
        }
        for (int v = 0; v < width; v++) {
            lines[v] = Arrays.copyOf(lines[v], n);
        }
        return new SeriesData(problem, ids, users, correct, Arrays.copyOf(s, n), Arrays.copyOf(e, n), lines, phases);
    }
}
