package org.schedlab.runner.policy;

/**
 * The factor {@code exp(-len / tau)} by which an exponentially decayed rate forgets over a window of {@code len}
 * microseconds, remembered for the last length. Almost every window has the same length (only interval and warm-up
 * boundaries cut one short), so {@link Math#exp} need not run at every edge of a run whose edges are its main
 * cost: the same length gives the same bits, so remembering it changes no result. One per decayed quantity; not
 * thread-safe, like the policy passes that use it.
 */
public final class WindowDecay {

    private final double tauMicros;
    private long lastLength = -1;
    private double lastFactor;

    /** @param tauMicros the time constant, in microseconds (positive) */
    public WindowDecay(double tauMicros) {
        if (!(tauMicros > 0)) {
            throw new IllegalArgumentException("a decay's time constant must be positive: " + tauMicros);
        }
        this.tauMicros = tauMicros;
    }

    /** {@code Math.exp(-lengthMicros / tau)}, exactly. */
    public double factor(long lengthMicros) {
        if (lengthMicros != lastLength) {
            lastFactor = Math.exp(-lengthMicros / tauMicros);
            lastLength = lengthMicros;
        }
        return lastFactor;
    }
}
