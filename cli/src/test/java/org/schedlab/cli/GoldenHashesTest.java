package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Behaviour pinned byte for byte: the SHA-256 of {@code solve --format json} and of every file {@code run}
 * writes, for each seed scenario under each shipped policy (seed 1, 20 s). A refactoring must leave every
 * hash alone; a change of behaviour updates {@code golden/hashes.txt} on purpose, with the reason in the
 * commit. Regenerate with {@code mvn -pl cli test -Dtest=GoldenHashesTest -Dschedlab.golden.update=true}.
 */
class GoldenHashesTest {

    private static final List<String> SEEDS = List.of("AL1", "J1", "J2", "J3", "MR2", "MZ0", "SL3");
    private static final List<String> POLICIES = List.of("zvm63", "zvm64", "fair");
    private static final Path GOLDEN = Path.of("src", "test", "resources", "golden", "hashes.txt");

    @TempDir
    Path tmp;

    @Test
    void outputs_seedScenarios_matchGoldenHashes() throws IOException {
        Map<String, String> actual = new LinkedHashMap<>();
        for (String name : SEEDS) {
            String file = Cli.SCENARIOS.resolve(name + ".scn").toString();
            Cli.Result solve = Cli.run("solve", file, "--format", "json");
            solve.assertExit(0);
            actual.put(name + " solve", sha256(solve.out().getBytes(StandardCharsets.UTF_8)));
            for (String policy : POLICIES) {
                Path out = tmp.resolve(name + "-" + policy);
                Cli.Result run = Cli.run("run", file, "--policy", policy, "--seed", "1", "--duration", "20s",
                        "--out", out.toString(), "--threads", "1");
                run.assertExit(0);
                actual.put(name + " run " + policy, sha256(concatenated(out)));
            }
        }
        List<String> lines = new ArrayList<>();
        actual.forEach((k, v) -> lines.add(k + " " + v));
        if (Boolean.getBoolean("schedlab.golden.update")) {
            Files.write(GOLDEN, lines, StandardCharsets.UTF_8);
        }
        assertEquals(String.join("\n", Files.readAllLines(GOLDEN, StandardCharsets.UTF_8)), String.join("\n", lines));
    }

    /** Every file of a run, in name order, each preceded by its name. */
    private static byte[] concatenated(Path dir) throws IOException {
        var bytes = new java.io.ByteArrayOutputStream();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.sorted().toList()) {
                bytes.writeBytes((f.getFileName() + "\n").getBytes(StandardCharsets.UTF_8));
                bytes.writeBytes(Files.readAllBytes(f));
            }
        }
        return bytes.toByteArray();
    }

    private static String sha256(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
