package org.schedlab.core.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.core.InputException;

class Utf8TextTest {

    private static final Utf8Text.Limits SMALL = new Utf8Text.Limits("a test file", 1000, 40);

    /** An endless stream of {@code line} repeated, counting what was taken from it. */
    private static final class Endless extends InputStream {
        private final byte[] line;
        long taken;

        Endless(String line) {
            this.line = line.getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public int read() {
            return line[(int) (taken++ % line.length)] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            for (int i = 0; i < len; i++) {
                b[off + i] = (byte) read();
            }
            return len;
        }
    }

    @Test
    void read_endlessStream_stopsJustPastTheLimitWithOneError() {
        // A pipe feeding a scenario forever: refused at 32 MiB, having taken at most a buffer more.
        Endless pipe = new Endless("* a comment line of a scenario that never ends\n");
        InputException e = assertThrows(InputException.class, () -> Utf8Text.read("fifo.scn", pipe, Utf8Text.SCENARIO));
        assertEquals("fifo.scn:1:1: the file has more than 33554432 bytes, a scenario file has at most 33554432 (32 MiB)",
                e.diagnostics().get(0).toString());
        assertTrue(pipe.taken <= Utf8Text.SCENARIO.maxBytes() + (1 << 16) + 1, "taken: " + pipe.taken);
    }

    @Test
    void read_endlessLine_stopsAtTheLineLimitNamingLineAndColumn() {
        Endless pipe = new Endless("x");
        InputException e = assertThrows(InputException.class, () -> Utf8Text.read("one-line.scn", pipe, Utf8Text.SCENARIO));
        assertEquals("one-line.scn:1:1048577: the line is longer than 1048576 bytes (1 MiB): not a scenario file",
                e.diagnostics().get(0).toString());
        assertTrue(pipe.taken <= 2L << 20, "taken: " + pipe.taken);
    }

    @Test
    void read_randomTexts_acceptedExactlyWhenWithinTheLimits() throws Exception {
        Random random = new Random(8);
        for (int round = 0; round < 500; round++) {
            StringBuilder b = new StringBuilder();
            int lines = random.nextInt(30);
            int longest = 0;
            for (int l = 0; l < lines; l++) {
                int n = random.nextInt(50);
                longest = Math.max(longest, n);
                b.append("é".repeat(random.nextInt(2))).append("a".repeat(n)).append(random.nextBoolean() ? "\n" : "\r\n");
            }
            byte[] bytes = b.toString().getBytes(StandardCharsets.UTF_8);
            int widest = b.toString().lines().mapToInt(s -> s.getBytes(StandardCharsets.UTF_8).length).max().orElse(0);
            boolean fits = bytes.length <= SMALL.maxBytes() && widest <= SMALL.maxLineBytes();
            try {
                assertEquals(b.toString(), Utf8Text.read("t", new ByteArrayInputStream(bytes), SMALL));
                assertTrue(fits, "accepted " + bytes.length + " bytes, widest line " + widest);
            } catch (InputException e) {
                assertTrue(!fits, e.getMessage());
            }
        }
    }

    @Test
    void read_byteOrderMarks_utf8DroppedUtf16Named() throws Exception {
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, 'a', '\n'};
        assertEquals("a\n", Utf8Text.read("t", new ByteArrayInputStream(bom), SMALL));
        byte[] utf16 = {(byte) 0xFF, (byte) 0xFE, 'a', 0};
        InputException e = assertThrows(InputException.class,
                () -> Utf8Text.read("expected.csv", new ByteArrayInputStream(utf16), SMALL));
        assertEquals("expected.csv:1:1: the file is UTF-16 (it starts with the byte order mark FF FE): the file must be UTF-8",
                e.diagnostics().get(0).toString());
    }

    @Test
    void read_fileOverTheLimit_saysItsSize(@TempDir Path dir) throws IOException {
        Path big = Files.write(dir.resolve("big.csv"), new byte[1001]);
        InputException e = assertThrows(InputException.class, () -> Utf8Text.read(big, SMALL));
        assertEquals(big + ":1:1: the file has 1001 bytes, a test file has at most 1000 (1000 bytes)",
                e.diagnostics().get(0).toString());
    }

    @Test
    void read_pipeNobodyWritesTo_givesUpAtTheTimeout(@TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("fifo");
        org.junit.jupiter.api.Assumptions.assumeTrue(mkfifo(fifo), "mkfifo is not available here");
        long started = System.nanoTime();
        InputException e = assertThrows(InputException.class,
                () -> Utf8Text.read(fifo, SMALL, Optional.of(Duration.ofMillis(300))));
        assertEquals(fifo + ":1:1: the file could not be read within the timeout of 0.3 s (a pipe that nobody writes to?)",
                e.diagnostics().get(0).toString());
        assertTrue((System.nanoTime() - started) / 1e9 < 10);
    }

    static boolean mkfifo(Path p) {
        try {
            return new ProcessBuilder("mkfifo", p.toString()).start().waitFor() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
