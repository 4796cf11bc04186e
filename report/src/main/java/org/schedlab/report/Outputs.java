package org.schedlab.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.schedlab.comparator.SeriesColumns;
import org.schedlab.core.io.OutputGuard;
import org.schedlab.core.io.OutputGuard.Signature;
import org.schedlab.core.io.RefusedOutputException;
import org.schedlab.report.chart.ChartFormat;
import org.schedlab.report.chart.RunCharts;

/**
 * The files and directories the reports write, as {@link OutputGuard} needs to know them: the names a run
 * writes, and how each kind of file schedlab writes is recognised, so that an output replaces only what
 * schedlab wrote there before. Front ends call these checks before any work starts; the writers call them
 * again before they write.
 */
public final class Outputs {

    /** How every JUnit report starts ({@link JunitXmlReporter}, {@link MergedReport}). */
    static final String JUNIT_PROLOGUE = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"schedlab\"";

    private static final String VCPUS_HEADER = "user,vcpu,dispatches,delay_mean_us,delay_p50_us,delay_p99_us,delay_max_us\n";
    private static final String CPUS_HEADER = "cpu,type,core,thread,busy_pct,dispatches,preemptions,affinity_misses,"
            + "steals_same_chip,steals_other_chip,steals_other_node\n";
    private static final String BUCKETS_HEADER = "bucket,limit_list_pct\n";

    private Outputs() {
    }

    /** {@code file} may be replaced by a JUnit report: it is missing, empty or a JUnit report schedlab wrote. */
    public static void checkJunitXml(Path file) {
        OutputGuard.checkFile(file, "a JUnit report", Signature.startsWith(JUNIT_PROLOGUE));
    }

    /** {@code dir} may be replaced by an HTML report, and holds none of {@code inputs} ({@link OutputGuard#checkReportDirectory}). */
    public static void checkHtmlReport(Path dir, Collection<Path> inputs) {
        OutputGuard.checkReportDirectory(dir, inputs);
    }

    /** The names a run's files {@code BASE.*} have in {@code format}, then its charts' when it draws them. */
    public static List<String> runFileNames(ReportFormat format, String base, Optional<ChartFormat> charts) {
        List<String> names = new ArrayList<>();
        switch (format) {
            case CSV -> names.addAll(List.of(base + ".series.csv", base + ".vcpus.csv", base + ".cpus.csv",
                    base + ".buckets.csv"));
            case JSON -> names.add(base + ".json");
            default -> throw new IllegalArgumentException(format.label() + " writes no run files");
        }
        charts.ifPresent(c -> names.addAll(RunCharts.names(base, c)));
        return List.copyOf(names);
    }

    /** Each of {@code names} in {@code dir} may be replaced by the run file or chart of that name. */
    public static void checkRunFiles(Path dir, List<String> names) {
        for (String name : names) {
            checkRunFile(dir.resolve(name));
        }
    }

    /** {@code file} may be replaced by the run file or chart its name says it is. */
    static void checkRunFile(Path file) {
        String name = file.getFileName().toString();
        OutputGuard.checkFile(file, "a run's file", signature(name).orElseThrow(
                () -> new RefusedOutputException(file + " is not a name schedlab writes")));
    }

    /** How a file that schedlab writes under {@code name} starts: by its ending, the kind of file it is. */
    static Optional<Signature> signature(String name) {
        if (name.endsWith(".series.csv")) {
            return Optional.of(Signature.startsWith(SeriesColumns.RUNNER_HEADER + "\n"));
        }
        if (name.endsWith(".vcpus.csv")) {
            return Optional.of(Signature.startsWith(VCPUS_HEADER));
        }
        if (name.endsWith(".cpus.csv")) {
            return Optional.of(Signature.startsWith(CPUS_HEADER));
        }
        if (name.endsWith(".buckets.csv")) {
            return Optional.of(Signature.startsWith(BUCKETS_HEADER));
        }
        if (name.endsWith(".json")) {
            // A run's JSON: its settings come first, as JsonReporter writes them.
            Signature start = Signature.startsWith("{\n  \"file\": ");
            return Optional.of(head -> {
                String s = new String(head, java.nio.charset.StandardCharsets.UTF_8);
                return start.matches(head) && s.contains("\n  \"policy\": ") && s.contains("\n  \"duration_s\": ");
            });
        }
        for (ChartFormat f : ChartFormat.values()) {
            if (name.endsWith("." + f.extension())) {
                return Optional.of(f.signature());
            }
        }
        return Optional.empty();
    }

    static String vcpusHeader() {
        return VCPUS_HEADER;
    }

    static String cpusHeader() {
        return CPUS_HEADER;
    }

    static String bucketsHeader() {
        return BUCKETS_HEADER;
    }
}
