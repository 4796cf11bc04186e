/**
 * Charts of runs and measurements (docs/charts.md): utilization over time, interval error, and the report's
 * error vector. What a chart shows is decided in pure, tested models ({@link org.schedlab.report.chart.SeriesData},
 * {@link org.schedlab.report.chart.ChartLayout}, {@link org.schedlab.report.chart.AxisRange},
 * {@link org.schedlab.report.chart.ErrorVector}, {@link org.schedlab.report.chart.Palette},
 * {@link org.schedlab.report.chart.Downsample}); {@link org.schedlab.report.chart.Charts} only hands them to
 * JFreeChart, and {@link org.schedlab.report.chart.RunCharts} writes a run's charts as files.
 *
 * <p>API: every public type here.
 */
package org.schedlab.report.chart;
