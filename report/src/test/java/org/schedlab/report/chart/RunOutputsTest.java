package org.schedlab.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.cell.EtrSummary;

class RunOutputsTest {

    @TempDir
    Path dir;

    @Test
    void names_runsSeriesFile_problemAndPolicyFromTheName() {
        Path f = Path.of("runs", "J1.zvm64:limitsoft-leak=off.series.csv");
        assertEquals("J1.zvm64:limitsoft-leak=off", RunOutputs.base(f));
        assertEquals(Optional.of("J1"), RunOutputs.problem(f));
        assertEquals("zvm64:limitsoft-leak=off", RunOutputs.source(f));
        assertEquals(Path.of("runs", "J1.zvm64:limitsoft-leak=off.vcpus.csv"), RunOutputs.vcpusFile(f));
    }

    @Test
    void names_otherMeasurement_fileNameIsTheSource() {
        Path f = Path.of("lpar7.csv");
        assertEquals("lpar7", RunOutputs.base(f));
        assertTrue(RunOutputs.problem(f).isEmpty());
        assertEquals("lpar7.csv", RunOutputs.source(f));
    }

    @Test
    void etr_runnersSeries_summedPerIntervalPerSecondAfterWarmup() throws IOException {
        Path f = dir.resolve("J1.fair.series.csv");
        Files.writeString(f, """
                start_s,end_s,user,vcpu,busy_pct,mt1_busy_pct,etr
                0,1,A,0,50,50,999
                0,1,B,0,50,50,999
                1,3,A,0,50,50,100
                1,3,B,0,50,50,100
                3,5,A,0,50,50,150
                3,5,B,0,50,50,150
                """);
        EtrSummary e = RunOutputs.etr(f, 1).orElseThrow();
        assertEquals(2, e.n());
        assertEquals(125, e.mean(), 1e-9);
        assertEquals(Math.sqrt(1250), e.sd(), 1e-9);
    }

    @Test
    void etr_observedColumnsOnly_empty() throws IOException {
        Path f = dir.resolve("x.csv");
        Files.writeString(f, "start_s,end_s,user,vcpu,busy_pct\n0,1,A,0,50\n");
        assertTrue(RunOutputs.etr(f, 0).isEmpty());
    }

    @Test
    void meanDispatchDelay_vcpusFile_weightedByDispatches() throws IOException {
        Path f = dir.resolve("J1.fair.vcpus.csv");
        Files.writeString(f, """
                user,vcpu,dispatches,delay_mean_us,delay_p50_us,delay_p99_us,delay_max_us
                A,0,1,100,1,1,1
                B,0,3,200,1,1,1
                """);
        assertEquals(175, RunOutputs.meanDispatchDelayUs(f).orElseThrow(), 1e-9);
        assertTrue(RunOutputs.meanDispatchDelayUs(dir.resolve("absent.csv")).isEmpty());
    }
}
