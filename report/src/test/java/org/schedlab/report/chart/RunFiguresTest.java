package org.schedlab.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.schedlab.cell.EtrSummary;
import org.schedlab.comparator.Thresholds;
import org.schedlab.comparator.Verdict;

class RunFiguresTest {

    @Test
    void title_runOfTheCell_carriesEveryFigureOfTheReportsTitles() {
        RunFigures f = new RunFigures("J1", "zvm63", Verdict.FAIL, 4.756, 23.784, Thresholds.DEFAULT, 5,
                Optional.of(new EtrSummary(55, 1234.56, 12.34)), OptionalDouble.of(2204.4));
        assertEquals("J1 under zvm63: FAIL", f.headline());
        assertEquals("error mean 4.76% max 23.78%, ETR 55/1234.6/12.3, ddelay 2204 us", f.figures());
    }

    @Test
    void title_measurementMadeElsewhere_noEtrNorDelay() {
        RunFigures f = new RunFigures("J1", "lpar7.csv", Verdict.PASS, 0.26, 0.58, Thresholds.DEFAULT, 0,
                Optional.empty(), OptionalDouble.empty());
        assertEquals("error mean 0.26% max 0.58%", f.figures());
    }
}
