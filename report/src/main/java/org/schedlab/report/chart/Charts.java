package org.schedlab.report.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.block.BlockBorder;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.Marker;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.schedlab.comparator.IntervalError;

/**
 * The charts, built from the pure models ({@link SeriesData}, {@link ChartLayout}, {@link AxisRange},
 * {@link ErrorVector}, {@link Palette}); everything decided about them is decided there, this class only
 * hands it to JFreeChart. Each chart is a {@link Figure} for {@link ChartFormat} to render.
 */
public final class Charts {

    /** Intervals an error chart draws at most; more are grouped by {@link Downsample#maxPerGroup}. */
    public static final int MAX_ERROR_POINTS = 400;

    private static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 18);
    private static final Font SUBTITLE = new Font(Font.SANS_SERIF, Font.PLAIN, 13);
    private static final Font NOTE = new Font(Font.SANS_SERIF, Font.ITALIC, 11);
    private static final Font PANEL_TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 12);
    private static final Color GRID = new Color(0xDDDDDD);
    private static final BasicStroke OBSERVED = new BasicStroke(1.8f);
    private static final BasicStroke DASHED = new BasicStroke(1.6f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
            new float[] {7f, 5f}, 0f);
    private static final BasicStroke THIN = new BasicStroke(1.2f);

    private Charts() {
    }

    /** Each virtual CPU's utilization over time, solid, and its correct value, dashed in the same colour. */
    public static Figure utilization(SeriesData data, RunFigures figures) {
        ChartLayout layout = ChartLayout.of(data.ids(), data.users());
        AxisRange y = layout.valueAxis(data);
        String note = note(layout, data);
        if (layout.panels().size() == 1) {
            JFreeChart chart = panel(data, layout.panels().get(0), y, figures.warmupS(), true);
            titled(chart, figures.headline(), figures.figures(), note);
            return Figure.of(chart, 960, 540);
        }
        List<JFreeChart> panels = new ArrayList<>();
        for (ChartLayout.Panel p : layout.panels()) {
            JFreeChart chart = panel(data, p, y, figures.warmupS(), false);
            chart.setTitle(new TextTitle(p.title(), PANEL_TITLE));
            panels.add(chart);
        }
        return Figure.grid(List.of(figures.headline(), figures.figures(), note), panels, layout.columns(), 460, 320);
    }

    private static String note(ChartLayout layout, SeriesData data) {
        String what = layout.perUser() ? "one line per user: its virtual CPUs summed" : "one line per virtual CPU";
        String shown = layout.truncated() ? "; the first " + layout.shownLines() + " of " + layout.totalLines()
                + " users" : "";
        return "Utilization, % of one CPU (" + what + shown + "): solid observed, dashed correct";
    }

    private static JFreeChart panel(SeriesData data, ChartLayout.Panel panel, AxisRange y, double warmupS,
                                    boolean big) {
        XYSeriesCollection dataset = new XYSeriesCollection();
        List<ChartLayout.Line> lines = panel.lines();
        double from = data.points() == 0 ? 0 : data.startS()[0];
        double to = data.points() == 0 ? 1 : data.endS()[data.points() - 1];
        for (ChartLayout.Line line : lines) {
            XYSeries s = new XYSeries(line.label(), false, true);
            for (int p = 0; p < data.points(); p++) {
                s.add(data.midS(p), line.value(data, p));
            }
            dataset.addSeries(s);
        }
        for (ChartLayout.Line line : lines) {
            XYSeries c = new XYSeries(line.label() + " correct", false, true);
            if (data.phases().isEmpty()) {
                c.add(from, line.correct(data));
                c.add(to, line.correct(data));
            } else {
                // The answer of a problem that changes while it runs: a step at each change.
                for (int k = 0; k < data.phases().size(); k++) {
                    double a = Math.max(from, data.phases().get(k).startS());
                    double b = k + 1 < data.phases().size() ? Math.min(to, data.phases().get(k + 1).startS()) : to;
                    if (b > a) {
                        c.add(a, line.correct(data, k));
                        c.add(b, line.correct(data, k));
                    }
                }
            }
            dataset.addSeries(c);
        }
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, false);
        for (int i = 0; i < lines.size(); i++) {
            r.setSeriesPaint(i, Palette.line(i));
            r.setSeriesStroke(i, OBSERVED);
            r.setSeriesPaint(lines.size() + i, Palette.line(i));
            r.setSeriesStroke(lines.size() + i, DASHED);
            r.setSeriesVisibleInLegend(lines.size() + i, false);
        }
        XYPlot plot = plot(dataset, r, "time (s)", big ? "busy (% of one CPU)" : "busy %", from, to, y);
        warmup(plot, warmupS, from);
        changes(plot, data);
        JFreeChart chart = new JFreeChart(null, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        style(chart, big);
        return chart;
    }

    /** A problem that changes while it runs: a thin vertical line at each change, where a phase starts. */
    private static void changes(XYPlot plot, SeriesData data) {
        for (int k = 1; k < data.phases().size(); k++) {
            ValueMarker m = new ValueMarker(data.phases().get(k).startS(), Palette.CHANGE, THIN);
            m.setLabel("phase " + (k + 1));
            m.setLabelFont(NOTE);
            m.setLabelPaint(Palette.CHANGE);
            m.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
            m.setLabelTextAnchor(TextAnchor.TOP_LEFT);
            plot.addDomainMarker(m, Layer.FOREGROUND);
        }
    }

    /** The per-interval error over time, with the max threshold (and the mean one, when set) drawn. */
    public static Figure error(List<IntervalError> intervals, RunFigures figures) {
        List<IntervalError> shown = Downsample.maxPerGroup(intervals, MAX_ERROR_POINTS);
        XYSeries counted = new XYSeries("interval error (counted)", false, true);
        XYSeries warm = new XYSeries("interval error (warm-up)", false, true);
        double max = 0;
        for (IntervalError e : shown) {
            (e.counted() ? counted : warm).add((e.startS() + e.endS()) / 2, e.errorPct());
            max = Math.max(max, e.errorPct());
        }
        XYSeriesCollection dataset = new XYSeriesCollection();
        dataset.addSeries(counted);
        dataset.addSeries(warm);
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, shown.size() <= 120);
        r.setSeriesPaint(0, Palette.line(0));
        r.setSeriesStroke(0, OBSERVED);
        r.setSeriesPaint(1, Palette.line(7));
        r.setSeriesStroke(1, THIN);
        double threshold = figures.thresholds().maxErrorPct();
        double meanThreshold = figures.thresholds().meanErrorPct().orElse(0);
        AxisRange y = AxisRange.error(max, Math.max(threshold, meanThreshold));
        double from = shown.isEmpty() ? 0 : shown.get(0).startS();
        double to = shown.isEmpty() ? 1 : shown.get(shown.size() - 1).endS();
        XYPlot plot = plot(dataset, r, "time (s)", "error (%)", from, to, y);
        warmup(plot, figures.warmupS(), from);
        plot.addRangeMarker(line(threshold, Palette.THRESHOLD, THIN,
                "max threshold " + fmt(threshold) + "%"), Layer.FOREGROUND);
        figures.thresholds().meanErrorPct().ifPresent(m -> plot.addRangeMarker(
                line(m, Palette.MEAN_THRESHOLD, THIN, "mean threshold " + fmt(m) + "%"), Layer.FOREGROUND));
        plot.addRangeMarker(line(figures.meanErrorPct(), Palette.line(6), DASHED,
                "mean error " + RunFigures.pct(figures.meanErrorPct())), Layer.FOREGROUND);
        JFreeChart chart = new JFreeChart(null, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        style(chart, true);
        String grouped = shown.size() < intervals.size()
                ? "; each point the largest of " + ((intervals.size() + MAX_ERROR_POINTS - 1) / MAX_ERROR_POINTS)
                + " intervals" : "";
        titled(chart, figures.headline(), figures.figures(),
                "Interval error 100 x |o - c| / |c| over time" + grouped);
        return Figure.of(chart, 960, 480);
    }

    /**
     * The report's Figure 1: correct, observed and error vectors in the plane of two virtual CPUs. When the
     * error vector is too short to see beside the whole vectors, a close-up of the two tips is drawn beside.
     */
    public static Figure errorVector(ErrorVector v, RunFigures figures) {
        String numbers = String.format(Locale.ROOT, "c = (%s, %s), o = (%s, %s): mean observed over the counted "
                + "intervals", fmt(v.correctX()), fmt(v.correctY()), fmt(v.observedX()), fmt(v.observedY()));
        String plane = v.dimensions() == 2 ? "|e| / |c| = " + RunFigures.pct(v.planeErrorPct())
                : "plane of the 2 of " + v.dimensions() + " virtual CPUs furthest from correct; in it |e| / |c| = "
                + RunFigures.pct(v.planeErrorPct());
        AxisRange axis = v.axis();
        XYPlot whole = vectorPlot(v, 0, axis.upper(), 0, axis.upper(), axis.tick());
        if (!v.needsCloseUp()) {
            JFreeChart chart = new JFreeChart(null, JFreeChart.DEFAULT_TITLE_FONT, whole, true);
            style(chart, true);
            titled(chart, figures.headline(), numbers, plane);
            return Figure.of(chart, 560, 560);
        }
        ErrorVector.Window w = v.closeUp();
        XYPlot close = vectorPlot(v, w.xLow(), w.xHigh(), w.yLow(), w.yHigh(),
                AxisRange.niceTick((w.xHigh() - w.xLow()) / 6));
        JFreeChart left = new JFreeChart("whole vectors", PANEL_TITLE, whole, true);
        JFreeChart right = new JFreeChart("close-up of the tips", PANEL_TITLE, close, true);
        style(left, false);
        style(right, false);
        return Figure.grid(List.of(figures.headline(), numbers, plane), List.of(left, right), 2, 440, 460);
    }

    private static XYPlot vectorPlot(ErrorVector v, double xLow, double xHigh, double yLow, double yHigh, double tick) {
        XYSeriesCollection dataset = new XYSeriesCollection();
        XYSeries correct = new XYSeries("correct c", false, true);
        correct.add(0, 0);
        correct.add(v.correctX(), v.correctY());
        XYSeries observed = new XYSeries("observed o", false, true);
        observed.add(0, 0);
        observed.add(v.observedX(), v.observedY());
        XYSeries error = new XYSeries("error e = o - c", false, true);
        error.add(v.correctX(), v.correctY());
        error.add(v.observedX(), v.observedY());
        dataset.addSeries(correct);
        dataset.addSeries(observed);
        dataset.addSeries(error);
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, true);
        r.setSeriesPaint(0, Palette.line(2));
        r.setSeriesPaint(1, Palette.line(0));
        r.setSeriesPaint(2, Palette.THRESHOLD);
        r.setSeriesStroke(0, new BasicStroke(2.5f));
        r.setSeriesStroke(1, new BasicStroke(2.5f));
        r.setSeriesStroke(2, new BasicStroke(2.5f));
        NumberAxis x = new NumberAxis(v.xLabel() + " busy (%)");
        x.setRange(xLow, xHigh);
        x.setTickUnit(new NumberTickUnit(tick));
        NumberAxis y = new NumberAxis(v.yLabel() + " busy (%)");
        y.setRange(yLow, yHigh);
        y.setTickUnit(new NumberTickUnit(tick));
        XYPlot plot = new XYPlot(dataset, x, y, r);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(GRID);
        plot.setRangeGridlinePaint(GRID);
        plot.setOutlineVisible(false);
        return plot;
    }

    /** One scenario's dispatch delay under one policy. */
    public record DelayBar(String scenario, String policy, double meanUs, double p99Us) {
    }

    /**
     * Mean and p99 dispatch delay per scenario, policies side by side (the report's Figure 20 compares two
     * releases so). A policy keeps its colour; its p99 bar is the lighter shade.
     */
    public static Figure dispatchDelay(List<DelayBar> bars) {
        DefaultCategoryDataset dataset = new DefaultCategoryDataset();
        List<String> policies = bars.stream().map(DelayBar::policy).distinct().toList();
        List<String> scenarios = bars.stream().map(DelayBar::scenario).distinct().toList();
        for (String policy : policies) {
            for (DelayBar b : bars) {
                if (b.policy().equals(policy)) {
                    dataset.addValue(b.meanUs(), policy + " mean", b.scenario());
                }
            }
            for (DelayBar b : bars) {
                if (b.policy().equals(policy)) {
                    dataset.addValue(b.p99Us(), policy + " p99", b.scenario());
                }
            }
        }
        BarRenderer r = new BarRenderer();
        r.setBarPainter(new StandardBarPainter());
        r.setShadowVisible(false);
        r.setItemMargin(0.02);
        for (int k = 0; k < policies.size(); k++) {
            r.setSeriesPaint(2 * k, Palette.line(k));
            r.setSeriesPaint(2 * k + 1, lighter(Palette.line(k)));
        }
        double max = bars.stream().mapToDouble(b -> Math.max(b.meanUs(), b.p99Us())).max().orElse(1);
        AxisRange y = AxisRange.upTo(max);
        NumberAxis range = new NumberAxis("dispatch delay (us)");
        range.setRange(y.lower(), y.upper());
        range.setTickUnit(new NumberTickUnit(y.tick()));
        CategoryAxis domain = new CategoryAxis("scenario");
        if (scenarios.size() > 8) {
            domain.setCategoryLabelPositions(CategoryLabelPositions.UP_45);
        }
        CategoryPlot plot = new CategoryPlot(dataset, domain, range, r);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(GRID);
        plot.setOutlineVisible(false);
        JFreeChart chart = new JFreeChart(null, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        style(chart, true);
        titled(chart, "Dispatch delay per scenario", "mean and p99 per policy (p99: the highest of the virtual "
                + "CPUs' 99th percentiles)", null);
        int width = Math.max(680, Math.min(2400, 120 + scenarios.size() * policies.size() * 40));
        return Figure.of(chart, width, 440);
    }

    /** One seed's run of a problem under a policy. */
    public record SeedPoint(String label, long seed, double meanErrorPct, double maxErrorPct) {
    }

    /** Error per seed, one strip per problem and policy: how much a verdict depends on the seed. */
    public static Figure seedSpread(List<SeedPoint> points, double maxThresholdPct) {
        List<String> labels = points.stream().map(SeedPoint::label).distinct().toList();
        XYSeries maxes = new XYSeries("max error", false, true);
        XYSeries means = new XYSeries("mean error", false, true);
        double top = maxThresholdPct;
        for (SeedPoint p : points) {
            int x = labels.indexOf(p.label());
            maxes.add(x, p.maxErrorPct());
            means.add(x, p.meanErrorPct());
            top = Math.max(top, p.maxErrorPct());
        }
        XYSeriesCollection dataset = new XYSeriesCollection();
        dataset.addSeries(maxes);
        dataset.addSeries(means);
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(false, true);
        r.setSeriesPaint(0, Palette.line(1));
        r.setSeriesPaint(1, Palette.line(0));
        SymbolAxis domain = new SymbolAxis(null, labels.toArray(String[]::new));
        domain.setGridBandsVisible(false);
        domain.setRange(-0.5, labels.size() - 0.5);
        if (labels.size() > 6) {
            domain.setVerticalTickLabels(true);
        }
        AxisRange y = AxisRange.error(top, maxThresholdPct);
        NumberAxis range = new NumberAxis("error (%)");
        range.setRange(y.lower(), y.upper());
        range.setTickUnit(new NumberTickUnit(y.tick()));
        XYPlot plot = new XYPlot(dataset, domain, range, r);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(GRID);
        plot.setDomainGridlinesVisible(false);
        plot.setOutlineVisible(false);
        plot.addRangeMarker(line(maxThresholdPct, Palette.THRESHOLD, THIN, "max threshold " + fmt(maxThresholdPct)
                + "%"), Layer.FOREGROUND);
        JFreeChart chart = new JFreeChart(null, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        style(chart, true);
        titled(chart, "Error per seed", "one dot per seed: max (the verdict's figure) and mean interval error", null);
        return Figure.of(chart, Math.max(640, Math.min(2400, 140 + labels.size() * 90)), 460);
    }

    private static XYPlot plot(XYSeriesCollection dataset, XYLineAndShapeRenderer r, String xLabel, String yLabel,
                               double from, double to, AxisRange y) {
        NumberAxis domain = new NumberAxis(xLabel);
        domain.setRange(from, to > from ? to : from + 1);
        domain.setAutoRangeIncludesZero(false);
        NumberAxis range = new NumberAxis(yLabel);
        range.setRange(y.lower(), y.upper());
        range.setTickUnit(new NumberTickUnit(y.tick()));
        XYPlot plot = new XYPlot(dataset, domain, range, r);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(GRID);
        plot.setRangeGridlinePaint(GRID);
        plot.setOutlineVisible(false);
        return plot;
    }

    private static void warmup(XYPlot plot, double warmupS, double from) {
        if (warmupS > from) {
            IntervalMarker m = new IntervalMarker(from, warmupS, Palette.WARMUP);
            m.setLabel("warm-up");
            m.setLabelFont(NOTE);
            m.setLabelAnchor(RectangleAnchor.TOP_LEFT);
            m.setLabelTextAnchor(TextAnchor.TOP_LEFT);
            plot.addDomainMarker(m, Layer.BACKGROUND);
        }
    }

    private static Marker line(double value, Color colour, BasicStroke stroke, String label) {
        ValueMarker m = new ValueMarker(value, colour, stroke);
        m.setLabel(label);
        m.setLabelFont(NOTE);
        m.setLabelPaint(colour.darker());
        m.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
        m.setLabelTextAnchor(TextAnchor.BOTTOM_RIGHT);
        return m;
    }

    private static void titled(JFreeChart chart, String title, String subtitle, String note) {
        chart.setTitle(new TextTitle(title, TITLE));
        chart.addSubtitle(new TextTitle(subtitle, SUBTITLE));
        if (note != null) {
            chart.addSubtitle(new TextTitle(note, NOTE));
        }
    }

    private static void style(JFreeChart chart, boolean big) {
        chart.setBackgroundPaint(Color.WHITE);
        chart.setAntiAlias(true);
        LegendTitle legend = chart.getLegend();
        if (legend != null) {
            legend.setFrame(BlockBorder.NONE);
            legend.setItemFont(new Font(Font.SANS_SERIF, Font.PLAIN, big ? 12 : 10));
            legend.setPosition(RectangleEdge.BOTTOM);
        }
    }

    private static Color lighter(Color c) {
        return new Color((c.getRed() + 2 * 255) / 3, (c.getGreen() + 2 * 255) / 3, (c.getBlue() + 2 * 255) / 3);
    }

    private static String fmt(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.2f", v);
    }
}
