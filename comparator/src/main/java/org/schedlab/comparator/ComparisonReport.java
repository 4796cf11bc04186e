package org.schedlab.comparator;

import java.util.ArrayList;
import java.util.List;
import org.schedlab.core.Numbers;
import org.schedlab.core.io.JsonWriter;

/** A {@link Comparison} as text for people and as JSON for tools. */
public final class ComparisonReport {

    /** Places shown in text: the report quotes errors to two, a third keeps rounding visible. */
    private static final int PLACES = 3;

    private ComparisonReport() {
    }

    /**
     * One line per interval, then per virtual CPU correct against mean observed, then the figures the
     * verdict rests on and the verdict itself. Ends with a newline.
     */
    public static String text(String file, String problem, Comparison c) {
        StringBuilder sb = new StringBuilder();
        String unit = c.relative() ? "%" : "";
        String error = c.relative() ? "error" : "abs error";
        sb.append("comparison of ").append(file).append(" with problem ").append(problem).append('\n');
        if (!c.relative()) {
            sb.append("the correct vector is all zero, so there is no relative error: "
                    + "errors are absolute, |o - c| in percent of one CPU\n");
        }

        sb.append("intervals:\n");
        List<String> spans = new ArrayList<>(c.intervals().size());
        int spanWidth = 0;
        for (IntervalError e : c.intervals()) {
            String span = Numbers.fixed(e.startS(), PLACES) + "-" + Numbers.fixed(e.endS(), PLACES);
            spans.add(span);
            spanWidth = Math.max(spanWidth, span.length());
        }
        for (int i = 0; i < spans.size(); i++) {
            IntervalError e = c.intervals().get(i);
            sb.append("  ").append(padLeft(spans.get(i), spanWidth)).append(" s  ").append(error).append(' ')
                    .append(Numbers.fixed(e.errorPct(), PLACES)).append(unit);
            if (!e.counted()) {
                sb.append("  excluded (warm-up)");
            }
            sb.append('\n');
        }

        String idHeader = "virtual CPU";
        int idWidth = idHeader.length();
        for (VcpuComparison v : c.vcpus()) {
            idWidth = Math.max(idWidth, v.id().length());
        }
        sb.append("  ").append(padRight(idHeader, idWidth)).append("    correct  mean observed\n");
        for (VcpuComparison v : c.vcpus()) {
            sb.append("  ").append(padRight(v.id(), idWidth))
                    .append(padLeft(Numbers.fixed(v.correct(), PLACES), 11))
                    .append(padLeft(Numbers.fixed(v.meanObserved(), PLACES), 15)).append('\n');
        }

        sb.append("warm-up: ").append(Numbers.format(c.warmupS())).append(" s, ").append(c.excludedIntervals())
                .append(c.excludedIntervals() == 1 ? " interval" : " intervals").append(" excluded, ")
                .append(c.countedIntervals()).append(" counted\n");
        sb.append("mean ").append(error).append(' ').append(Numbers.fixed(c.meanErrorPct(), PLACES)).append(unit)
                .append(", max ").append(error).append(' ').append(Numbers.fixed(c.maxErrorPct(), PLACES)).append(unit)
                .append('\n');
        Thresholds t = c.thresholds();
        sb.append("thresholds: max ").append(error).append(' ').append(Numbers.format(t.maxErrorPct())).append(unit)
                .append(", mean ").append(error).append(' ')
                .append(t.meanErrorPct().isPresent() ? Numbers.format(t.meanErrorPct().getAsDouble()) + unit : "not set")
                .append('\n');
        c.etr().ifPresent(etr -> sb.append("ETR n/m/sd: ").append(etr.n()).append('/')
                .append(Numbers.format(etr.mean(), PLACES)).append('/').append(Numbers.format(etr.sd(), PLACES))
                .append('\n'));
        c.meanDispatchDelayUs().ifPresent(us -> sb.append("mean dispatch delay: ").append(Numbers.format(us, 1))
                .append(" us\n"));
        sb.append("verdict: ").append(c.verdict()).append('\n');
        return sb.toString();
    }

    /**
     * Writes the comparison as one JSON object; the caller owns the document and calls
     * {@link JsonWriter#finish()}, so the object can also sit inside a larger report.
     */
    public static void json(JsonWriter w, String file, String problem, Comparison c) {
        Thresholds t = c.thresholds();
        w.beginObject()
                .field("file", file)
                .field("problem", problem)
                .field("verdict", c.verdict().name())
                .field("relative", c.relative())
                .field("mean_error_pct", c.meanErrorPct())
                .field("max_error_pct", c.maxErrorPct());
        w.name("thresholds").beginObject()
                .field("max_error_pct", t.maxErrorPct())
                .fieldOrNull("mean_error_pct", t.meanErrorPct().orElse(Double.NaN))
                .endObject();
        w.field("warmup_s", c.warmupS()).field("excluded_intervals", c.excludedIntervals());
        w.name("intervals").beginArray();
        for (IntervalError e : c.intervals()) {
            w.beginObject().field("start_s", e.startS()).field("end_s", e.endS()).field("error_pct", e.errorPct())
                    .field("counted", e.counted()).endObject();
        }
        w.endArray();
        w.name("vcpus").beginArray();
        for (VcpuComparison v : c.vcpus()) {
            w.beginObject().field("user", v.user()).field("vcpu", v.vcpu()).field("correct", v.correct())
                    .field("mean_observed", v.meanObserved()).endObject();
        }
        w.endArray();
        w.name("etr");
        if (c.etr().isPresent()) {
            EtrSummary etr = c.etr().get();
            w.beginObject().field("n", etr.n()).field("mean", etr.mean()).field("sd", etr.sd()).endObject();
        } else {
            w.nullValue();
        }
        w.fieldOrNull("mean_dispatch_delay_us", c.meanDispatchDelayUs().orElse(Double.NaN));
        w.endObject();
    }

    private static String padLeft(String s, int width) {
        return s.length() >= width ? s : " ".repeat(width - s.length()) + s;
    }

    private static String padRight(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }
}
