package org.schedlab.cell;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.comparator.Thresholds;
import org.schedlab.runner.RunConfig;
import org.schedlab.runner.RunListener;
import org.schedlab.runner.policy.Policies;
import org.schedlab.runner.result.IntervalSample;

/** The per-case observers a report that draws series (the HTML report) records them through. */
class TestPlanObserverTest {

    @Test
    void run_observers_eachCaseSeesItsOwnIntervalsWhateverTheJobs(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("a.scn"), """
                LPAR CP.1
                PROBLEM ONE
                USER U CP.100-R
                  VCPU 0 CP *
                RUNIT
                PROBLEM TWO
                USER U CP.100-R
                  VCPU 0 CP *
                USER V CP.100-R
                  VCPU 0 CP *
                RUNIT
                """, StandardCharsets.UTF_8);
        TestPlan plan = TestPlan.load(List.of(dir), List.of(Policies.create("fair"), Policies.create("zvm64")), List.of());
        List<RunConfig> configs = plan.cases().stream().map(c -> RunConfig.forProblem(c.problem()).toBuilder()
                .durationMicros(4_000_000).intervalMicros(1_000_000).warmupMicros(1_000_000).build()).toList();
        AtomicIntegerArray intervals = new AtomicIntegerArray(plan.size());
        List<Integer> widths = Collections.synchronizedList(new ArrayList<>());

        plan.run(configs, 3, Thresholds.DEFAULT, Expectations.NONE, (c, d, s, t) -> { }, i -> new RunListener() {
            @Override
            public void interval(IntervalSample sample) {
                intervals.incrementAndGet(i);
                widths.add(i * 10 + sample.vcpus().size());
            }

            @Override
            public void progress(long simulatedMicros, long totalMicros) {
            }
        });

        for (int i = 0; i < plan.size(); i++) {
            assertEquals(4, intervals.get(i), "case " + i + " sees its four intervals");
            int width = plan.cases().get(i).problem().name().equals("ONE") ? 1 : 2;
            int expected = i * 10 + width;
            assertEquals(4, widths.stream().filter(w -> w == expected).count(), "case " + i + " sees its own problem");
        }
    }
}
