package org.schedlab.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.schedlab.comparator.VcpuComparison;

class ErrorVectorTest {

    @Test
    void of_twoVcpus_theReportsFigure1() {
        // The report's example: correct (50, 50); error |(10, -10)| / |(50, 50)| = 20%.
        ErrorVector v = ErrorVector.of(List.of(new VcpuComparison("A", "0", 50, 60),
                new VcpuComparison("B", "0", 50, 40))).orElseThrow();
        assertEquals(0, v.x());
        assertEquals(1, v.y());
        assertEquals(20, v.planeErrorPct(), 1e-9);
        assertEquals(2, v.dimensions());
        assertTrue(v.axis().upper() >= 60);
    }

    @Test
    void of_manyVcpus_planeOfTheTwoFurthestFromCorrect_inFileOrder() {
        ErrorVector v = ErrorVector.of(List.of(new VcpuComparison("A", "0", 50, 50.1),
                new VcpuComparison("B", "0", 50, 30), new VcpuComparison("C", "0", 50, 49),
                new VcpuComparison("D", "0", 50, 75))).orElseThrow();
        assertEquals(1, v.x());
        assertEquals(3, v.y());
        assertEquals("B.0", v.xLabel());
        assertEquals("D.0", v.yLabel());
        assertEquals(4, v.dimensions());
    }

    @Test
    void of_oneVcpu_noPlane() {
        assertTrue(ErrorVector.of(List.of(new VcpuComparison("A", "0", 50, 50))).isEmpty());
    }

    @Test
    void of_noDeviation_firstTwo() {
        ErrorVector v = ErrorVector.of(List.of(new VcpuComparison("A", "0", 50, 50),
                new VcpuComparison("B", "0", 50, 50), new VcpuComparison("C", "0", 50, 50))).orElseThrow();
        assertEquals(0, v.x());
        assertEquals(1, v.y());
        assertEquals(0, v.planeErrorPct(), 1e-12);
    }

    @Test
    void closeUp_shortErrorVector_squareAroundBothTips() {
        ErrorVector v = ErrorVector.of(List.of(new VcpuComparison("A", "0", 50, 48.46),
                new VcpuComparison("B", "0", 50, 50.87))).orElseThrow();
        assertTrue(v.needsCloseUp(), "|e| = " + v.errorLength() + " on a 0.." + v.axis().upper() + " axis");
        ErrorVector.Window w = v.closeUp();
        assertEquals(w.xHigh() - w.xLow(), w.yHigh() - w.yLow(), 1e-9, "square, so angles stay true");
        for (double[] tip : new double[][] {{50, 50}, {48.46, 50.87}}) {
            assertTrue(tip[0] > w.xLow() && tip[0] < w.xHigh() && tip[1] > w.yLow() && tip[1] < w.yHigh(),
                    "tip " + tip[0] + "," + tip[1] + " inside " + w);
        }
        assertTrue(w.xHigh() - w.xLow() < 5, "close: " + w);
    }

    @Test
    void closeUp_longErrorVector_notNeeded() {
        ErrorVector v = ErrorVector.of(List.of(new VcpuComparison("A", "0", 50, 90),
                new VcpuComparison("B", "0", 50, 10))).orElseThrow();
        assertTrue(!v.needsCloseUp());
    }

    @Test
    void closeUp_noError_stillAWindow() {
        ErrorVector v = ErrorVector.of(List.of(new VcpuComparison("A", "0", 50, 50),
                new VcpuComparison("B", "0", 50, 50))).orElseThrow();
        assertEquals(1, v.closeUp().xHigh() - v.closeUp().xLow(), 1e-12);
    }
}
