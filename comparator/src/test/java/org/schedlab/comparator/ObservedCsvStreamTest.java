package org.schedlab.comparator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;
import org.schedlab.core.Diagnostic;
import org.schedlab.core.InputException;
import org.schedlab.solver.Solution;
import org.schedlab.solver.VcpuAnswer;

/** The streamed import: bytes to lines, bounded error lists, and the same comparison as reading everything first. */
class ObservedCsvStreamTest {

    private static final String HEADER = "start_s,end_s,user,vcpu,busy_pct\n";
    private static final String J1_0_1 = "0,1,QGP00000,0,50\n0,1,QGP00001,0,50\n0,1,QGP00002,0,50\n0,1,QGP00003,0,50\n";
    private static final String UTF8_EXPECTED = "the file must be UTF-8 (a UTF-8 byte-order mark is allowed)";

    private static List<ObservedInterval> readBytes(byte[] bytes, Solution s) throws IOException, InputException {
        List<ObservedInterval> out = new ArrayList<>();
        ObservedCsv.read("obs.csv", new ByteArrayInputStream(bytes), s, out::add);
        return out;
    }

    private static List<String> errors(byte[] bytes, Solution s) {
        InputException e = assertThrows(InputException.class, () -> readBytes(bytes, s));
        return e.diagnostics().stream().map(Diagnostic::toString).toList();
    }

