package org.schedlab.linux.kernel;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.abort;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.schedlab.core.Numbers;
import org.schedlab.core.Problem;
import org.schedlab.linux.LinuxRun;
import org.schedlab.linux.LinuxRunConfig;
import org.schedlab.linux.LinuxRunner;
import org.schedlab.linux.measure.IntervalNoise;
import org.schedlab.runner.RunConfig;
import org.schedlab.runner.result.IntervalSample;

/**
 * A lone burner on one CPU of the machine, in its cgroup, measures within 1.5 points of its demand in every
 * undisturbed interval. Whether the CPU was idle enough is measured, not assumed: each interval's foreign time and
 * excess are printed, and a run without two undisturbed intervals after its warm-up is skipped with its figures.
 */
@Tag("real-kernel")
@Order(1)
class LoneBurnerKernelTest {

    @ParameterizedTest(name = "demand {0}%")
    @ValueSource(ints = {10, 30, 70})
    void loneBurner_measuresItsDemand(int demand) throws Exception {
        RealKernel.assumeUsable();
        Problem p = RealKernel.parse("LPAR CP.1\nPROBLEM L" + demand + "\nUSER U CP.100-R\n  VCPU 0 CP " + demand
                + "\nRUNIT\n");
        RunConfig run = RunConfig.builder().durationMicros(6_000_000).intervalMicros(1_000_000).warmupMicros(2_000_000)
                .seed(demand).build();
        List<IntervalSample> samples = new ArrayList<>();
        LinuxRun r = LinuxRunner.run(p, LinuxRunConfig.of(run), samples::add);
        List<String> lines = new ArrayList<>();
        List<Double> judged = new ArrayList<>();
        for (IntervalSample s : samples) {
            IntervalNoise n = r.noise().get(s.index());
            double busy = s.vcpus().get(0).busyPct();
            lines.add("interval " + s.index() + ": busy " + Numbers.format(busy, 3) + ", foreign "
                    + Numbers.format(n.foreignPct(), 2) + "%, excess " + Numbers.format(n.excessPct(), 2) + "%"
                    + (n.disturbed() ? " (disturbed)" : "") + (s.startMicros() < run.warmupMicros() ? " (warm-up)" : ""));
            if (s.startMicros() >= run.warmupMicros() && !s.disturbed()) {
                judged.add(busy);
            }
        }
        System.out.println("lone burner " + demand + "% on CPU " + r.metadata().cpus().get(0).hostCpu() + ":\n  "
                + String.join("\n  ", lines));
        if (judged.size() < 2) {
            abort("the machine disturbed the CPU: " + String.join("; ", lines));
        }
        for (double b : judged) {
            assertTrue(Math.abs(b - demand) <= 1.5, "a " + demand + "% burner measured " + b + ": " + lines);
        }
    }
}
