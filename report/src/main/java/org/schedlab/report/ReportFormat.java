package org.schedlab.report;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Every output format, one {@link Reporter} each. A command accepts the formats whose reporter
 * writes its {@link ReportKind}; {@link #parse} gives the one-line message for any other.
 */
public enum ReportFormat {
    TEXT("text", new TextReporter()),
    JSON("json", new JsonReporter()),
    CSV("csv", new CsvReporter()),
    MARKDOWN("markdown", new MarkdownReporter()),
    JUNIT_XML("junit-xml", new JunitXmlReporter());

    private final String label;
    private final Reporter reporter;

    ReportFormat(String label, Reporter reporter) {
        this.label = label;
        this.reporter = reporter;
    }

    /** The name users type, lowercase: {@code text}, {@code junit-xml}. */
    public String label() {
        return label;
    }

    public Reporter reporter() {
        return reporter;
    }

    public boolean supports(ReportKind kind) {
        return reporter.kinds().contains(kind);
    }

    /** The formats that can write {@code kind}, in declaration order. */
    public static List<ReportFormat> supporting(ReportKind kind) {
        return Arrays.stream(values()).filter(f -> f.supports(kind)).toList();
    }

    /**
     * The format named {@code name} (its label, case-insensitive) among {@code accepted}.
     *
     * @throws IllegalArgumentException naming the accepted formats, when {@code name} is none of them
     */
    public static ReportFormat parse(String name, List<ReportFormat> accepted) {
        String wanted = name.strip().toLowerCase(Locale.ROOT);
        for (ReportFormat f : accepted) {
            if (f.label.equals(wanted)) {
                return f;
            }
        }
        throw new IllegalArgumentException("unknown format '" + name + "': expected one of "
                + accepted.stream().map(ReportFormat::label).collect(Collectors.joining(", ")));
    }

    @Override
    public String toString() {
        return label;
    }
}
