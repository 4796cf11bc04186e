package org.schedlab.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LimitsTest {

    private static final SourceLocation AT = SourceLocation.UNKNOWN;

    @Test
    void range_wholeRange_rejectsFractionsAndEveryNumberBeyondItsEnds() {
        assertTrue(Limits.CORES.contains(new BigDecimal("256.0")));
        assertFalse(Limits.CORES.contains(new BigDecimal("255.5")));
        assertFalse(Limits.CORES.contains(new BigDecimal("257")));
        assertFalse(Limits.CORES.contains(new BigDecimal("9".repeat(400))));
        assertFalse(Limits.CORES.contains(new BigDecimal("0")));
    }

    @Test
    void range_aboveZero_excludesZeroAndIncludesItsMaximum() {
        assertFalse(Limits.ABSOLUTE_SHARE.contains(0.0));
        assertTrue(Limits.ABSOLUTE_SHARE.contains(100.0));
        assertFalse(Limits.ABSOLUTE_SHARE.contains(Double.POSITIVE_INFINITY));
        assertFalse(Limits.ABSOLUTE_SHARE.contains(Double.NaN));
    }

    @Test
    void range_rule_readsAsTheMessagesSayIt() {
        assertEquals("a whole number from 1 to 256", Limits.CORES.rule());
        assertEquals("above 0 and at most 100", Limits.POOL_LIMITHARD_PERCENT.rule());
        assertEquals("from 1 to 100", Limits.DSPSLICE_MS.rule());
    }

    @Test
    void validTime_acceptsWholeMicrosecondsFromAMillisecondToADay() {
        assertTrue(Limits.validTime(Duration.ofMillis(1)));
        assertTrue(Limits.validTime(Duration.ofHours(24)));
        assertTrue(Limits.validTime(Duration.ofNanos(1_001_000)));
        assertFalse(Limits.validTime(Duration.ofNanos(1_000_500)));
        assertFalse(Limits.validTime(Duration.ofNanos(999_000)));
        assertFalse(Limits.validTime(Duration.ofHours(24).plusNanos(1000)));
        // A day in microseconds fits a long with room to spare: the runner's clock cannot wrap.
        assertTrue(Limits.MAX_TIME.toNanos() / 1000 < Long.MAX_VALUE / 1000);
    }

    @Test
    void exceeded_problemBuiltInCodeBeyondTheLanguage_namesEachLimit() {
        Partition big = new Partition(Map.of(EngineType.CP, 200), Map.of(EngineType.CP, 2), Topology.singleChip(AT),
                Srm.DEFAULT, List.of(new CpuPool("X", EngineType.CP, CpuPool.Kind.CAPACITY, 300, AT)), AT);
        User u = new User("U", List.of(), Optional.empty(), true,
                List.of(new VirtualCpu("0", EngineType.CP, Demand.UNBOUNDED, false, AT)), AT);
        Problem p = new Problem("P", big, List.of(u), RunControl.NONE, AT);

        assertEquals(List.of("400 logical CPUs, at most 256", "CPU pool X CAPACITY 300, at most 256"), Limits.exceeded(p));
    }

    @Test
    void partition_coresTimesThreadsBeyondAnInt_isRejectedNotWrapped() {
        Map<EngineType, Integer> cores = Map.of(EngineType.CP, 1_073_741_824, EngineType.IFL, 1_073_741_824);

        assertThrows(IllegalArgumentException.class, () -> new Partition(cores, Map.of(EngineType.CP, 2),
                Topology.singleChip(AT), Srm.DEFAULT, List.of(), AT));
    }

    @Test
    void runControl_durationBeyondADay_isRejected() {
        assertThrows(IllegalArgumentException.class,
                () -> new RunControl(Optional.of(Duration.ofHours(25)), Optional.empty(), java.util.OptionalLong.empty()));
    }
}
