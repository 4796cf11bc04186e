package org.schedlab.report;

import static org.schedlab.report.Figures.orDash;
import static org.schedlab.report.Figures.padLeft;
import static org.schedlab.report.Figures.padRight;

import org.schedlab.cell.TestResult;
import org.schedlab.comparator.Comparison;
import org.schedlab.comparator.Thresholds;
import org.schedlab.comparator.VcpuComparison;
import org.schedlab.core.Numbers;

/**
 * What a check that did not end as expected shows a person: the verdict line, the thresholds it was
 * judged by, and per virtual CPU the correct against the observed consumption. One text for every
 * place a failure is read (a JUnit XML failure body, the JUnit engine's assertion message), so a CI
 * page and an IDE say the same thing.
 */
public final class VerdictDetails {

    private VerdictDetails() {
    }

    /** {@code verdict FAIL, expected PASS: mean error 7.12%, max error 9.80%}; a failed run's message instead of figures. */
    public static String headline(TestResult r) {
        if (r.trial().error().isPresent()) {
            return "verdict " + r.verdict() + ", expected " + r.expectation() + ": " + r.trial().error().get();
        }
        return "verdict " + r.verdict() + ", expected " + r.expectation() + ": mean error "
                + orDash(r.trial().meanErrorPct()) + "%, max error " + orDash(r.trial().maxErrorPct()) + "%";
    }

    /**
     * The headline, the thresholds, and the per-virtual-CPU table (in percent of one CPU), each line
     * ending in a newline; a failed run has no table.
     */
    public static String describe(TestResult r) {
        StringBuilder sb = new StringBuilder(headline(r)).append('\n');
        r.trial().comparison().ifPresent(c -> {
            sb.append(thresholds(c.thresholds())).append('\n');
            sb.append(vcpuTable(c));
        });
        return sb.toString();
    }

    /** {@code thresholds: max error 5%, mean error not set}. */
    public static String thresholds(Thresholds t) {
        return "thresholds: max error " + Numbers.format(t.maxErrorPct()) + "%, mean error "
                + (t.meanErrorPct().isPresent() ? Numbers.format(t.meanErrorPct().getAsDouble()) + "%" : "not set");
    }

    /** Correct, mean observed and their difference per virtual CPU, aligned, three places. */
    public static String vcpuTable(Comparison c) {
        String idHeader = "virtual CPU";
        int idWidth = idHeader.length();
        for (VcpuComparison v : c.vcpus()) {
            idWidth = Math.max(idWidth, v.id().length());
        }
        StringBuilder sb = new StringBuilder();
        sb.append(padRight(idHeader, idWidth)).append("    correct   observed  difference\n");
        for (VcpuComparison v : c.vcpus()) {
            sb.append(padRight(v.id(), idWidth))
                    .append(padLeft(Numbers.fixed(v.correct(), 3), 11))
                    .append(padLeft(Numbers.fixed(v.meanObserved(), 3), 11))
                    .append(padLeft(signed(v.meanObserved() - v.correct()), 12)).append('\n');
        }
        return sb.toString();
    }

    private static String signed(double d) {
        String s = Numbers.fixed(d, 3);
        return s.startsWith("-") || Double.parseDouble(s) == 0 ? s.replace("-0.000", "0.000") : "+" + s;
    }
}
