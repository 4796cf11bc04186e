package org.schedlab.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.schedlab.comparator.Verdict;

class PaletteTest {

    @Test
    void line_firstEight_allDifferent() {
        Set<Color> seen = new HashSet<>();
        for (int i = 0; i < ChartLayout.MAX_LINES_PER_PANEL; i++) {
            assertTrue(seen.add(Palette.line(i)), "colour " + i + " repeats");
        }
    }

    @Test
    void line_everyColour_darkEnoughToSeeOnWhite() {
        for (Color c : Palette.LINES) {
            double luminance = (0.2126 * c.getRed() + 0.7152 * c.getGreen() + 0.0722 * c.getBlue()) / 255;
            assertTrue(luminance < 0.7, Palette.hex(c) + " is too light for a line on white");
        }
    }

    @Test
    void line_pastTheEnd_cycles() {
        assertEquals(Palette.line(0), Palette.line(Palette.LINES.size()));
        assertThrows(IllegalArgumentException.class, () -> Palette.line(-1));
    }

    @Test
    void hex_colour_lowercaseSixDigits() {
        assertEquals("#0072b2", Palette.hex(new Color(0x0072B2)));
    }

    @Test
    void verdict_eachVerdict_ownColour() {
        assertNotEquals(Palette.verdict(Verdict.PASS), Palette.verdict(Verdict.FAIL));
        assertNotEquals(Palette.verdict(Verdict.FAIL), Palette.verdict(Verdict.ERROR));
    }
}
