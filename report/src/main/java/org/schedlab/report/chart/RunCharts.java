package org.schedlab.report.chart;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.schedlab.comparator.Comparison;

/**
 * The charts of one run or measurement, as files beside its other outputs: {@code BASE.utilization.EXT},
 * {@code BASE.error.EXT} and, with two or more running virtual CPUs, {@code BASE.vector.EXT}.
 */
public final class RunCharts {

    private RunCharts() {
    }

    /** The figures for a series and its comparison, in file order. */
    public static List<Named> figures(SeriesData data, Comparison comparison, RunFigures figures) {
        List<Named> out = new ArrayList<>();
        out.add(new Named("utilization", Charts.utilization(data, figures)));
        out.add(new Named("error", Charts.error(comparison.intervals(), figures)));
        Optional<ErrorVector> v = ErrorVector.of(comparison.vcpus());
        v.ifPresent(vector -> out.add(new Named("vector", Charts.errorVector(vector, figures))));
        return List.copyOf(out);
    }

    /** A figure and the word its file is named with. */
    public record Named(String kind, Figure figure) {
    }

    /** Writes every figure as {@code dir/BASE.KIND.EXT}; returns the paths written. */
    public static List<Path> write(Path dir, String base, SeriesData data, Comparison comparison, RunFigures figures,
                                   ChartFormat format) throws IOException {
        List<Path> paths = new ArrayList<>();
        for (Named n : figures(data, comparison, figures)) {
            paths.add(format.write(n.figure(), dir.resolve(base + "." + n.kind() + "." + format.extension())));
        }
        return List.copyOf(paths);
    }
}
