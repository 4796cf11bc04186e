package org.schedlab.report.chart;

import java.util.List;
import java.util.Optional;
import org.schedlab.comparator.VcpuComparison;

/**
 * The report's Figure 1 for a problem: the correct vector, the observed vector and the error vector
 * between their tips, in the plane of two virtual CPUs. With more than two, the plane is that of the two
 * whose mean observed value is furthest from correct (they carry most of the error; ties go to the one
 * listed first), and the figure says that the error it states is over all of them.
 *
 * @param x index of the virtual CPU on the horizontal axis, in {@code Solution.running()} order
 * @param y index of the one on the vertical axis; x before y in file order
 */
public record ErrorVector(int x, int y, String xLabel, String yLabel, double correctX, double correctY,
                          double observedX, double observedY, int dimensions) {

    public ErrorVector {
        if (x == y || x < 0 || y < 0) {
            throw new IllegalArgumentException("two different virtual CPUs are needed, got " + x + " and " + y);
        }
    }

    /** Picks the plane; a problem with fewer than two running virtual CPUs has none. */
    public static Optional<ErrorVector> of(List<VcpuComparison> vcpus) {
        if (vcpus.size() < 2) {
            return Optional.empty();
        }
        int first = -1;
        int second = -1;
        for (int i = 0; i < vcpus.size(); i++) {
            double d = deviation(vcpus.get(i));
            if (first < 0 || d > deviation(vcpus.get(first))) {
                second = first;
                first = i;
            } else if (second < 0 || d > deviation(vcpus.get(second))) {
                second = i;
            }
        }
        int a = Math.min(first, second);
        int b = Math.max(first, second);
        VcpuComparison va = vcpus.get(a);
        VcpuComparison vb = vcpus.get(b);
        return Optional.of(new ErrorVector(a, b, va.id(), vb.id(), va.correct(), vb.correct(),
                va.meanObserved(), vb.meanObserved(), vcpus.size()));
    }

    private static double deviation(VcpuComparison v) {
        return Math.abs(v.meanObserved() - v.correct());
    }

    /** {@code 100 × |e| / |c|} in this plane (the run's error when the problem has two virtual CPUs). */
    public double planeErrorPct() {
        double c = Math.hypot(correctX, correctY);
        double e = Math.hypot(observedX - correctX, observedY - correctY);
        return c == 0 ? e : 100 * e / c;
    }

    /** A square part of the plane, for a close-up of the two tips. */
    public record Window(double xLow, double xHigh, double yLow, double yHigh) {
        public Window {
            if (!(xHigh > xLow) || !(yHigh > yLow)) {
                throw new IllegalArgumentException("an empty window " + xLow + ".." + xHigh + " x " + yLow + ".." + yHigh);
            }
        }
    }

    /** Length of the error vector in this plane, in percent of one CPU. */
    public double errorLength() {
        return Math.hypot(observedX - correctX, observedY - correctY);
    }

    /**
     * Whether the error vector is too short to see at the scale of the whole vectors (under a tenth of the
     * axis): then the figure adds a close-up of the tips.
     */
    public boolean needsCloseUp() {
        return errorLength() < axis().upper() / 10;
    }

    /**
     * A square around both tips with the error vector filling about two thirds of it (at least one point
     * of utilization wide, so a near-zero error does not zoom into rounding noise).
     */
    public Window closeUp() {
        double cx = (correctX + observedX) / 2;
        double cy = (correctY + observedY) / 2;
        double half = Math.max(0.5, 0.75 * Math.max(Math.abs(observedX - correctX), Math.abs(observedY - correctY)));
        return new Window(cx - half, cx + half, cy - half, cy + half);
    }

    /** Both axes end here: the same scale on both keeps the vectors' angles true. */
    public AxisRange axis() {
        return AxisRange.upTo(Math.max(Math.max(correctX, correctY), Math.max(observedX, observedY)));
    }
}
