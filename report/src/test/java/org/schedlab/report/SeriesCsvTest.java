package org.schedlab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.StringReader;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.schedlab.comparator.ObservedCsv;
import org.schedlab.comparator.ObservedInterval;
import org.schedlab.comparator.SeriesColumns;
import org.schedlab.solver.Solution;

/** The one series writer against the comparator's reader: what one writes, the other reads back. */
class SeriesCsvTest {

    @Test
    void writeThenRead_stoppedAndRunning_roundTripsRunningOnly() throws Exception {
        Solution s = Samples.solve("small.scn", Samples.SMALL);
        List<ObservedInterval> original = List.of(
                new ObservedInterval(0, 0.5, new double[] {29.123456789, 70}),
                new ObservedInterval(0.5, 1.25, new double[] {30, 0.000000001}));
        StringWriter out = new StringWriter();
        SeriesCsv.write(out, s, original);
        assertEquals("""
                start_s,end_s,user,vcpu,busy_pct
                0,0.5,A,0,29.123456789
                0,0.5,B,0,70
                0.5,1.25,A,0,30
                0.5,1.25,B,0,0.000000001
                """, out.toString());
        assertEquals(original, ObservedCsv.read("m.csv", new StringReader(out.toString()), s));
    }

    @Test
    void header_runnerSeries_isObservedColumnsThenRunnerColumns() throws Exception {
        StringWriter out = new StringWriter();
        SeriesCsv.runner(out, Samples.j1());
        assertEquals(String.join(",", SeriesColumns.OBSERVED) + "," + String.join(",", SeriesColumns.RUNNER) + "\n",
                out.toString());
    }

    @Test
    void interval_wrongWidth_throws() {
        assertThrows(IllegalArgumentException.class, () -> SeriesCsv.write(new StringWriter(), Samples.j1(),
                List.of(new ObservedInterval(0, 1, new double[] {1}))));
    }
}
