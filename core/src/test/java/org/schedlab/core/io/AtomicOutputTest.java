package org.schedlab.core.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicOutputTest {

    @Test
    void commit_afterWrites_fileAppearsWhole(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("sub/report.csv");
        try (AtomicOutput out = AtomicOutput.create(target)) {
            out.writer().write("a,b\n");
            assertFalse(Files.exists(target), "nothing visible before commit");
            out.commit();
        }
        assertEquals("a,b\n", Files.readString(target));
        assertEquals(List.of(target), list(target.getParent()));
    }

    @Test
    void close_withoutCommit_leavesNothing(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("report.csv");
        assertThrows(IllegalStateException.class, () -> {
            try (AtomicOutput out = AtomicOutput.create(target)) {
                out.writer().write("half");
                throw new IllegalStateException("the run failed");
            }
        });
        assertEquals(List.of(), list(dir));
    }

    @Test
    void commit_existingTarget_replacedNotAppended(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("r.txt");
        Files.writeString(target, "old content that is longer");
        AtomicOutput.write(target, "new");
        assertEquals("new", Files.readString(target));
    }

    @Test
    void commit_posixFileSystem_notOwnerOnly(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("r.txt");
        AtomicOutput.write(target, "x");
        if (target.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            // createTempFile would have made it rw------- whatever the umask; readable by group or others
            // unless the umask forbids it, which a CI or developer machine does not set to 077.
            String perms = java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(target));
            assertTrue(perms.startsWith("rw-") && !perms.equals("rw-------"), perms);
        }
    }

    private static List<Path> list(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }
}
