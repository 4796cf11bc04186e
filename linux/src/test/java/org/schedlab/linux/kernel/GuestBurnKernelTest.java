package org.schedlab.linux.kernel;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.abort;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.comparator.ObservedInterval;
import org.schedlab.core.Numbers;
import org.schedlab.core.Problem;
import org.schedlab.linux.burn.GuestBurn;
import org.schedlab.linux.host.HostPaths;
import org.schedlab.linux.measure.IntervalNoise;

/**
 * The guest burner on this machine (itself a guest): a 30% burner measures within 1.5 points of its demand in each
 * interval the guest's own other work did not disturb; when the guest was too busy the test is skipped with the
 * figures. No cgroups: the burner competes like any process.
 */
@Tag("real-kernel")
@Order(4)
class GuestBurnKernelTest {

    @Test
    void burn_quietCpu_measuresItsDemand(@TempDir Path dir) throws Exception {
        Problem p = RealKernel.parse("LPAR CP.1\nPROBLEM G\nUSER A\n VCPU 0 CP 30\nRUNIT\n");
        List<ObservedInterval> seen = new ArrayList<>();
        GuestBurn.Result r = GuestBurn.of(p, "A", Instant.now().plusMillis(300), Duration.ofSeconds(5),
                Duration.ofSeconds(1), 1).run(dir.resolve("a.csv"), HostPaths.SYSTEM, seen::add);
        List<String> lines = new ArrayList<>();
        List<Double> judged = new ArrayList<>();
        for (int k = 0; k < seen.size(); k++) {
            IntervalNoise n = r.noise().get(k);
            double b = seen.get(k).busy(0);
            lines.add("interval " + k + ": busy " + Numbers.format(b, 3) + ", other work " + Numbers.format(n.foreignPct(), 2)
                    + "%, excess " + Numbers.format(n.excessPct(), 2) + "%" + (n.disturbed() ? " (disturbed)" : ""));
            if (k >= 1 && !n.disturbed()) {
                judged.add(b);
            }
        }
        System.out.println("guest burner 30%:\n  " + String.join("\n  ", lines));
        if (judged.size() < 2) {
            abort("the machine's other work left the burner too little: " + String.join("; ", lines));
        }
        for (double b : judged) {
            assertTrue(Math.abs(b - 30) <= 1.5, "measured " + b + ": " + lines);
        }
    }
}
