/**
 * Writing results for people and tools (docs/outputs.md): text, JSON, CSV, Markdown and JUnit XML
 * ({@link org.schedlab.report.ReportFormat}, one {@link org.schedlab.report.Reporter} each, for the
 * {@link org.schedlab.report.ReportKind}s it supports), a run's files as they stream
 * ({@link org.schedlab.report.RunFiles}, {@link org.schedlab.report.SeriesCsv}), merged shard results
 * ({@link org.schedlab.report.MergedReport}, {@link org.schedlab.report.TestResultsJson}) and a problem as CP
 * commands for a real z/VM ({@link org.schedlab.report.ZvmCommands}). Charts are in
 * {@code org.schedlab.report.chart}, the HTML report in {@code org.schedlab.report.html}.
 *
 * <p>API: the public types. Internal: each format's reporter class and the shared number wording
 * ({@code Figures}); callers reach a format through {@link org.schedlab.report.ReportFormat}.
 */
package org.schedlab.report;
