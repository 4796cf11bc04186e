package org.schedlab.linux.kernel;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.schedlab.comparator.Comparison;
import org.schedlab.comparator.ErrorAccumulator;
import org.schedlab.comparator.ObservedInterval;
import org.schedlab.comparator.Thresholds;
import org.schedlab.comparator.VcpuComparison;
import org.schedlab.core.Numbers;
import org.schedlab.core.Problem;
import org.schedlab.grammar.ScenarioParser;
import org.schedlab.linux.LinuxRun;
import org.schedlab.linux.LinuxRunConfig;
import org.schedlab.linux.LinuxRunner;
import org.schedlab.linux.RunMetadata;
import org.schedlab.runner.RunConfig;
import org.schedlab.runner.result.RunSummary;
import org.schedlab.solver.Solution;
import org.schedlab.solver.Solver;

/**
 * Scenario files on this machine's kernel, each under seeds 1..N, scored by the comparator: one line per run with
 * the verdict, errors, disturbed intervals and noise, then each virtual CPU's mean against its correct value. A
 * disturbed run (ERROR) also gets the comparison of all its intervals after the warm-up, disturbed or not, marked
 * "unjudged": what the kernel did under the machine's noise. The direct harness (solve, LinuxRunner, comparator).
 *
 * <pre>
 * java -cp ... org.schedlab.linux.kernel.KernelFigures SECONDS SEEDS FILE...
 * </pre>
 */
public final class KernelFigures {

    private KernelFigures() {
    }

    public static void main(String[] args) throws Exception {
        long seconds = Long.parseLong(args[0]);
        int seeds = Integer.parseInt(args[1]);
        for (int f = 2; f < args.length; f++) {
            for (Problem p : ScenarioParser.parse(Path.of(args[f])).problems()) {
                for (long seed = 1; seed <= seeds; seed++) {
                    run(p, seconds, seed);
                }
            }
        }
    }

    private static void run(Problem p, long seconds, long seed) throws Exception {
        RunConfig run = RunConfig.forProblem(p).toBuilder().durationMicros(seconds * 1_000_000).intervalMicros(1_000_000)
                .warmupMicros(Math.min(5_000_000, seconds * 1_000_000 / 4)).seed(seed).build();
        Solution solution = Solver.solve(p);
        ErrorAccumulator acc = new ErrorAccumulator(solution, Thresholds.DEFAULT, run.warmupMicros() / 1e6);
        ErrorAccumulator unjudged = new ErrorAccumulator(solution, Thresholds.DEFAULT, run.warmupMicros() / 1e6);
        List<String> intervals = new ArrayList<>();
        LinuxRun r = LinuxRunner.run(p, LinuxRunConfig.of(run), s -> {
            ObservedInterval o = new ObservedInterval(s.startMicros() / 1e6, s.endMicros() / 1e6, s.busy());
            var e = acc.add(o, s.disturbed());
            unjudged.add(o);
            intervals.add(Numbers.format(e.errorPct(), 1) + (s.disturbed() ? "d" : ""));
        });
        RunMetadata m = r.metadata();
        String noise = "disturbed " + m.disturbedIntervals() + "/" + m.countedIntervals() + ", foreign mean "
                + Numbers.format(m.meanForeignPct(), 2) + "% max " + Numbers.format(m.maxForeignPct(), 2) + "%, steal "
                + Numbers.format(m.meanStealPct(), 2) + "%, excess max " + Numbers.format(m.maxExcessPct(), 2) + "%";
        String head = p.name() + " seed " + seed + " (" + seconds + " s, kernel " + m.kernel() + ", cgroup v"
                + m.cgroupVersion() + ", sched_ext " + m.schedExt() + ")";
        Comparison c;
        if (r.error().isPresent()) {
            System.out.println(head + ": ERROR " + r.error().get());
            c = unjudged.finish();
            System.out.print("  unjudged: ");
        } else {
            c = acc.finish();
            System.out.print(head + ": ");
        }
        System.out.println(c.verdict() + " mean " + Numbers.format(c.meanErrorPct(), 2) + "% max "
                + Numbers.format(c.maxErrorPct(), 2) + "%, " + noise + ", mean delay "
                + Numbers.format(r.summary().meanDispatchDelayUs(), 0) + " us");
        List<VcpuComparison> v = c.vcpus();
        List<RunSummary.DelayStats> d = r.summary().vcpuDelays();
        for (int i = 0; i < v.size(); i++) {
            System.out.println("  " + v.get(i).id() + " correct " + Numbers.format(v.get(i).correct(), 2) + " observed "
                    + Numbers.format(v.get(i).meanObserved(), 2) + " delay " + Numbers.format(d.get(i).meanUs(), 0) + " us");
        }
        System.out.println("  interval errors " + intervals);
    }
}
