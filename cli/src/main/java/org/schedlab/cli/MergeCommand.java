package org.schedlab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.schedlab.core.Diagnostic;
import org.schedlab.core.InputException;
import org.schedlab.core.io.OutputGuard;
import org.schedlab.core.io.OutputTransaction;
import org.schedlab.report.MergedReport;
import org.schedlab.report.Outputs;
import org.schedlab.report.ReportFormat;
import org.schedlab.report.TestResultsJson;
import org.schedlab.report.html.MergedHtml;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code schedlab merge}: the shards of a {@code schedlab test --shard K/N} run joined into the report and the
 * exit code one unsharded run gives. Reports that need more than the shards' JSON carries (an HTML report with
 * charts) would take an option here and read what they need through {@link TestResultsJson}.
 */
@Command(name = "merge",
        mixinStandardHelpOptions = true,
        description = {"Join the JSON outputs of schedlab test --shard K/N (all N shards, any order) into one "
                + "report in plan order, with the exit code one unsharded run would have."},
        footer = {"", "Exit codes: 0 all as expected, 1 any check not as expected, 2 bad input (a shard missing, "
                + "twice, from another plan, run with other options or changed after it was written; or an output "
                + "in the way that schedlab did not write), 4 an output could not be written (docs/outputs.md).",
                "Example:",
                "  schedlab merge shard-1.json shard-2.json shard-3.json \\",
                "      --junit-xml target/schedlab-junit.xml"})
final class MergeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "RESULT.json", description = "The shards' outputs of schedlab test --format json.")
    List<Path> files;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text", converter = FormatConverter.Test.class,
            description = "text, json or markdown (default: ${DEFAULT-VALUE}).")
    ReportFormat format;

    @Option(names = "--junit-xml", paramLabel = "FILE", description = "Also write a JUnit (Surefire) XML report; "
            + "FILE may only be new, empty or a JUnit report schedlab wrote.")
    Path junitXml;

    @Option(names = "--html", paramLabel = "DIR", description = "Also write the merged summary as a static HTML "
            + "report into DIR (no charts: the shards' JSON carries figures, not series), replaced as a whole: DIR "
            + "may only be new, empty or a report schedlab wrote.")
    Path html;

    @Override
    public Integer call() throws IOException, InputException {
        // Outputs may replace only what schedlab wrote, never a shard: said before anything is read.
        if (junitXml != null) {
            OutputPaths.checkFile("--junit-xml", junitXml);
            OutputPaths.guard("--junit-xml", () -> {
                Outputs.checkJunitXml(junitXml);
                OutputGuard.checkApart(junitXml, files, html == null ? List.of() : List.of(html));
            });
        }
        if (html != null) {
            OutputPaths.checkReportDirectory("--html", html, files);
        }
        List<TestResultsJson.Document> docs = new ArrayList<>();
        List<Diagnostic> errors = new ArrayList<>();
        for (Path f : files) {
            try {
                docs.add(TestResultsJson.read(f));
            } catch (InputException e) {
                errors.addAll(e.diagnostics());
            }
        }
        if (!errors.isEmpty()) {
            throw new InputException(errors);
        }
        TestResultsJson.Merged merged = TestResultsJson.merge(docs);

        PrintWriter out = spec.commandLine().getOut();
        MergedReport.write(out, format, merged);
        out.flush();
        if (junitXml != null || html != null) {
            // One transaction: the JUnit file and the HTML report are replaced together or not at all.
            try (OutputTransaction outputs = OutputTransaction.begin()) {
                if (junitXml != null) {
                    StringWriter xml = new StringWriter();
                    MergedReport.write(new PrintWriter(xml), ReportFormat.JUNIT_XML, merged);
                    try (Writer w = outputs.file(junitXml)) {
                        w.write(xml.toString());
                    }
                }
                if (html != null) {
                    MergedHtml.write(outputs, html, merged, files);
                }
                outputs.commit();
                PrintWriter err = spec.commandLine().getErr();
                outputs.targets().forEach(t -> err.println("schedlab: wrote " + t));
            }
        }
        return merged.allAsExpected() ? ExitCodes.OK : ExitCodes.VERDICT_FAILED;
    }
}
