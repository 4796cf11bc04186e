package org.schedlab.comparator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.schedlab.comparator.Fixtures.cp;
import static org.schedlab.comparator.Fixtures.stopped;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.schedlab.core.Diagnostic;
import org.schedlab.core.InputException;
import org.schedlab.solver.Solution;

class ObservedCsvTest {

    private static final String HEADER = "start_s,end_s,user,vcpu,busy_pct\n";
    /** One complete interval of J1. */
    private static final String J1_0_1 = """
            0,1,QGP00000,0,50
            0,1,QGP00001,0,50
            0,1,QGP00002,0,50
            0,1,QGP00003,0,50
            """;
    private static final String J1_1_2 = J1_0_1.replace("0,1,", "1,2,");

    private static List<ObservedInterval> read(String text, Solution s) throws IOException, InputException {
        return ObservedCsv.read("obs.csv", new StringReader(text), s);
    }

    private static List<String> errors(String text, Solution s) {
        InputException e = assertThrows(InputException.class, () -> read(text, s));
        return e.diagnostics().stream().map(Diagnostic::toString).toList();
    }

    static Stream<Arguments> malformed() {
        return Stream.of(
            Arguments.of("empty file", "",
                List.of("obs.csv:1:1: empty file: expected the header start_s,end_s,user,vcpu,busy_pct")),
            Arguments.of("blank lines only", "\n  \n",
                List.of("obs.csv:1:1: empty file: expected the header start_s,end_s,user,vcpu,busy_pct")),
            Arguments.of("header only", HEADER,
                List.of("obs.csv:1:1: no measurements: the file has a header but no data rows")),
            Arguments.of("wrong header field", "start_s,end_s,user,cpu,busy_pct\n" + J1_0_1,
                List.of("obs.csv:1:20: header must be start_s,end_s,user,vcpu,busy_pct, got start_s,end_s,user,cpu,busy_pct")),
            Arguments.of("header with an extra column", "start_s,end_s,user,vcpu,busy_pct,etr\n" + J1_0_1,
                List.of("obs.csv:1:34: header must be start_s,end_s,user,vcpu,busy_pct, got start_s,end_s,user,vcpu,busy_pct,etr")),
            Arguments.of("missing header", J1_0_1,
                List.of("obs.csv:1:1: missing header: the first line must be start_s,end_s,user,vcpu,busy_pct")),
            Arguments.of("too many fields", HEADER + J1_0_1 + "0,1,QGP00000,0,50,7\n",
                List.of("obs.csv:6:19: expected 5 fields (start_s,end_s,user,vcpu,busy_pct), got 6")),
            Arguments.of("too few fields", HEADER + J1_0_1.replace("0,1,QGP00003,0,50", "0,1,QGP00003,50"),
                List.of("obs.csv:1:1: no rows for QGP00003.0: every interval needs a row for each running virtual CPU",
                        "obs.csv:5:16: expected 5 fields (start_s,end_s,user,vcpu,busy_pct), got 4")),
            Arguments.of("busy not a number", HEADER + J1_0_1.replace("QGP00001,0,50", "QGP00001,0,abc"),
                List.of("obs.csv:3:16: busy_pct 'abc' is not a number")),
            Arguments.of("busy NaN", HEADER + J1_0_1.replace("QGP00001,0,50", "QGP00001,0,NaN"),
                List.of("obs.csv:3:16: busy_pct 'NaN' is not a number")),
            Arguments.of("busy missing", HEADER + J1_0_1.replace("QGP00001,0,50", "QGP00001,0,"),
                List.of("obs.csv:3:16: busy_pct is missing")),
            Arguments.of("busy above 100", HEADER + J1_0_1.replace("QGP00001,0,50", "QGP00001,0,100.6"),
                List.of("obs.csv:3:16: busy_pct must be from 0 to 100, got 100.6")),
            Arguments.of("busy negative", HEADER + J1_0_1.replace("QGP00001,0,50", "QGP00001,0,-0.1"),
                List.of("obs.csv:3:16: busy_pct must be from 0 to 100, got -0.1")),
            Arguments.of("start not a number", HEADER + J1_0_1 + "x,1,QGP00000,0,50\n",
                List.of("obs.csv:6:1: start_s 'x' is not a number")),
            Arguments.of("end beyond a double", HEADER + J1_0_1 + "0,1e999,QGP00000,0,50\n",
                List.of("obs.csv:6:3: end_s 1e999 is too large")),
            Arguments.of("start negative", HEADER + J1_0_1 + "-1,1,QGP00000,0,50\n",
                List.of("obs.csv:6:1: start_s must not be negative, got -1")),
            Arguments.of("end not after start", HEADER + J1_0_1 + "1,1,QGP00000,0,50\n",
                List.of("obs.csv:6:3: end_s 1 must be after start_s 1")),
            Arguments.of("unknown user", HEADER + J1_0_1 + "0,1,QGP9,0,50\n",
                List.of("obs.csv:6:5: unknown user QGP9: problem J1 has QGP00000, QGP00001, QGP00002, QGP00003")),
            Arguments.of("user missing", HEADER + J1_0_1 + "0,1, ,0,50\n",
                List.of("obs.csv:6:5: user is missing")),
            Arguments.of("unknown virtual CPU", HEADER + J1_0_1 + "0,1,qgp00000,5,50\n",
                List.of("obs.csv:6:14: unknown virtual CPU QGP00000.5: QGP00000 has 0")),
            Arguments.of("address not hex", HEADER + J1_0_1 + "0,1,QGP00000,G,50\n",
                List.of("obs.csv:6:14: virtual CPU address must be hex from 0 to 3F, got G")),
            Arguments.of("duplicate row", HEADER + J1_0_1 + "0.0,1.0,QGP00002,00,49\n",
                List.of("obs.csv:6:1: duplicate row for QGP00002.0 in interval 0..1 s (first on line 4)")),
            Arguments.of("overlapping interval", HEADER + J1_0_1 + J1_0_1.replace("0,1,", "0.5,1.5,"),
                List.of("obs.csv:6:1: interval 0.5..1.5 s overlaps interval 0..1 s (line 2)")),
            Arguments.of("interval inside a longer one", HEADER + J1_0_1.replace("0,1,", "0,10,") + J1_0_1
                        + J1_1_2,
                List.of("obs.csv:6:1: interval 0..1 s overlaps interval 0..10 s (line 2)",
                        "obs.csv:10:1: interval 1..2 s overlaps interval 0..10 s (line 2)")),
            Arguments.of("row of an earlier interval after a later one", HEADER + J1_0_1 + J1_1_2
                        + " 0 ,1,QGP00001,0,50\n",
                List.of("obs.csv:10:2: row out of order: interval 0..1 s starts before interval 1..2 s (line 6);"
                        + " rows must be sorted by start_s, each interval's rows together")),
            Arguments.of("interval split in two by another", HEADER + J1_0_1.replace("0,1,QGP00003,0,50\n", "")
                        + J1_1_2 + "0,1,QGP00003,0,50\n",
                List.of("obs.csv:2:1: interval 0..1 s has no row for QGP00003.0",
                        "obs.csv:9:1: row out of order: interval 0..1 s starts before interval 1..2 s (line 5);"
                        + " rows must be sorted by start_s, each interval's rows together")),
            Arguments.of("virtual CPU missing from the first intervals only", HEADER
                        + J1_0_1.replace("0,1,QGP00003,0,50\n", "") + J1_1_2.replace("1,2,QGP00003,0,50\n", "")
                        + J1_0_1.replace("0,1,", "2,3,"),
                List.of("obs.csv:2:1: interval 0..1 s has no row for QGP00003.0",
                        "obs.csv:5:1: interval 1..2 s has no row for QGP00003.0")),
            Arguments.of("interval missing a virtual CPU", HEADER + J1_0_1 + J1_1_2.replace("1,2,QGP00002,0,50\n", ""),
                List.of("obs.csv:6:1: interval 1..2 s has no row for QGP00002.0")),
            Arguments.of("virtual CPU missing everywhere", HEADER
                        + (J1_0_1 + J1_1_2).replace("0,1,QGP00003,0,50\n", "").replace("1,2,QGP00003,0,50\n", ""),
                List.of("obs.csv:1:1: no rows for QGP00003.0: every interval needs a row for each running virtual CPU")),
            Arguments.of("several problems at once", HEADER + "0,1,QGP00000,0,abc\n0,x,QGP00001,0,50\n"
                        + "0,1,QGP00002,0,200\n0,1,QGP00003,9,50\n",
                List.of("obs.csv:1:1: no rows for QGP00001.0: every interval needs a row for each running virtual CPU",
                        "obs.csv:1:1: no rows for QGP00003.0: every interval needs a row for each running virtual CPU",
                        "obs.csv:2:16: busy_pct 'abc' is not a number",
                        "obs.csv:3:3: end_s 'x' is not a number",
                        "obs.csv:4:16: busy_pct must be from 0 to 100, got 200",
                        "obs.csv:5:14: unknown virtual CPU QGP00003.9: QGP00003 has 0"))
        );
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformed")
    void read_malformed_reportsEveryProblemWhereItIs(String name, String text, List<String> expected) {
        assertEquals(expected, errors(text, Fixtures.j1()));
    }

    @Test
    void read_unknownUserOfLargeProblem_listIsShortened() {
        List<String> e = errors(HEADER + "0,1,NOBODY,0,50\n", Fixtures.mz0());
        assertEquals("obs.csv:2:5: unknown user NOBODY: problem MZ0 has QGP00000, QGP00001, QGP00002 and 2 more",
                e.get(0));
    }

    @Test
    void read_stoppedVirtualCpu_zeroRowsIgnoredBusyRowsRejected() throws Exception {
        Solution s = Fixtures.solution("S", cp("A", "0", 50), stopped("A", "1"));
        List<ObservedInterval> ok = read(HEADER + "0,1,A,0,40\n0,1,A,1,0\n", s);
        assertEquals(List.of(new ObservedInterval(0, 1, new double[] {40})), ok);
        assertEquals(List.of("obs.csv:3:9: virtual CPU A.1 is stopped: busy_pct must be 0, got 3"),
                errors(HEADER + "0,1,A,0,40\n0,1,A,1,3\n", s));
    }

    @Test
    void read_busyJustAbove100_acceptedWithinTolerance() throws Exception {
        List<ObservedInterval> r = read(HEADER + J1_0_1.replace("QGP00001,0,50", "QGP00001,0,100.5"), Fixtures.j1());
        assertEquals(100.5, r.get(0).busy(1));
    }

    @Test
    void read_lenientSpelling_crlfBomSpacesCaseAndZeroPaddedAddress() throws Exception {
        String text = "\uFEFF Start_S , END_S,user,vcpu,busy_pct\r\n"
                + "0, 1 ,qgp00000,00,10\r\n\r\n0,1,QGP00001,0,20\r\n0,1,Qgp00002,0,30\r\n0,1,QGP00003,000,40\r\n";
        assertEquals(List.of(new ObservedInterval(0, 1, new double[] {10, 20, 30, 40})), read(text, Fixtures.j1()));
    }

    @Test
    void read_hexAddressWithLetters_matchesZeroPadded() throws Exception {
        Solution s = Fixtures.solution("H", cp("A", "A", 50), cp("A", "1F", 50));
        List<ObservedInterval> r = read(HEADER + "0,1,A,0a,10\n0,1,a,1f,20\n", s);
        assertArrayEquals(new double[] {10, 20}, r.get(0).busyPct());
    }

    @Test
    void read_runnerColumns_acceptedAndIgnored() throws Exception {
        String text = "start_s,end_s,user,vcpu,busy_pct,mt1_busy_pct,etr\n"
                + "0,1,QGP00000,0,50,32.5,3250\n0,1,QGP00001,0,50,50,5000\n"
                + "0,1,QGP00002,0,50,50,5000\n0,1,QGP00003,0,50,50,5000\n";
        List<ObservedInterval> r = read(text, Fixtures.j1());
        assertArrayEquals(new double[] {50, 50, 50, 50}, r.get(0).busyPct());
    }

    @Test
    void read_runnerColumnsRowTooShort_reportsWidthOfHeader() {
        String text = "start_s,end_s,user,vcpu,busy_pct,mt1_busy_pct,etr\n0,1,QGP00000,0,50\n";
        InputException e = assertThrows(InputException.class, () -> read(text, Fixtures.j1()));
        assertEquals("obs.csv:2:18: expected 7 fields (start_s,end_s,user,vcpu,busy_pct,mt1_busy_pct,etr), got 5",
                e.diagnostics().get(0).toString());
    }

    @Test
    void read_rowsShuffledWithinEachInterval_sameIntervalsInFileOrder() throws Exception {
        List<List<String>> byInterval = new ArrayList<>();
        for (int t = 0; t < 5; t++) {
            List<String> rows = new ArrayList<>();
            for (int u = 0; u < 4; u++) {
                rows.add(t + "," + (t + 1) + ",QGP0000" + u + ",0," + (10 * t + u));
            }
            byInterval.add(rows);
        }
        String inOrder = HEADER + byInterval.stream().map(r -> String.join("\n", r) + "\n").reduce("", String::concat);
        Random random = new Random(42);
        byInterval.forEach(rows -> Collections.shuffle(rows, random));
        String shuffled = HEADER + byInterval.stream().map(r -> String.join("\n", r) + "\n").reduce("", String::concat);
        List<ObservedInterval> r = read(shuffled, Fixtures.j1());
        assertEquals(read(inOrder, Fixtures.j1()), r);
        assertEquals(5, r.size());
        for (int t = 0; t < 5; t++) {
            assertEquals(t, r.get(t).startS());
            assertArrayEquals(new double[] {10 * t, 10 * t + 1, 10 * t + 2, 10 * t + 3}, r.get(t).busyPct());
        }
    }

    @Test
    void read_path_namesFileInMessages(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("m.csv");
        Files.writeString(file, HEADER + J1_0_1.replace("QGP00001,0,50", "QGP00001,0,abc"), StandardCharsets.UTF_8);
        InputException e = assertThrows(InputException.class, () -> ObservedCsv.read(file, Fixtures.j1()));
        assertEquals(file + ":3:16: busy_pct 'abc' is not a number", e.getMessage());
        Files.writeString(file, HEADER + J1_0_1, StandardCharsets.UTF_8);
        assertEquals(1, ObservedCsv.read(file, Fixtures.j1()).size());
    }
}
