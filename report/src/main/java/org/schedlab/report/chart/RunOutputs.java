package org.schedlab.report.chart;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.schedlab.cell.EtrSummary;
import org.schedlab.comparator.SeriesColumns;
import org.schedlab.core.InputException;
import org.schedlab.core.io.Utf8Text;

/**
 * What a chart of a run's files can learn from them besides the series: the names {@code run} gives its
 * files ({@code PROBLEM.POLICY.series.csv}), the ETR from the series' {@code etr} column and the mean
 * dispatch delay from {@code PROBLEM.POLICY.vcpus.csv} beside it. A measurement made elsewhere has neither
 * column nor file; the chart then leaves those figures out of its title.
 */
public final class RunOutputs {

    private static final String SERIES = ".series.csv";
    /** A run's vcpus.csv: a row per virtual CPU, some 60 bytes each. */
    private static final Utf8Text.Limits VCPUS = new Utf8Text.Limits("a run's vcpus.csv", 64L << 20,
            Utf8Text.MAX_LINE_BYTES);

    private RunOutputs() {
    }

    /** {@code J1.zvm63} for {@code J1.zvm63.series.csv}; any other name without its extension. */
    public static String base(Path file) {
        String name = file.getFileName().toString();
        if (name.endsWith(SERIES)) {
            return name.substring(0, name.length() - SERIES.length());
        }
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }

    /** The problem a run's file names, {@code J1} of {@code J1.zvm63.series.csv}; empty for other names. */
    public static Optional<String> problem(Path file) {
        String base = base(file);
        int dot = base.indexOf('.');
        return file.getFileName().toString().endsWith(SERIES) && dot > 0
                ? Optional.of(base.substring(0, dot)) : Optional.empty();
    }

    /** The policy a run's file names, {@code zvm63}; else the file's name, which says where data came from. */
    public static String source(Path file) {
        String base = base(file);
        int dot = base.indexOf('.');
        return file.getFileName().toString().endsWith(SERIES) && dot > 0 && dot < base.length() - 1
                ? base.substring(dot + 1) : file.getFileName().toString();
    }

    /**
     * The ETR {@code n/m/sd} of a runner's series: per interval the sum of the {@code etr} column over the
     * virtual CPUs, per second, for intervals starting at or after {@code warmupS}, as the cell computes it
     * during a run. Empty without an {@code etr} column or counted interval. The file has been read and
     * checked by the series reader already; this only sums.
     */
    public static Optional<EtrSummary> etr(Path series, double warmupS) throws IOException {
        if (!Files.isRegularFile(series)) {
            // A pipe was read once already, by the series reader.
            return Optional.empty();
        }
        try (BufferedReader in = Files.newBufferedReader(series, StandardCharsets.UTF_8)) {
            String header = in.readLine();
            if (header == null) {
                return Optional.empty();
            }
            List<String> columns = Arrays.stream(header.split(",", -1)).map(String::strip).toList();
            int etr = columns.indexOf(SeriesColumns.RUNNER.get(1));
            int start = columns.indexOf(SeriesColumns.OBSERVED.get(0));
            int end = columns.indexOf(SeriesColumns.OBSERVED.get(1));
            if (etr < 0 || start < 0 || end < 0) {
                return Optional.empty();
            }
            EtrSummary.Accumulator acc = new EtrSummary.Accumulator();
            String current = null;
            double total = 0;
            double length = 0;
            double from = 0;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.isBlank()) {
                    continue;
                }
                String[] f = line.split(",", -1);
                if (!f[start].equals(current)) {
                    if (current != null && from >= warmupS) {
                        acc.add(total / length);
                    }
                    current = f[start];
                    from = Double.parseDouble(f[start]);
                    length = Double.parseDouble(f[end]) - from;
                    total = 0;
                }
                total += Double.parseDouble(f[etr]);
            }
            if (current != null && from >= warmupS) {
                acc.add(total / length);
            }
            return acc.summary();
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            return Optional.empty();
        }
    }

    /** The mean dispatch delay over every dispatch, from a run's {@code vcpus.csv}; empty without one. */
    public static OptionalDouble meanDispatchDelayUs(Path vcpus) throws IOException {
        if (!Files.isRegularFile(vcpus)) {
            return OptionalDouble.empty();
        }
        List<String> lines;
        try {
            lines = Utf8Text.read(vcpus, VCPUS).lines().toList();
        } catch (InputException e) {
            // Not a run's file after all: the chart goes without the figure.
            return OptionalDouble.empty();
        }
        if (lines.isEmpty()) {
            return OptionalDouble.empty();
        }
        List<String> columns = Arrays.asList(lines.get(0).split(",", -1));
        int count = columns.indexOf("dispatches");
        int mean = columns.indexOf("delay_mean_us");
        if (count < 0 || mean < 0) {
            return OptionalDouble.empty();
        }
        double weighted = 0;
        double n = 0;
        try {
            for (String line : lines.subList(1, lines.size())) {
                String[] f = line.split(",", -1);
                double c = Double.parseDouble(f[count]);
                weighted += c * Double.parseDouble(f[mean]);
                n += c;
            }
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            return OptionalDouble.empty();
        }
        return n > 0 ? OptionalDouble.of(weighted / n) : OptionalDouble.empty();
    }

    /** {@code BASE.vcpus.csv} beside a run's series. */
    public static Path vcpusFile(Path series) {
        return series.resolveSibling(base(series) + ".vcpus.csv");
    }
}
