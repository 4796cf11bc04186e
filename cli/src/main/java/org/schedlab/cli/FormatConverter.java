package org.schedlab.cli;

import java.util.List;
import org.schedlab.report.ReportFormat;
import picocli.CommandLine;

/**
 * {@code --format NAME}: one of the {@link ReportFormat}s a command writes, by its lowercase label
 * ({@code text}, {@code junit-xml}), case-insensitive. Another name is a usage error naming the
 * formats the command accepts, worded as picocli words a bad enum value. One subclass per subset,
 * since picocli instantiates converters itself.
 */
abstract class FormatConverter implements CommandLine.ITypeConverter<ReportFormat> {

    private final List<ReportFormat> accepted;

    FormatConverter(ReportFormat... accepted) {
        this.accepted = List.of(accepted);
    }

    @Override
    public ReportFormat convert(String value) {
        try {
            return ReportFormat.parse(value, accepted);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException("expected one of "
                    + accepted.stream().map(ReportFormat::label).toList() + " (case-insensitive) but was '" + value + "'");
        }
    }

    /** {@code solve}: text, json, csv. */
    static final class Solve extends FormatConverter {
        Solve() {
            super(ReportFormat.TEXT, ReportFormat.JSON, ReportFormat.CSV);
        }
    }

    /** {@code compare}: text, json. */
    static final class Compare extends FormatConverter {
        Compare() {
            super(ReportFormat.TEXT, ReportFormat.JSON);
        }
    }

    /** {@code run}'s files: csv, json. */
    static final class Run extends FormatConverter {
        Run() {
            super(ReportFormat.CSV, ReportFormat.JSON);
        }
    }

    /** {@code test} on standard output: text, json, markdown (JUnit XML goes to its own file). */
    static final class Test extends FormatConverter {
        Test() {
            super(ReportFormat.TEXT, ReportFormat.JSON, ReportFormat.MARKDOWN);
        }
    }
}
