package org.schedlab.report.chart;

import java.awt.Color;
import java.util.List;
import java.util.Locale;
import org.schedlab.comparator.Verdict;

/**
 * Colours. Lines use the Okabe-Ito palette (told apart by readers with any common colour-vision
 * deficiency) without its yellow, which vanishes on white, and with a grey in its place: eight colours,
 * which is why a panel never holds more than {@link ChartLayout#MAX_LINES_PER_PANEL} lines. A virtual
 * CPU's correct value is drawn dashed in its line's colour, so the pair needs no second legend entry.
 */
public final class Palette {

    /** Blue, vermillion, bluish green, reddish purple, orange, sky blue, black, grey. */
    public static final List<Color> LINES = List.of(
            new Color(0x0072B2), new Color(0xD55E00), new Color(0x009E73), new Color(0xCC79A7),
            new Color(0xE69F00), new Color(0x56B4E9), new Color(0x000000), new Color(0x999999));

    /** Threshold lines and bars over the limit. */
    public static final Color THRESHOLD = new Color(0xC0392B);
    /** The mean threshold, set apart from the max threshold. */
    public static final Color MEAN_THRESHOLD = new Color(0xE69F00);
    /** Warm-up: the shaded stretch left out of the verdict. */
    public static final Color WARMUP = new Color(0xEEEEEE);
    /** A change of a problem that changes while it runs: where a phase starts. */
    public static final Color CHANGE = new Color(0x666666);

    private Palette() {
    }

    /** The colour of the {@code i}-th line of a panel; colours repeat only past eight lines. */
    public static Color line(int i) {
        if (i < 0) {
            throw new IllegalArgumentException("line index must not be negative, got " + i);
        }
        return LINES.get(i % LINES.size());
    }

    /** Background of a verdict cell in the HTML report: green, red, or amber for a run that failed. */
    public static Color verdict(Verdict v) {
        return switch (v) {
            case PASS -> new Color(0xD4EDDA);
            case FAIL -> new Color(0xF8D7DA);
            case ERROR -> new Color(0xFFF3CD);
        };
    }

    /** {@code #rrggbb}, for HTML and SVG. */
    public static String hex(Color c) {
        return String.format(Locale.ROOT, "#%02x%02x%02x", c.getRed(), c.getGreen(), c.getBlue());
    }
}
