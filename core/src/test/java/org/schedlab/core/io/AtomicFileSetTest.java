package org.schedlab.core.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFileSetTest {

    @TempDir
    Path dir;

    @Test
    void commit_twoFiles_bothAppearAndNoStagingIsLeft() throws IOException {
        try (AtomicFileSet set = AtomicFileSet.create(dir, "J1.fair")) {
            set.file("J1.fair.a.csv").write("a\n");
            set.file("J1.fair.b.csv").write("b\n");
            assertEquals(List.of(), visible(), "nothing visible before commit");
            set.commit();
            assertEquals(List.of(dir.resolve("J1.fair.a.csv").toAbsolutePath(), dir.resolve("J1.fair.b.csv").toAbsolutePath()),
                    set.targets());
        }
        assertEquals(List.of("J1.fair.a.csv", "J1.fair.b.csv"), all());
        assertEquals("a\n", Files.readString(dir.resolve("J1.fair.a.csv")));
        assertEquals(0, OpenOutputs.count());
    }

    @Test
    void close_withoutCommit_leavesNothing() throws IOException {
        try (AtomicFileSet set = AtomicFileSet.create(dir, "J1.fair")) {
            set.file("J1.fair.a.csv").write("half");
        }
        assertEquals(List.of(), all());
    }

    @Test
    void discardAll_interruptedBeforeCommit_leavesNoFilesAndNoPart() throws IOException {
        // What the shutdown hook does on Ctrl-C or SIGTERM while a run is still writing.
        AtomicFileSet set = AtomicFileSet.create(dir, "J1.fair");
        set.file("J1.fair.a.csv").write("half");
        AtomicOutput single = AtomicOutput.create(dir.resolve("junit.xml"));
        single.writer().write("<half");
        assertTrue(OpenOutputs.count() >= 2);

        OpenOutputs.discardAll();

        assertEquals(List.of(), all());
        assertThrows(IllegalStateException.class, set::commit, "a discarded set never appears later");
        assertEquals(0, OpenOutputs.count());
    }

    @Test
    void commit_previousSet_replacedWhole() throws IOException {
        Files.writeString(dir.resolve("J1.fair.a.csv"), "old a");
        Files.writeString(dir.resolve("J1.fair.b.csv"), "old b");
        try (AtomicFileSet set = AtomicFileSet.create(dir, "J1.fair")) {
            set.file("J1.fair.a.csv").write("new a");
            set.file("J1.fair.b.csv").write("new b");
            set.commit();
        }
        assertEquals("new a", Files.readString(dir.resolve("J1.fair.a.csv")));
        assertEquals("new b", Files.readString(dir.resolve("J1.fair.b.csv")));
    }

    @Test
    void sweep_killedMidCommit_movesTheRestOfTheFinishedSetIntoPlace() throws IOException {
        // A kill after the staging directory became .commit and one of two files was moved out:
        // a is new, b is still old in place and new in the .commit directory.
        Files.writeString(dir.resolve("J1.fair.a.csv"), "new a");
        Files.writeString(dir.resolve("J1.fair.b.csv"), "old b");
        Path marked = Files.createDirectory(dir.resolve(".J1.fair.00000000deadbeef.commit"));
        Files.writeString(marked.resolve("J1.fair.b.csv"), "new b");

        // Any later set in the directory, even of another base, finishes it first.
        try (AtomicFileSet other = AtomicFileSet.create(dir, "J2.zvm63")) {
            other.file("J2.zvm63.a.csv").write("x");
            other.commit();
        }

        assertEquals("new a", Files.readString(dir.resolve("J1.fair.a.csv")));
        assertEquals("new b", Files.readString(dir.resolve("J1.fair.b.csv")));
        assertEquals(List.of("J1.fair.a.csv", "J1.fair.b.csv", "J2.zvm63.a.csv"), all());
    }

    @Test
    void sweep_killedBeforeCommit_ownBaseRemovedAtOnceOthersAfterADay() throws IOException {
        // kill -9 runs no hook: what it leaves behind, by the same base and by others.
        Path ownDir = Files.createDirectory(dir.resolve(".J1.fair.0123456789abcdef.part"));
        Files.writeString(ownDir.resolve("J1.fair.a.csv"), "half");
        Files.writeString(dir.resolve(".J1.fair.series.csv.1f2e3d.part"), "half, an older version's single file");
        Path freshOther = Files.createDirectory(dir.resolve(".J2.fair.fedcba9876543210.part"));
        Path oldOther = Files.writeString(dir.resolve(".junit.xml.abc.part"), "<half");
        Files.setLastModifiedTime(oldOther, FileTime.from(Instant.now().minus(AtomicFileSet.STALE_AFTER).minusSeconds(60)));
        Files.writeString(dir.resolve(".keep.me"), "not ours");

        AtomicFileSet.sweep(dir, "J1.fair");

        assertEquals(List.of(".J2.fair.fedcba9876543210.part", ".keep.me"), all(),
                "another base's fresh staging may be a run in progress");
        assertTrue(Files.isDirectory(freshOther));
    }

    @Test
    void file_writeFails_namesTheTargetNotTheTemporaryFile() throws IOException {
        Writer failing = new Writer() {
            @Override
            public void write(char[] cbuf, int off, int len) throws IOException {
                throw new IOException("No space left on device");
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Path target = dir.resolve("J1.fair.series.csv");
        WriteException e = assertThrows(WriteException.class, () -> new TargetWriter(failing, target).write("x"));
        assertEquals("could not write " + target + ": No space left on device", e.getMessage());
        assertEquals(target, e.target());
    }

    @Test
    void file_outsideTheSet_isRejected() throws IOException {
        try (AtomicFileSet set = AtomicFileSet.create(dir, "J1.fair")) {
            assertThrows(IllegalArgumentException.class, () -> set.file("J2.fair.a.csv"));
            assertThrows(IllegalArgumentException.class, () -> set.file("J1.fair./../x"));
        }
    }

    private List<String> all() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private List<String> visible() throws IOException {
        return all().stream().filter(n -> !n.startsWith(".")).toList();
    }
}
