package org.schedlab.runner.spi;

import java.util.SplittableRandom;

/** Derives independent random streams from the run's seed; nothing else in the runner is random. */
public final class Seeds {

    private Seeds() {
    }

    public static SplittableRandom random(long seed, int index, long stream) {
        return new SplittableRandom(mix(mix(seed) ^ mix(0x9E3779B97F4A7C15L * (index + 1) + stream)));
    }

    /** Stafford variant 13 of the SplitMix64 finalizer. */
    public static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
