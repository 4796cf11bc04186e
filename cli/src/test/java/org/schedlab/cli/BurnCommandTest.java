package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BurnCommandTest {

    private static final String TEXT = "LPAR CP.1\nPROBLEM B\nUSER A\n VCPU 0 CP 5\n VCPU 1 CP 0\nUSER B\n VCPU 0 CP 5\nRUNIT\n";

    @Test
    void burn_guestsUser_writesTheObservedCsvAndNamesIt(@TempDir Path dir) throws Exception {
        Path scn = dir.resolve("b.scn");
        Files.writeString(scn, TEXT);
        Path out = dir.resolve("a.csv");
        Cli.Result r = Cli.run("burn", scn.toString(), "--user", "A", "--start", Instant.now().plusMillis(300).toString(),
                "--duration", "1s", "--interval", "500ms", "--out", out.toString());
        assertEquals(0, r.code(), r.all());
        assertTrue(r.err().contains("schedlab: wrote " + out), r.all());
        List<String> lines = Files.readAllLines(out);
        assertEquals("start_s,end_s,user,vcpu,busy_pct", lines.get(0));
        assertEquals(5, lines.size());
        assertTrue(lines.get(3).startsWith("0.5,1,A,0,"), lines.toString());
    }

    @Test
    void burn_unknownUserOrBadStart_exit2OneLine(@TempDir Path dir) throws Exception {
        Path scn = dir.resolve("b.scn");
        Files.writeString(scn, TEXT);
        Cli.Result r = Cli.run("burn", scn.toString(), "--user", "C", "--start", "@2000000000", "--out",
                dir.resolve("c.csv").toString());
        assertEquals(2, r.code(), r.all());
        assertEquals("schedlab: problem B has no user C (it has A, B)", r.err().strip());
        Cli.Result bad = Cli.run("burn", scn.toString(), "--user", "A", "--start", "noon");
        assertEquals(2, bad.code(), bad.all());
        assertTrue(bad.err().contains("'noon' is not an instant"), bad.all());
        assertFalse(Files.exists(dir.resolve("c.csv")));
    }
}
