package org.schedlab.report.chart;

import java.util.ArrayList;
import java.util.List;
import org.schedlab.comparator.Comparison;
import org.schedlab.comparator.ErrorAccumulator;
import org.schedlab.comparator.ObservedInterval;
import org.schedlab.comparator.Thresholds;
import org.schedlab.core.InputException;
import org.schedlab.grammar.ScenarioParser;
import org.schedlab.solver.Solution;
import org.schedlab.solver.Solver;

/** Problems of a chosen shape and made-up series for them. */
final class ChartFixtures {

    private ChartFixtures() {
    }

    /** {@code users} users of {@code vcpusEach} virtual CPUs each, all wanting everything, on {@code cps} CPs. */
    static Solution problem(int users, int vcpusEach, int cps) {
        StringBuilder b = new StringBuilder("LPAR CP." + cps + "\nPROBLEM P\n");
        for (int u = 0; u < users; u++) {
            b.append(String.format("USER U%03d CP.100-R%n", u));
            for (int v = 0; v < vcpusEach; v++) {
                b.append(String.format("  VCPU %X CP *%n", v));
            }
        }
        b.append("RUNIT\n");
        try {
            return Solver.solve(ScenarioParser.parse("P.scn", b.toString()).problems().get(0));
        } catch (InputException e) {
            throw new AssertionError(e.diagnostics().toString(), e);
        }
    }

    /** {@code n} one-second intervals: each virtual CPU at its correct value plus a wobble that dies down. */
    static List<ObservedInterval> intervals(Solution s, int n) {
        int width = s.running().size();
        List<ObservedInterval> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double[] busy = new double[width];
            for (int v = 0; v < width; v++) {
                double c = s.running().get(v).correct();
                busy[v] = Math.max(0, c + (v % 2 == 0 ? 1 : -1) * 20 * Math.exp(-i / 5.0));
            }
            out.add(new ObservedInterval(i, i + 1, busy));
        }
        return out;
    }

    static Comparison compare(Solution s, List<ObservedInterval> intervals, double warmupS) {
        ErrorAccumulator acc = new ErrorAccumulator(s, Thresholds.DEFAULT, warmupS);
        intervals.forEach(acc::add);
        return acc.finish();
    }

    static SeriesData series(Solution s, List<ObservedInterval> intervals) {
        SeriesRecorder r = new SeriesRecorder(s);
        intervals.forEach(r::add);
        return r.data();
    }
}
