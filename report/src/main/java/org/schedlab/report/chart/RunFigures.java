package org.schedlab.report.chart;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import org.schedlab.cell.EtrSummary;
import org.schedlab.cell.RunMetrics;
import org.schedlab.comparator.Comparison;
import org.schedlab.comparator.Thresholds;
import org.schedlab.comparator.Verdict;

/**
 * The figures a chart's title carries, as the report's figure titles do: problem, policy, verdict, mean and
 * max error, ETR as {@code n/m/sd} and mean dispatch delay ("ddelay"). ETR and delay are empty for
 * measurements made elsewhere, which have neither.
 *
 * @param policy the policy as named, or a label for where measurements came from
 */
public record RunFigures(String problem, String policy, Verdict verdict, double meanErrorPct, double maxErrorPct,
                         Thresholds thresholds, double warmupS, Optional<EtrSummary> etr,
                         OptionalDouble meanDispatchDelayUs) {

    public RunFigures {
        Objects.requireNonNull(problem, "problem");
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(thresholds, "thresholds");
        Objects.requireNonNull(etr, "etr");
        Objects.requireNonNull(meanDispatchDelayUs, "meanDispatchDelayUs");
    }

    /** A comparison's figures, with a run's metrics when the cell ran it. */
    public static RunFigures of(String problem, String policy, Comparison c, Optional<RunMetrics> metrics) {
        return new RunFigures(problem, policy, c.verdict(), c.meanErrorPct(), c.maxErrorPct(), c.thresholds(),
                c.warmupS(), metrics.flatMap(RunMetrics::etr),
                metrics.map(m -> OptionalDouble.of(m.meanDispatchDelayUs())).orElse(OptionalDouble.empty()));
    }

    /** Same figures with ETR and delay read from elsewhere (a run's files). */
    public RunFigures with(Optional<EtrSummary> etr, OptionalDouble delayUs) {
        return new RunFigures(problem, policy, verdict, meanErrorPct, maxErrorPct, thresholds, warmupS, etr, delayUs);
    }

    /** First title line: {@code J1 under zvm63: FAIL}. */
    public String headline() {
        return problem + " under " + policy + ": " + verdict;
    }

    /** Second title line: {@code error mean 4.76% max 23.78%, ETR 55/1234.5/12.3, ddelay 2204 us}. */
    public String figures() {
        StringBuilder b = new StringBuilder();
        b.append("error mean ").append(pct(meanErrorPct)).append(" max ").append(pct(maxErrorPct));
        etr.ifPresent(e -> b.append(", ETR ").append(e.n()).append('/').append(fmt1(e.mean())).append('/')
                .append(fmt1(e.sd())));
        if (meanDispatchDelayUs.isPresent()) {
            b.append(", ddelay ").append(Math.round(meanDispatchDelayUs.getAsDouble())).append(" us");
        }
        return b.toString();
    }

    static String pct(double v) {
        return String.format(Locale.ROOT, "%.2f%%", v);
    }

    static String fmt1(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}
