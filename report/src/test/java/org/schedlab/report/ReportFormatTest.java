package org.schedlab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReportFormatTest {

    @Test
    void parse_labelAnyCase_givesFormat() {
        assertEquals(ReportFormat.JUNIT_XML, ReportFormat.parse("JUnit-XML", List.of(ReportFormat.values())));
        assertEquals(ReportFormat.CSV, ReportFormat.parse("csv", List.of(ReportFormat.CSV)));
    }

    @Test
    void parse_formatNotAccepted_namesTheAcceptedOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ReportFormat.parse("markdown", List.of(ReportFormat.TEXT, ReportFormat.JSON)));
        assertEquals("unknown format 'markdown': expected one of text, json", e.getMessage());
    }

    @Test
    void supporting_eachKind_formatsWhoseReporterWritesIt() {
        assertEquals(List.of(ReportFormat.TEXT, ReportFormat.JSON, ReportFormat.CSV),
                ReportFormat.supporting(ReportKind.SOLUTIONS));
        assertEquals(List.of(ReportFormat.TEXT, ReportFormat.JSON), ReportFormat.supporting(ReportKind.COMPARISON));
        assertEquals(List.of(ReportFormat.TEXT), ReportFormat.supporting(ReportKind.RUN_SUMMARY));
        assertEquals(List.of(ReportFormat.JSON, ReportFormat.CSV), ReportFormat.supporting(ReportKind.RUN_FILES));
        assertEquals(List.of(ReportFormat.TEXT, ReportFormat.JSON, ReportFormat.MARKDOWN, ReportFormat.JUNIT_XML),
                ReportFormat.supporting(ReportKind.TESTS));
    }

    @Test
    void reporter_kindNotWritten_throwsNamingFormatAndKind() {
        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                () -> ReportFormat.MARKDOWN.reporter().solutions(null, "f", List.of()));
        assertEquals("markdown cannot report SOLUTIONS", e.getMessage());
    }

    @Test
    void reporter_format_isItsOwnConstant() {
        for (ReportFormat f : ReportFormat.values()) {
            assertEquals(f, f.reporter().format());
        }
    }
}
