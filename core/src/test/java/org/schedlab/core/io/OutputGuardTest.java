package org.schedlab.core.io;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputGuardTest {

    private static final OutputGuard.Signature XML = OutputGuard.Signature.startsWith("<?xml");

    @TempDir
    Path dir;

    @Test
    void checkFile_missingEmptyOrOurs_allowed() throws IOException {
        assertDoesNotThrow(() -> OutputGuard.checkFile(dir.resolve("new.xml"), "a JUnit report", XML));
        assertDoesNotThrow(() -> OutputGuard.checkFile(Files.createFile(dir.resolve("empty.xml")), "a JUnit report", XML));
        Path ours = Files.writeString(dir.resolve("ours.xml"), "<?xml version=\"1.0\"?><testsuite/>");
        assertDoesNotThrow(() -> OutputGuard.checkFile(ours, "a JUnit report", XML));
    }

    @Test
    void checkFile_usersFileDirectoryOrPipe_refusedNamingThePath() throws IOException {
        Path notes = Files.writeString(dir.resolve("notes.txt"), "my notes");
        assertEquals(notes + " exists and is not a JUnit report schedlab wrote; schedlab replaces only files it wrote: "
                + "remove it or choose another name", refusedFile(notes));
        Path sub = Files.createDirectory(dir.resolve("sub"));
        assertEquals(sub + " is a directory; expected a file name", refusedFile(sub));
        Path link = Files.createSymbolicLink(dir.resolve("link.xml"), notes);
        assertEquals(link + " exists and is not a regular file; schedlab replaces only files it wrote: remove it or "
                + "choose another name", refusedFile(link));
    }

    private static String refusedFile(Path p) {
        return assertThrows(RefusedOutputException.class, () -> OutputGuard.checkFile(p, "a JUnit report", XML))
                .getMessage();
    }

    @Test
    void checkReportDirectory_missingEmptyMarkedOrAnOlderReport_allowed() throws IOException {
        assertDoesNotThrow(() -> OutputGuard.checkReportDirectory(dir.resolve("new"), List.of()));
        assertDoesNotThrow(() -> OutputGuard.checkReportDirectory(Files.createDirectory(dir.resolve("empty")), List.of()));
        Path marked = Files.createDirectory(dir.resolve("marked"));
        Files.writeString(marked.resolve(OutputGuard.REPORT_MARKER), OutputGuard.REPORT_MARKER_TEXT);
        Files.writeString(marked.resolve("anything.html"), "x");
        assertDoesNotThrow(() -> OutputGuard.checkReportDirectory(marked, List.of()));
        Path legacy = Files.createDirectories(dir.resolve("legacy/img"));
        Files.writeString(legacy.resolve("a.png"), "png");
        Files.writeString(dir.resolve("legacy/index.html"), "<!DOCTYPE html>\n<title>schedlab test report</title>");
        Files.writeString(dir.resolve("legacy/p001.html"), "page");
        assertDoesNotThrow(() -> OutputGuard.checkReportDirectory(dir.resolve("legacy"), List.of()));
    }

    @Test
    void checkReportDirectory_usersFilesInputsWorkingDirectoryOrAFile_refused() throws IOException {
        Path lib = Files.createDirectories(dir.resolve("lib/sub"));
        Files.writeString(lib.resolve("important.txt"), "x");
        assertEquals(dir.resolve("lib") + " is not empty and is not a report schedlab wrote (it has no "
                + ".schedlab-report); schedlab replaces only its own reports: name a new or empty directory",
                refusedDir(dir.resolve("lib"), List.of()));

        // An older report with one user file added is not a report any more.
        Path legacy = Files.createDirectories(dir.resolve("legacy/img"));
        Files.writeString(dir.resolve("legacy/index.html"), "<title>schedlab test report</title>");
        Files.writeString(dir.resolve("legacy/J1.scn"), "PROBLEM J1");
        refusedDir(dir.resolve("legacy"), List.of());

        Path marked = Files.createDirectory(dir.resolve("marked"));
        Files.writeString(marked.resolve(OutputGuard.REPORT_MARKER), "");
        Path input = Files.writeString(marked.resolve("J1.scn"), "PROBLEM J1");
        assertEquals(marked + " holds the input " + input + "; a report directory is replaced as a whole: name a "
                + "directory apart from the inputs", refusedDir(marked, List.of(input)));
        // Also through another spelling of the same path.
        refusedDir(marked.resolve("../marked"), List.of(input));

        assertEquals(". is the working directory; a report directory is replaced as a whole: name a new directory "
                + "for it", refusedDir(Path.of("."), List.of()));
        refusedDir(Path.of("").toAbsolutePath().getParent(), List.of());

        Path file = Files.writeString(dir.resolve("afile"), "x");
        assertEquals(file + " is a file; expected a directory for the report", refusedDir(file, List.of()));
    }

    @Test
    void checkApart_outputIsAnInputOrInsideTheReport_refused() throws IOException {
        Path input = Files.writeString(dir.resolve("J1.scn"), "x");
        assertThrows(RefusedOutputException.class,
                () -> OutputGuard.checkApart(dir.resolve("./J1.scn"), List.of(input), List.of()));
        assertThrows(RefusedOutputException.class,
                () -> OutputGuard.checkApart(dir.resolve("out/junit.xml"), List.of(), List.of(dir.resolve("out"))));
        assertDoesNotThrow(() -> OutputGuard.checkApart(dir.resolve("junit.xml"), List.of(input),
                List.of(dir.resolve("out"))));
    }

    private static String refusedDir(Path d, List<Path> inputs) {
        return assertThrows(RefusedOutputException.class, () -> OutputGuard.checkReportDirectory(d, inputs)).getMessage();
    }
}
