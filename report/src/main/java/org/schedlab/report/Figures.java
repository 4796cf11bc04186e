package org.schedlab.report;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.schedlab.cell.AggregateResult;
import org.schedlab.cell.SeedSpread;
import org.schedlab.comparator.Verdict;
import org.schedlab.core.Numbers;

/** Number formatting and wording shared by the human-readable formats. */
final class Figures {

    private Figures() {
    }

    /** Two places, or {@code -} for a figure a failed run does not have (NaN). */
    static String orDash(double v) {
        return Double.isNaN(v) ? "-" : Numbers.fixed(v, 2);
    }

    static String padLeft(String s, int width) {
        return s.length() >= width ? s : " ".repeat(width - s.length()) + s;
    }

    static String padRight(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }

    /** The test table's columns: verdict, problem, policy, the error figures (spread or one run's), delay, expected, file. */
    static List<String> testsHeader(boolean spread) {
        List<String> header = new ArrayList<>(List.of("verdict", "problem", "policy"));
        header.addAll(spread ? List.of("mean%min", "mean%med", "mean%max", "max%min", "max%med", "max%max")
                : List.of("mean%", "max%"));
        header.addAll(List.of("delay_us", "expected", "file"));
        return header;
    }

    /** Where a check's notes go: printed under result row {@code index} (from 0), each line after {@code indent}. */
    interface Notes {
        void print(int index, String indent);
    }

    /**
     * The test table as text: words left-aligned, figures right-aligned, the file last and left ragged; under
     * each result row (after the header, {@code rows.get(0)}) its notes.
     */
    static void testsTable(PrintWriter out, List<String[]> rows, Notes notes) {
        int columns = rows.get(0).length;
        int[] width = new int[columns];
        for (String[] row : rows) {
            for (int c = 0; c < columns - 1; c++) {
                width[c] = Math.max(width[c], row[c].length());
            }
        }
        for (int i = 0; i < rows.size(); i++) {
            String[] row = rows.get(i);
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < columns; c++) {
                boolean figure = c >= 3 && c < columns - 2;
                String cell = c == columns - 1 ? row[c] : figure ? padLeft(row[c], width[c]) : padRight(row[c], width[c]);
                line.append(c == 0 ? "" : "  ").append(cell);
            }
            out.println(line.toString().stripTrailing());
            if (i > 0) {
                notes.print(i - 1, " ".repeat(width[0] + 2));
            }
        }
    }

    /** Min, median and max to two places, or three dashes when no seed's run completed. */
    static List<String> spread(Optional<SeedSpread> s) {
        return s.map(x -> List.of(Numbers.fixed(x.min(), 2), Numbers.fixed(x.median(), 2), Numbers.fixed(x.max(), 2)))
                .orElse(List.of("-", "-", "-"));
    }

    /** Whether any check ran under more than one seed: the reports then show spreads. */
    static boolean severalSeeds(List<AggregateResult> results) {
        return results.stream().anyMatch(r -> r.runs().size() > 1);
    }

    /** Every seed any check ran under, in first-seen order. */
    static List<Long> seeds(List<AggregateResult> results) {
        Set<Long> seeds = new LinkedHashSet<>();
        results.forEach(r -> seeds.addAll(r.seeds()));
        return new ArrayList<>(seeds);
    }

    /** {@code 1..5} for consecutive ascending seeds, else {@code 1,4,9}. */
    static String seedList(List<Long> seeds) {
        boolean consecutive = seeds.size() > 2;
        for (int i = 1; i < seeds.size() && consecutive; i++) {
            consecutive = seeds.get(i) == seeds.get(i - 1) + 1;
        }
        return consecutive ? seeds.get(0) + ".." + seeds.get(seeds.size() - 1)
                : seeds.stream().map(String::valueOf).collect(Collectors.joining(","));
    }

    /** The closing line of every human-readable test report. */
    static String summary(List<AggregateResult> results) {
        long pass = results.stream().filter(r -> r.verdict() == Verdict.PASS).count();
        long fail = results.stream().filter(r -> r.verdict() == Verdict.FAIL).count();
        long error = results.size() - pass - fail;
        long unexpected = results.stream().filter(r -> !r.asExpected()).count();
        long dependent = results.stream().filter(AggregateResult::seedDependent).count();
        StringBuilder sb = new StringBuilder("schedlab test: ").append(results.size())
                .append(results.size() == 1 ? " check" : " checks");
        if (severalSeeds(results)) {
            sb.append(" over seeds ").append(seedList(seeds(results))).append(", each judged by its worst seed");
        }
        sb.append(": ").append(pass).append(" PASS, ").append(fail).append(" FAIL, ").append(error).append(" ERROR; ");
        if (dependent > 0) {
            sb.append(dependent).append(dependent == 1 ? " depends" : " depend").append(" on the seed; ");
        }
        sb.append(unexpected == 0 ? "all as expected" : unexpected + " not as expected");
        return sb.toString();
    }
}
