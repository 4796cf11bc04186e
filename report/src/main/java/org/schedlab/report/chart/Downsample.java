package org.schedlab.report.chart;

import java.util.ArrayList;
import java.util.List;
import org.schedlab.comparator.IntervalError;

/** Thinning a run's interval errors for drawing, keeping what the verdict depends on. */
public final class Downsample {

    private Downsample() {
    }

    /**
     * At most {@code maxPoints} points (one more where the warm-up ends): consecutive intervals in equal groups, each drawn as its largest
     * error, so a spike over the max threshold stays as high as it was (a mean would hide it). Warm-up and
     * counted intervals are never grouped together, so the warm-up's errors never stand for counted ones.
     */
    public static List<IntervalError> maxPerGroup(List<IntervalError> intervals, int maxPoints) {
        if (maxPoints < 1) {
            throw new IllegalArgumentException("maxPoints must be at least 1, got " + maxPoints);
        }
        if (intervals.size() <= maxPoints) {
            return List.copyOf(intervals);
        }
        int group = (intervals.size() + maxPoints - 1) / maxPoints;
        List<IntervalError> out = new ArrayList<>();
        int i = 0;
        while (i < intervals.size()) {
            IntervalError first = intervals.get(i);
            double max = first.errorPct();
            int j = i + 1;
            while (j < intervals.size() && j - i < group && intervals.get(j).counted() == first.counted()) {
                max = Math.max(max, intervals.get(j).errorPct());
                j++;
            }
            out.add(new IntervalError(first.startS(), intervals.get(j - 1).endS(), max, first.counted()));
            i = j;
        }
        return List.copyOf(out);
    }
}
