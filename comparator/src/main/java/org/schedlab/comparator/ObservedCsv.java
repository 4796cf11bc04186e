package org.schedlab.comparator;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.schedlab.core.InputException;
import org.schedlab.core.Numbers;
import org.schedlab.solver.PhasedSolution;
import org.schedlab.solver.Solution;

/**
 * Observed measurements as CSV, long format: one row per interval and virtual CPU.
 *
 * <pre>
 * start_s,end_s,user,vcpu,busy_pct
 * 0,1,QGP00000,0,49.8
 * 0,1,QGP00001,0,50.2
 * </pre>
 *
 * Reading streams: rows of one interval together, intervals in order of start, each handed on as soon
 * as it is complete ({@link ObservedCsvParser}). It reports every problem of the file at once (up to a
 * bound), each at the line and column of the offending field; the messages are listed in docs/comparator.md.
 */
public final class ObservedCsv {

    /**
     * How far above 100 a busy percentage may be: measurements sampled over an interval can overshoot
     * by rounding, and such a value is still a measurement worth comparing.
     */
    public static final double BUSY_TOLERANCE_PCT = 0.5;

    private ObservedCsv() {
    }

    /** Where the reader takes its lines from: a byte stream decoded strictly, or characters already decoded. */
    interface Lines {
        /** The next line without its end, or null after the last. */
        String next() throws IOException, InputException;
    }

    /**
     * Streams a UTF-8 file into {@code sink}, interval by interval, without holding the file: memory stays
     * the same whatever its length. Diagnostics name the file as {@code file.toString()}.
     *
     * <p>Each interval reaches {@code sink} as soon as the next one starts, in file order, which is order of
     * start (the format requires it), with one busy value per running virtual CPU of {@code solution} in
     * {@code Solution.running()} order. Once the file has shown an error nothing more is handed on, and the
     * read ends in an {@link InputException}: a caller that accumulates must discard what it got.
     *
     * @throws InputException with every problem found (the first 100, then how many more), when there is any
     */
    public static void read(Path file, Solution solution, Consumer<ObservedInterval> sink)
            throws IOException, InputException {
        try (InputStream in = Files.newInputStream(file)) {
            read(file.toString(), in, solution, sink);
        }
    }

    /** {@link #read(Path, Solution, Consumer)} from a byte stream, which must be UTF-8. */
    public static void read(String fileName, InputStream in, Solution solution, Consumer<ObservedInterval> sink)
            throws IOException, InputException {
        new ObservedCsvParser(fileName, solution, sink).run(new Utf8Lines(fileName, in));
    }

    /** {@link #read(Path, Solution, Consumer)} from characters already decoded. */
    public static void read(String fileName, Reader in, Solution solution, Consumer<ObservedInterval> sink)
            throws IOException, InputException {
        BufferedReader lines = in instanceof BufferedReader b ? b : new BufferedReader(in);
        new ObservedCsvParser(fileName, solution, sink).run(lines::readLine);
    }

    /**
     * The whole measurement in memory, for small files and tests: {@link #read(Path, Solution, Consumer)}
     * collected into a list.
     */
    public static List<ObservedInterval> read(Path file, Solution solution) throws IOException, InputException {
        List<ObservedInterval> out = new ArrayList<>();
        read(file, solution, out::add);
        return List.copyOf(out);
    }

    /** {@link #read(Path, Solution)} from characters already decoded. */
    public static List<ObservedInterval> read(String fileName, Reader in, Solution solution)
            throws IOException, InputException {
        List<ObservedInterval> out = new ArrayList<>();
        read(fileName, in, solution, out::add);
        return List.copyOf(out);
    }

    /**
     * {@link #read(Path, Solution, Consumer)} for a problem phase by phase: one busy value per dimension of
     * {@code solution} ({@link PhasedSolution#dimensions()}), and an interval needs a row for each virtual CPU
     * that runs at some time within it; one that does not run then may be left out and reads as 0. For a
     * static problem it reads exactly as with its {@link Solution}.
     */
    public static void read(Path file, PhasedSolution solution, Consumer<ObservedInterval> sink)
            throws IOException, InputException {
        try (InputStream in = Files.newInputStream(file)) {
            read(file.toString(), in, solution, sink);
        }
    }

    /** {@link #read(Path, PhasedSolution, Consumer)} from a byte stream, which must be UTF-8. */
    public static void read(String fileName, InputStream in, PhasedSolution solution, Consumer<ObservedInterval> sink)
            throws IOException, InputException {
        parser(fileName, solution, sink).run(new Utf8Lines(fileName, in));
    }

    /** {@link #read(Path, PhasedSolution, Consumer)} from characters already decoded. */
    public static void read(String fileName, Reader in, PhasedSolution solution, Consumer<ObservedInterval> sink)
            throws IOException, InputException {
        BufferedReader lines = in instanceof BufferedReader b ? b : new BufferedReader(in);
        parser(fileName, solution, sink).run(lines::readLine);
    }

    /** {@link #read(String, Reader, PhasedSolution, Consumer)} collected into a list, for small files and tests. */
    public static List<ObservedInterval> read(String fileName, Reader in, PhasedSolution solution)
            throws IOException, InputException {
        List<ObservedInterval> out = new ArrayList<>();
        read(fileName, in, solution, out::add);
        return List.copyOf(out);
    }

    private static ObservedCsvParser parser(String fileName, PhasedSolution solution, Consumer<ObservedInterval> sink) {
        return solution.dynamic() ? new ObservedCsvParser(fileName, solution, sink)
                : new ObservedCsvParser(fileName, solution.phases().get(0).solution(), sink);
    }

    /** At most four names, then how many more: a problem can have dozens of virtual CPUs. */
    static String shortList(List<String> names) {
        return shortList(names, names.size());
    }

    /** {@link #shortList(List)} of {@code total} names of which only the first ones (at least four, or all) are given. */
    static String shortList(List<String> first, int total) {
        if (total <= 4) {
            return String.join(", ", first.subList(0, total));
        }
        return String.join(", ", first.subList(0, 3)) + " and " + (total - 3) + " more";
    }
}
