package org.schedlab.linux.burner;

import java.util.Objects;
import java.util.SplittableRandom;
import org.schedlab.core.Demand;
import org.schedlab.runner.spi.Seeds;

/**
 * What one burner does.
 *
 * @param index        the virtual CPU's position among the running ones: its random streams' index, as in the
 *                     model
 * @param id           {@code USER.ADDR}, for the thread's name
 * @param demand       percent of one CPU per period, or {@code *}
 * @param periodMicros the nominal burner period P
 * @param drift        each period is drawn as {@code P x (1 + U)}, U uniform in {@code [-drift, +drift]}
 * @param seed         the run's seed: the first boundary at a phase drawn from stream 0 and the periods from
 *                     stream 1, the model's own streams, so a burner and its model twin keep the same rhythm
 */
public record BurnerSpec(int index, String id, Demand demand, long periodMicros, double drift, long seed) {

    public BurnerSpec {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(demand, "demand");
        if (index < 0 || periodMicros < 100 || !(drift >= 0 && drift < 1)) {
            throw new IllegalArgumentException("bad burner " + id + ": index " + index + ", period " + periodMicros
                    + " us, drift " + drift);
        }
    }

    /** When the first period starts, in microseconds after the run's start. */
    public long phaseMicros() {
        return Seeds.random(seed, index, 0).nextLong(periodMicros);
    }

    /** The stream the periods are drawn from. */
    public SplittableRandom periods() {
        return Seeds.random(seed, index, 1);
    }
}