    private static byte[] concat(byte[]... parts) {
        int n = Arrays.stream(parts).mapToInt(p -> p.length).sum();
        byte[] out = new byte[n];
        int at = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, at, p.length);
            at += p.length;
        }
        return out;
    }

    @Test
    void read_latin1Row_oneLineNamingLineAndByte() {
        String text = HEADER + J1_0_1.replace("0,1,QGP00002,0,50", "0,1,QGP00002,0,50 \u00e9t\u00e9");
        assertEquals(List.of("obs.csv:4:19: byte 0xE9 at byte 19 of the line is not valid UTF-8: " + UTF8_EXPECTED),
                errors(text.getBytes(StandardCharsets.ISO_8859_1), Fixtures.j1()));
    }

    @Test
    void read_latin1AfterOtherErrors_encodingErrorAlone() {
        String text = HEADER + "0,1,QGP00000,0,abc\n0,1,QGP00001,0,\u00e9\n";
        assertEquals(List.of("obs.csv:3:16: byte 0xE9 at byte 16 of the line is not valid UTF-8: " + UTF8_EXPECTED),
                errors(text.getBytes(StandardCharsets.ISO_8859_1), Fixtures.j1()));
    }

    @Test
    void read_utf8MultiByteBeforeTheBadByte_columnCountsBytes() {
        byte[] bytes = concat((HEADER + "0,1,QGP0000\u00e9").getBytes(StandardCharsets.UTF_8), new byte[] {(byte) 0xC3},
                ",0,50\n".getBytes(StandardCharsets.UTF_8));
        // "0,1,QGP0000" is 11 bytes, é two more: the lone lead byte 0xC3 is the 14th.
        assertEquals(List.of("obs.csv:2:14: byte 0xC3 at byte 14 of the line is not valid UTF-8: " + UTF8_EXPECTED),
                errors(bytes, Fixtures.j1()));
    }

    @Test
    void read_utf16WithByteOrderMark_saysUtf16() {
        for (Charset utf16 : List.of(StandardCharsets.UTF_16, Charset.forName("UTF-16LE"))) {
            byte[] bytes = (utf16.equals(StandardCharsets.UTF_16) ? HEADER + J1_0_1 : "\uFEFF" + HEADER + J1_0_1)
                    .getBytes(utf16);
            List<String> e = errors(bytes, Fixtures.j1());
            assertEquals(1, e.size(), e::toString);
            assertTrue(e.get(0).startsWith("obs.csv:1:1: byte 0x"), e::toString);
            assertTrue(e.get(0).endsWith(UTF8_EXPECTED + "; it starts with a UTF-16 byte-order mark"), e::toString);
        }
    }

    @Test
    void read_utf16WithoutByteOrderMark_nulByteNamed() {
        assertEquals(List.of("obs.csv:1:2: byte 0x00 (NUL) at byte 2 of the line: the file must be UTF-8 text;"
                        + " it looks like UTF-16"),
                errors((HEADER + J1_0_1).getBytes(StandardCharsets.UTF_16LE), Fixtures.j1()));
    }

    @Test
    void read_utf8WithByteOrderMarkAndCrlf_accepted() throws Exception {
        byte[] bytes = ("\uFEFF" + HEADER + J1_0_1).replace("\n", "\r\n").getBytes(StandardCharsets.UTF_8);
        assertEquals(List.of(new ObservedInterval(0, 1, new double[] {50, 50, 50, 50})), readBytes(bytes, Fixtures.j1()));
    }

    @Test
    void read_lineWithoutEnd_refusedAtTheLimitAlone() {
        byte[] bytes = new byte[Utf8Lines.MAX_LINE_BYTES + 10];
        Arrays.fill(bytes, (byte) '7');
        assertEquals(List.of("obs.csv:1:" + (Utf8Lines.MAX_LINE_BYTES + 1) + ": line is longer than "
                + Utf8Lines.MAX_LINE_BYTES + " bytes: not a measurement CSV"), errors(bytes, Fixtures.j1()));
    }

    /** Property: bytes split into lines as BufferedReader.readLine splits the decoded text, for every line end. */
    @RepeatedTest(50)
    void utf8Lines_randomText_sameLinesAsReadLine(RepetitionInfo rep) throws Exception {
        Random random = new Random(rep.getCurrentRepetition());
        String[] pieces = {"a", "0,1", " ", "\n", "\r", "\r\n", "\u00e9", "\u20ac", "\uD83D\uDE00", "\uFEFF", ""};
        StringBuilder sb = new StringBuilder();
        int n = random.nextInt(200);
        for (int i = 0; i < n; i++) {
            sb.append(pieces[random.nextInt(pieces.length)]);
        }
        String text = sb.toString();
        BufferedReader expected = new BufferedReader(new StringReader(text));
        // A one-byte stream buffer's worth at a time, so that CRLF and multi-byte characters straddle reads.
        InputStream trickle = new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 1 + random.nextInt(3)));
            }
        };
        Utf8Lines actual = new Utf8Lines("t", trickle);
        String line;
        while ((line = expected.readLine()) != null) {
            assertEquals(line, actual.next(), text);
        }
        assertNull(actual.next(), text);
    }

    @Test
    void read_moreErrorsThanListed_firstHundredThenHowManyMore() {
        StringBuilder sb = new StringBuilder(HEADER);
        for (int t = 0; t < 250; t++) {
            sb.append(J1_0_1.replace("0,1,", t + "," + (t + 1) + ",").replace("QGP00001,0,50", "QGP00001,0,abc"));
        }
        List<String> e = errors(sb.toString().getBytes(StandardCharsets.UTF_8), Fixtures.j1());
        assertEquals(ObservedCsvParser.MAX_DIAGNOSTICS + 1, e.size());
        assertEquals("obs.csv:3:16: busy_pct 'abc' is not a number", e.get(0));
        // The 100th bad row is line 3 + 99 * 4; the first unlisted one, where the last line points, 4 lines on.
        assertEquals("obs.csv:399:19: busy_pct 'abc' is not a number", e.get(99));
        assertEquals("obs.csv:403:20: ... and 150 more errors, the first of them here (only the first 100 are listed)",
                e.get(100));
    }

    @Test
    void read_errorsFoundAtTheEndSortBeforeLaterOnes_stillFirstHundredByPosition() {
        // "no rows for QGP00003.0" is found at the end of the file but belongs to the header line.
        StringBuilder sb = new StringBuilder(HEADER);
        for (int t = 0; t < 150; t++) {
            sb.append(J1_0_1.replace("0,1,", t + "," + (t + 1) + ",").replace("QGP00001,0,50", "QGP00001,0,abc")
                    .replace("QGP00003,0,50", "QGP00003,7,50"));
        }
        List<String> e = errors(sb.toString().getBytes(StandardCharsets.UTF_8), Fixtures.j1());
        assertEquals(101, e.size());
        assertEquals("obs.csv:1:1: no rows for QGP00003.0: every interval needs a row for each running virtual CPU",
                e.get(0));
        assertTrue(e.get(100).contains("... and 201 more errors"), e.get(100));
    }

    /**
     * Property: for a gap-free series of equal-length intervals, streaming the CSV into the accumulator gives
     * what the all-in-memory comparison gave before (every interval's error, the plain mean over counted
     * intervals, the max, and plain per-virtual-CPU means), computed here independently from the list.
     */
    @RepeatedTest(40)
    void streamedCompare_randomEqualGapFreeSeries_matchesAllInMemoryComparison(RepetitionInfo rep) throws Exception {
        Random random = new Random(1000 + rep.getCurrentRepetition());
        Solution s = List.of(Fixtures.j1(), Fixtures.j2(), Fixtures.mz0()).get(random.nextInt(3));
        double length = List.of(1.0, 0.5, 0.25, 2.0, 5.0).get(random.nextInt(5));
        int n = 1 + random.nextInt(60);
        double warmup = random.nextInt(3) == 0 ? 0 : length * random.nextInt(n);
        int dims = s.running().size();
        List<ObservedInterval> series = new ArrayList<>();
        for (int t = 0; t < n; t++) {
            double[] busy = new double[dims];
            for (int i = 0; i < dims; i++) {
                busy[i] = random.nextInt(100_001) / 1000.0;   // exact through the CSV's nine decimals
            }
            series.add(new ObservedInterval(t * length, (t + 1) * length, busy));
        }
        StringWriter csv = new StringWriter();
        writeCsv(csv, s, series);

        ErrorAccumulator acc = new ErrorAccumulator(s, Thresholds.DEFAULT, warmup);
        ObservedCsv.read("obs.csv", new ByteArrayInputStream(csv.toString().getBytes(StandardCharsets.UTF_8)), s, acc::add);
        Comparison streamed = acc.finish();

        double[] c = s.running().stream().mapToDouble(VcpuAnswer::correct).toArray();
        double cNorm = Math.sqrt(Arrays.stream(c).map(x -> x * x).sum());
        double sum = 0;
        double max = 0;
        int counted = 0;
        double[] observedSum = new double[dims];
        for (int t = 0; t < n; t++) {
            ObservedInterval o = series.get(t);
            double squares = 0;
            for (int i = 0; i < dims; i++) {
                squares += (o.busy(i) - c[i]) * (o.busy(i) - c[i]);
            }
            double error = cNorm > 0 ? 100 * Math.sqrt(squares) / cNorm : Math.sqrt(squares);
            IntervalError got = streamed.intervals().get(t);
            assertEquals(error, got.errorPct(), 1e-12);
            assertEquals(o.startS(), got.startS());
            assertEquals(o.startS() >= warmup, got.counted());
            if (o.startS() >= warmup) {
                sum += error;
                max = Math.max(max, error);
                counted++;
                for (int i = 0; i < dims; i++) {
                    observedSum[i] += o.busy(i);
                }
            }
        }
        assertEquals(n, streamed.intervals().size());
        assertEquals(sum / counted, streamed.meanErrorPct(), 1e-9);
        assertEquals(max, streamed.maxErrorPct(), 1e-12);
        for (int i = 0; i < dims; i++) {
            assertEquals(observedSum[i] / counted, streamed.vcpus().get(i).meanObserved(), 1e-9);
        }
        assertEquals(0, streamed.gaps());
    }

    @Test
    void read_overlappingOrOutOfOrderFile_nothingReachesTheSinkAfterTheError() {
        String text = HEADER + J1_0_1 + J1_0_1.replace("0,1,", "0.5,1.5,") + J1_0_1.replace("0,1,", "2,3,");
        List<ObservedInterval> seen = new ArrayList<>();
        assertThrows(InputException.class, () -> ObservedCsv.read("obs.csv",
                new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), Fixtures.j1(), seen::add));
        assertEquals(1, seen.size(), "only the interval before the overlap");
    }

    /** The long format by hand (the writer lives in the report module, which the comparator cannot see). */
    private static void writeCsv(StringWriter out, Solution s, List<ObservedInterval> series) {
        out.write(SeriesColumns.HEADER + "\n");
        for (ObservedInterval interval : series) {
            for (int i = 0; i < s.running().size(); i++) {
                VcpuAnswer v = s.running().get(i);
                out.write(org.schedlab.core.Numbers.format(interval.startS()) + ","
                        + org.schedlab.core.Numbers.format(interval.endS()) + "," + v.user() + "," + v.vcpu() + ","
                        + org.schedlab.core.Numbers.format(interval.busy(i)) + "\n");
            }
        }
    }
}
