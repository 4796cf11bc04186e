package org.schedlab.report.chart;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.schedlab.comparator.Comparison;
import org.schedlab.core.io.AtomicFileSet;
import org.schedlab.core.io.OutputGuard;

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

    /** The kinds of chart a run can have, in file order: {@code BASE.KIND.EXT}. */
    public static final List<String> KINDS = List.of("utilization", "error", "vector");

    /** The names the charts of {@code base} may have (the vector chart only with two or more running virtual CPUs). */
    public static List<String> names(String base, ChartFormat format) {
        return KINDS.stream().map(k -> base + "." + k + "." + format.extension()).toList();
    }

    /**
     * Writes every figure as {@code dir/BASE.KIND.EXT}, replacing the earlier charts of {@code base} as a set
     * (an {@link AtomicFileSet}); returns the paths written.
     *
     * @throws org.schedlab.core.io.RefusedOutputException when a file of that name is there and is not a chart
     *                                                       schedlab wrote
     */
    public static List<Path> write(Path dir, String base, SeriesData data, Comparison comparison, RunFigures figures,
                                   ChartFormat format) throws IOException {
        for (String name : names(base, format)) {
            OutputGuard.checkFile(dir.resolve(name), "a chart", format.signature());
        }
        try (AtomicFileSet set = AtomicFileSet.create(dir, base)) {
            List<Path> paths = write(set::stream, dir, base, data, comparison, figures, format);
            set.commit();
            return paths;
        }
    }

    /** Where a chart's bytes go: a file of a set of outputs. */
    @FunctionalInterface
    public interface Sink {
        OutputStream open(String name) throws IOException;
    }

    /** Renders every figure into {@code sink} as {@code BASE.KIND.EXT}; returns the paths they appear at in {@code dir}. */
    public static List<Path> write(Sink sink, Path dir, String base, SeriesData data, Comparison comparison,
                                   RunFigures figures, ChartFormat format) throws IOException {
        List<Path> paths = new ArrayList<>();
        for (Named n : figures(data, comparison, figures)) {
            String name = base + "." + n.kind() + "." + format.extension();
            try (OutputStream out = sink.open(name)) {
                out.write(format.render(n.figure()));
            }
            paths.add(dir.toAbsolutePath().normalize().resolve(name));
        }
        return List.copyOf(paths);
    }
}
