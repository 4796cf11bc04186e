package org.schedlab.comparator;

import java.util.Arrays;

/**
 * What the running virtual CPUs of a problem consumed in one measurement interval: one busy
 * percentage per running virtual CPU, in {@code Solution.running()} order. Values are not range
 * checked here: the runner's figures are whatever its model produced, and {@link ObservedCsv}
 * checks imported ones against the file format's rules.
 *
 * <p>A record over a primitive array (copied in and out) rather than a {@code List<Double>}: a run
 * adds many of these and the accumulator reads them element by element through {@link #busy(int)}.
 */
public record ObservedInterval(double startS, double endS, double[] busyPct) {

    public ObservedInterval {
        if (!Double.isFinite(startS) || !Double.isFinite(endS) || !(endS > startS)) {
            throw new IllegalArgumentException("an interval needs finite start < end, got " + startS + ".." + endS);
        }
        busyPct = busyPct.clone();
        for (double b : busyPct) {
            if (!Double.isFinite(b)) {
                throw new IllegalArgumentException("busy percentages must be finite, got " + b);
            }
        }
    }

    /** A copy; use {@link #busy(int)} to read values without copying. */
    @Override
    public double[] busyPct() {
        return busyPct.clone();
    }

    /** Busy percentage of the {@code i}-th running virtual CPU. */
    public double busy(int i) {
        return busyPct[i];
    }

    /** Number of virtual CPUs measured. */
    public int size() {
        return busyPct.length;
    }

    public double lengthS() {
        return endS - startS;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ObservedInterval other
                && Double.compare(startS, other.startS) == 0
                && Double.compare(endS, other.endS) == 0
                && Arrays.equals(busyPct, other.busyPct);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Double.hashCode(startS) + Double.hashCode(endS)) + Arrays.hashCode(busyPct);
    }

    @Override
    public String toString() {
        return "ObservedInterval[" + startS + ".." + endS + " s, busy " + Arrays.toString(busyPct) + "]";
    }
}
