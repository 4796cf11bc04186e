package org.schedlab.linux.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.abort;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.schedlab.comparator.Comparison;
import org.schedlab.comparator.ErrorAccumulator;
import org.schedlab.comparator.IntervalError;
import org.schedlab.comparator.ObservedInterval;
import org.schedlab.comparator.Thresholds;
import org.schedlab.comparator.Verdict;
import org.schedlab.core.Numbers;
import org.schedlab.core.Problem;
import org.schedlab.linux.LinuxRun;
import org.schedlab.linux.LinuxRunConfig;
import org.schedlab.linux.LinuxRunner;
import org.schedlab.runner.RunConfig;
import org.schedlab.solver.Solver;

/**
 * The report's J1 (two CPs, four equal users with {@code *}) on the machine's kernel, scored by the comparator as
 * the model is: it PASSes (max interval error at most 5%), or the machine disturbed it and the test is skipped with
 * the figures.
 */
@Tag("real-kernel")
@Order(2)
class J1KernelTest {

    @Test
    void j1_passesOrIsReportedDisturbed() throws Exception {
        RealKernel.assumeUsable();
        Problem p = RealKernel.library("J1.scn");
        if (Runtime.getRuntime().availableProcessors() < 2) {
            abort("J1 needs two CPUs, this machine has " + Runtime.getRuntime().availableProcessors());
        }
        RunConfig run = RunConfig.forProblem(p).toBuilder().durationMicros(12_000_000).intervalMicros(1_000_000)
                .warmupMicros(2_000_000).seed(1).build();
        ErrorAccumulator acc = new ErrorAccumulator(Solver.solve(p), Thresholds.DEFAULT, run.warmupMicros() / 1e6);
        List<String> lines = new ArrayList<>();
        LinuxRun r = LinuxRunner.run(p, LinuxRunConfig.of(run), s -> {
            IntervalError e = acc.add(new ObservedInterval(s.startMicros() / 1e6, s.endMicros() / 1e6, s.busy()),
                    s.disturbed());
            lines.add(s.index() + ": " + s.vcpus().stream().map(v -> Numbers.format(v.busyPct(), 2)).toList()
                    + " error " + Numbers.format(e.errorPct(), 2) + "%" + (s.disturbed() ? " disturbed" : ""));
        });
        r.noise().forEach(n -> lines.add("noise " + n.index() + ": foreign " + Numbers.format(n.foreignPct(), 2)
                + "%, steal " + Numbers.format(n.stealPct(), 2) + "%, excess " + Numbers.format(n.excessPct(), 2) + "%"));
        System.out.println("J1 on " + r.metadata().kernel() + ":\n  " + String.join("\n  ", lines));
        if (r.error().isPresent()) {
            abort(r.error().get());
        }
        Comparison c = acc.finish();
        System.out.println("J1: mean " + Numbers.format(c.meanErrorPct(), 2) + "%, max " + Numbers.format(c.maxErrorPct(), 2)
                + "%, " + c.disturbedIntervals() + " disturbed of " + (c.countedIntervals() + c.disturbedIntervals()));
        assertEquals(Verdict.PASS, c.verdict(), "J1 on the kernel: max " + c.maxErrorPct() + "%\n" + lines);
    }
}
