package org.schedlab.runner.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ModelConstantsTest {

    private static Object get(RecordComponent c, ModelConstants k) throws Exception {
        return c.getAccessor().invoke(k);
    }

    /** A valid value other than {@code DEFAULT}'s for the component. */
    private static Object other(RecordComponent c) throws Exception {
        Object v = get(c, ModelConstants.DEFAULT);
        if (v instanceof Long l) {
            return l + 7;
        }
        if (v instanceof Integer i) {
            return i + 7;
        }
        if (v instanceof Double d) {
            return d * 0.5;
        }
        List<Long> barriers = new ArrayList<>();
        for (long b : ModelConstants.DEFAULT.stealBarrierMicros()) {
            barriers.add(b + 3);
        }
        return barriers;
    }

    @Test
    void toBuilder_unchanged_buildsAnEqualRecord() {
        assertEquals(ModelConstants.DEFAULT, ModelConstants.DEFAULT.toBuilder().build());
    }

    @Test
    void builder_eachSetter_changesItsOwnComponentOnly() throws Exception {
        RecordComponent[] components = ModelConstants.class.getRecordComponents();
        assertEquals(18, components.length);
        for (RecordComponent c : components) {
            ModelConstants.Builder b = ModelConstants.DEFAULT.toBuilder();
            Method setter = ModelConstants.Builder.class.getMethod(c.getName(), c.getType());
            Object value = other(c);
            setter.invoke(b, value);
            ModelConstants changed = b.build();
            for (RecordComponent d : components) {
                if (d.equals(c)) {
                    assertEquals(value, get(d, changed), d.getName());
                    assertNotEquals(get(d, ModelConstants.DEFAULT), get(d, changed), d.getName());
                } else {
                    assertEquals(get(d, ModelConstants.DEFAULT), get(d, changed), c.getName() + " moved " + d.getName());
                }
            }
        }
    }

    @Test
    void builder_constantLeftUnset_namesIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ModelConstants.builder().build());
        assertEquals("model constant windowMicros was not set", e.getMessage());
        ModelConstants.Builder b = ModelConstants.DEFAULT.toBuilder();
        ModelConstants.Builder fresh = ModelConstants.builder().windowMicros(250).reshuffleMicros(5_000)
                .rebalanceMicros(2_000_000).dropMicros(300_000).stealBarrierMicros(List.of(0L, 0L, 1_000L, 4_000L))
                .fullSpeed(1000).limitBurstMicros(5_000).limitRateTauMicros(100_000).forgetTauMicros(300_000)
                .normalizeMicros(10_000).normalizerGain(0.002).feedbackClampMicros(25).burnerPeriodDrift(0.1)
                .sieRunMicros(1_600).sieWaitMicros(12).deadlineScale(0.25).logonHistoryMicros(60_000_000);
        e = assertThrows(IllegalArgumentException.class, fresh::build);
        assertEquals("model constant logonHistoryJitter was not set", e.getMessage());
        assertEquals(b.build(), fresh.logonHistoryJitter(0.1).build());
    }

    @Test
    void builder_outOfRange_rejectedByTheRecord() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ModelConstants.DEFAULT.toBuilder().normalizerGain(1.5).build());
        assertEquals("normalizer gain must be 0..1 and the feedback clamp positive", e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> ModelConstants.DEFAULT.toBuilder().stealBarrierMicros(List.of(0L)).build());
    }

    @Test
    void withFitted_replacesTheThreeFittedConstantsOnly() {
        ModelConstants k = ModelConstants.DEFAULT.withFitted(0.2, 100, 500_000);
        assertEquals(ModelConstants.DEFAULT.toBuilder().deadlineScale(0.2).feedbackClampMicros(100)
                .forgetTauMicros(500_000).build(), k);
    }
}
