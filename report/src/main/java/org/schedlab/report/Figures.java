package org.schedlab.report;

import org.schedlab.core.Numbers;

/** Number formatting shared by the human-readable formats. */
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
}
