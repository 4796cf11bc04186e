package org.schedlab.core.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputTransactionTest {

    @TempDir
    Path root;

    @AfterEach
    void noHook() {
        OutputTransaction.Hooks.step = s -> { };
    }

    /** A JUnit file in one directory, a report directory in another, and a file set beside the JUnit file. */
    private void writeAll(OutputTransaction tx, String content) throws IOException {
        try (var w = tx.file(root.resolve("ci/junit.xml"))) {
            w.write("junit " + content);
        }
        Path report = tx.directory(root.resolve("out/report"));
        Files.createDirectories(report.resolve("img"));
        Files.writeString(report.resolve("index.html"), "index " + content);
        Files.writeString(report.resolve("img/a.png"), "png " + content);
        try (var s = tx.stream(root.resolve("ci").toAbsolutePath(), "J1.fair", "J1.fair.series.csv")) {
            s.write(("series " + content).getBytes(StandardCharsets.UTF_8));
        }
    }

    /** "old", "new", or a description of a mix: what a reader sees. */
    private String state() throws IOException {
        List<String> seen = new ArrayList<>();
        seen.add(read(root.resolve("ci/junit.xml"), "junit "));
        seen.add(read(root.resolve("out/report/index.html"), "index "));
        seen.add(read(root.resolve("out/report/img/a.png"), "png "));
        seen.add(read(root.resolve("ci/J1.fair.series.csv"), "series "));
        return seen.stream().distinct().count() == 1 ? seen.get(0) : "mixed " + seen;
    }

    private static String read(Path p, String prefix) throws IOException {
        if (!Files.exists(p)) {
            return "missing";
        }
        String s = Files.readString(p);
        return s.startsWith(prefix) ? s.substring(prefix.length()) : "foreign";
    }

    private void commitOld() throws IOException {
        try (OutputTransaction tx = OutputTransaction.begin()) {
            writeAll(tx, "old");
            tx.commit();
        }
        Files.writeString(root.resolve("out/report/stale-page.html"), "from the old report");
    }

    @Test
    void commit_filesSetsAndADirectoryInTwoPlaces_allReplacedAndNothingStagedLeft() throws IOException {
        commitOld();
        try (OutputTransaction tx = OutputTransaction.begin()) {
            writeAll(tx, "new");
            assertEquals("old", state(), "nothing visible before commit");
            tx.commit();
        }
        assertEquals("new", state());
        assertFalse(Files.exists(root.resolve("out/report/stale-page.html")), "a directory is replaced whole");
        assertEquals(List.of(), hidden(root.resolve("ci")));
        assertEquals(List.of(), hidden(root.resolve("out")));
        assertEquals(0, OpenOutputs.count());
    }

    @Test
    void close_withoutCommit_everythingAsBefore() throws IOException {
        commitOld();
        try (OutputTransaction tx = OutputTransaction.begin()) {
            writeAll(tx, "new");
        }
        assertEquals("old", state());
        assertEquals(List.of(), hidden(root.resolve("ci")));
        assertEquals(List.of(), hidden(root.resolve("out")));
    }

    @Test
    void discardAll_beforeCommit_everythingAsBefore() throws IOException {
        commitOld();
        OutputTransaction tx = OutputTransaction.begin();
        writeAll(tx, "new");
        OpenOutputs.discardAll();
        assertEquals("old", state());
        assertThrows(IllegalStateException.class, tx::commit, "a discarded transaction never appears later");
    }

    /**
     * A kill at every point of a commit, then the sweeps of later writers in either directory, in either order:
     * the outputs are all old or all new, never mixed; new exactly when the kill came after the first member was
     * marked as written.
     */
    @Test
    void sweep_killedAtEveryPointOfACommit_outputsAllOldOrAllNew() throws IOException {
        List<String> points = List.of("marked 1", "marked 2", "marked 3", "old moved aside");
        Random random = new Random(7);
        for (String point : points) {
            for (boolean ciFirst : new boolean[] {true, false}) {
                clean();
                commitOld();
                OutputTransaction tx = OutputTransaction.begin();
                writeAll(tx, "new");
                OutputTransaction.Hooks.step = s -> {
                    if (s.equals(point)) {
                        throw new OutputTransaction.Hooks.Kill(s);
                    }
                };
                assertThrows(OutputTransaction.Hooks.Kill.class, tx::commit);
                OutputTransaction.Hooks.step = s -> { };
                String afterKill = state();
                assertTrue(afterKill.equals("old") || afterKill.startsWith("mixed") || afterKill.equals("new")
                        || afterKill.contains("missing"), afterKill);
                // Later commands writing anything into one directory, then the other.
                List<Path> dirs = ciFirst ? List.of(root.resolve("ci"), root.resolve("out"))
                        : List.of(root.resolve("out"), root.resolve("ci"));
                OutputTransaction.sweep(dirs.get(0).toAbsolutePath(), "unrelated" + random.nextInt(100));
                assertEquals("new", state(), "killed at " + point + ", swept " + dirs.get(0));
                OutputTransaction.sweep(dirs.get(1).toAbsolutePath(), "unrelated");
                assertEquals("new", state());
                assertEquals(List.of(), hidden(root.resolve("ci")), point);
                assertEquals(List.of(), hidden(root.resolve("out")), point);
            }
        }
    }

    @Test
    void sweep_killedBeforeAnyMemberWasMarked_nextWriterOfTheSameOutputDeletesItsStaging() throws IOException {
        commitOld();
        OutputTransaction tx = OutputTransaction.begin();
        writeAll(tx, "new");
        // kill -9 before commit: no hook ran, the staging directories stay.
        OpenOutputs.finished(tx);
        assertEquals(1, hidden(root.resolve("out")).size());

        try (OutputTransaction next = OutputTransaction.begin()) {
            next.directory(root.resolve("out/report"));
            assertEquals(1, hidden(root.resolve("out")).size(), "only the new staging directory is left");
        }
        assertEquals("old", state());
    }

    @Test
    void sweep_olderVersionsStaging_removedByTheNextWriterOfTheSameOutput() throws IOException {
        Path out = Files.createDirectories(root.resolve("out"));
        // HTML reports used to be built in DIR/../.DIR.<hex>.part/ and JUnit files in .NAME.<hex>.part files.
        Files.createDirectories(out.resolve(".report.1a2b3c.part/img"));
        Files.writeString(out.resolve(".junit.xml.7f.part"), "<half");
        Files.createDirectories(out.resolve(".report.00ff.old/img"));
        try (OutputTransaction tx = OutputTransaction.begin()) {
            tx.directory(out.resolve("report"));
            tx.file(out.resolve("junit.xml")).close();
            tx.commit();
        }
        assertEquals(List.of(), hidden(out));
        assertEquals(List.of("junit.xml", "report"), names(out));
    }

    @Test
    void commit_anotherWriterSweptTheStaging_failsSayingWhyAndReplacesNothing() throws IOException {
        commitOld();
        OutputTransaction first = OutputTransaction.begin();
        writeAll(first, "first");
        try (OutputTransaction second = OutputTransaction.begin()) {
            second.directory(root.resolve("out/report"));
            WriteException e = assertThrows(WriteException.class, first::commit);
            assertTrue(e.getMessage().startsWith("could not write " + root.resolve("out/report").toAbsolutePath()
                    + ": its temporary files were removed by another schedlab command writing the same output at the"
                    + " same time"), e.getMessage());
            assertFalse(e.getMessage().contains(".part"), e.getMessage());
        }
        assertEquals("old", state());
        assertEquals(List.of(), hidden(root.resolve("ci")));
    }

    @Test
    void file_whereADirectoryIs_refused() throws IOException {
        Files.createDirectories(root.resolve("x.xml"));
        try (OutputTransaction tx = OutputTransaction.begin()) {
            assertThrows(RefusedOutputException.class, () -> tx.file(root.resolve("x.xml")));
        }
    }

    private void clean() throws IOException {
        OutputTransaction.deleteTree(root.resolve("ci"));
        OutputTransaction.deleteTree(root.resolve("out"));
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static List<String> hidden(Path dir) throws IOException {
        return names(dir).stream().filter(n -> n.startsWith(".")).toList();
    }
}
