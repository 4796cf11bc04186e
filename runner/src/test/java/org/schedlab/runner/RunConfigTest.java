package org.schedlab.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.schedlab.runner.spi.ModelConstants;

class RunConfigTest {

    @Test
    void toBuilder_unchanged_buildsAnEqualConfig() {
        RunConfig c = RunConfig.defaults();
        assertEquals(c, c.toBuilder().build());
    }

    @Test
    void builder_shorterDuration_shrinksIntervalAndWarmupToFit() {
        RunConfig c = RunConfig.builder().durationMicros(500_000).build();
        assertEquals(500_000, c.intervalMicros());
        assertEquals(499_999, c.warmupMicros());
    }

    private static final ModelConstants FITTED = ModelConstants.DEFAULT.withFitted(0.2, 100, 500_000);

    @Test
    void builder_settings_allApplied() {
        RunConfig c = RunConfig.builder().seed(7).duration(Duration.ofSeconds(10)).intervalMicros(2_000_000)
                .warmupMicros(1_000_000).threads(3).timeout(Duration.ofSeconds(5)).smtCapacityFactor(1.5)
                .burnerPeriodMicros(20_000).constants(FITTED).build();
        assertEquals(new RunConfig(7, 10_000_000, 2_000_000, 1_000_000, 3, Optional.of(Duration.ofSeconds(5)), 1.5,
                20_000, FITTED), c);
        assertEquals(Optional.empty(), c.toBuilder().timeout(null).build().timeout());
    }

    @Test
    void builder_outOfRange_rejectedAtBuild() {
        RunConfig.Builder b = RunConfig.builder().durationMicros(1_000_000).intervalMicros(2_000_000);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, b::build);
        assertEquals("interval must be positive and at most the duration: 2000000 us", e.getMessage());
    }

    @Test
    void constants_fittedOnesChanged_zvm63RunFollowsThem() throws Exception {
        var p = Runs.file("J2");
        ModelConstants k = ModelConstants.DEFAULT;
        RunConfig base = Runs.seconds(3);
        var documented = Runs.run(p, "zvm63", base).intervals();
        var same = Runs.run(p, "zvm63", base.toBuilder()
                .constants(k.withFitted(k.deadlineScale(), k.feedbackClampMicros(), k.forgetTauMicros())).build())
                .intervals();
        var other = Runs.run(p, "zvm63", base.toBuilder()
                .constants(k.withFitted(k.deadlineScale() / 3, k.feedbackClampMicros(), k.forgetTauMicros())).build())
                .intervals();
        assertEquals(documented, same);
        assertNotEquals(documented, other);
    }
}
