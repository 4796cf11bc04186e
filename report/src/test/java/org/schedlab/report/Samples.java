package org.schedlab.report;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.schedlab.cell.EtrSummary;
import org.schedlab.cell.RunMetrics;
import org.schedlab.comparator.Comparison;
import org.schedlab.comparator.ErrorAccumulator;
import org.schedlab.comparator.ObservedInterval;
import org.schedlab.comparator.Thresholds;
import org.schedlab.core.EngineType;
import org.schedlab.core.InputException;
import org.schedlab.core.Topology;
import org.schedlab.grammar.ScenarioParser;
import org.schedlab.runner.result.RunSummary;
import org.schedlab.solver.Solution;
import org.schedlab.solver.Solver;

/** Small fixtures every reporter test formats: scenarios parsed from text, figures made by hand. */
final class Samples {

    /** The report's J1: four R-100 users, each wanting all it can get, on two CPs: 50 each. */
    static final String J1 = """
            LPAR CP.2
            PROBLEM J1
            USER QGP00000 CP.100-R
              VCPU 0 CP *
            USER QGP00001 CP.100-R
              VCPU 0 CP *
            USER QGP00002 CP.100-R
              VCPU 0 CP *
            USER QGP00003 CP.100-R
              VCPU 0 CP *
            RUNIT
            """;

    /** One user with a running and a stopped virtual CPU, and one with a limited share. */
    static final String SMALL = """
            LPAR CP.1
            PROBLEM S
            USER A CP.100-R
              VCPU 0 CP 30
              VCPU 1 CP * STOPPED
            USER B CP.100-R,40-AS
              VCPU 0 CP *
            RUNIT
            """;

    private Samples() {
    }

    static Solution solve(String fileName, String text) {
        try {
            return Solver.solve(ScenarioParser.parse(fileName, text).problems().get(0));
        } catch (InputException e) {
            throw new AssertionError(e.diagnostics().toString(), e);
        }
    }

    static Solution j1() {
        return solve("J1.scn", J1);
    }

    /** J1 with a 1 s warm-up: one excluded interval, then errors 2% and 3%. */
    static Comparison j1Comparison() {
        ErrorAccumulator acc = new ErrorAccumulator(j1(), Thresholds.DEFAULT.withMeanErrorPct(2.5), 1);
        acc.add(new ObservedInterval(0, 1, new double[] {100, 0, 100, 0}));
        acc.add(new ObservedInterval(1, 2, new double[] {49, 49, 49, 49}));
        acc.add(new ObservedInterval(11, 12, new double[] {48.5, 48.5, 48.5, 48.5}));
        return acc.finish();
    }

    /** J1 with every counted interval at {@code observed} against 50 each, no warm-up: one interval. */
    static Comparison j1Comparison(double observed) {
        ErrorAccumulator acc = new ErrorAccumulator(j1(), Thresholds.DEFAULT, 0);
        acc.add(new ObservedInterval(0, 1, new double[] {observed, observed, observed, observed}));
        return acc.finish();
    }

    /** A run summary for J1's four virtual CPUs on two logical CPs, with the given mean delay. */
    static RunSummary j1Summary(double meanDelayUs) {
        Map<Topology.Distance, Long> steals = new EnumMap<>(Topology.Distance.class);
        for (Topology.Distance d : Topology.Distance.values()) {
            steals.put(d, (long) d.ordinal());
        }
        List<RunSummary.DelayStats> delays = List.of(new RunSummary.DelayStats(800.25, 700, 2000, 3100, 10),
                new RunSummary.DelayStats(810, 710, 2010, 3110, 11), new RunSummary.DelayStats(820, 720, 2020, 3120, 12),
                new RunSummary.DelayStats(830, 730, 2030, 3130, 13));
        List<RunSummary.LogicalCpuStats> cpus = List.of(
                new RunSummary.LogicalCpuStats(0, EngineType.CP, 0, 0, 99.5, steals, 3, 40, 1),
                new RunSummary.LogicalCpuStats(1, EngineType.CP, 1, 0, 98.25, steals, 4, 41, 2));
        return new RunSummary(delays, cpus, List.of(new RunSummary.BucketStats("CP", 12.5)), meanDelayUs);
    }

    static RunMetrics metrics(EtrSummary etr, double meanDelayUs) {
        return new RunMetrics(j1Summary(meanDelayUs), Optional.of(etr));
    }
}
