package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompletionCommandTest {

    @Test
    void completion_printsABashScriptThatAlsoLoadsInZsh() {
        Cli.Result r = Cli.run("completion");

        r.assertExit(0);
        assertEquals("", r.err());
        assertTrue(r.out().startsWith("#!/usr/bin/env bash"), r::all);
        assertTrue(r.out().contains("ZSH_VERSION") && r.out().contains("bashcompinit"), "zsh set-up missing");
        assertTrue(r.out().contains("complete -F _complete_schedlab"), r::all);
    }

    /** The script is sourced into bash and asked what it completes, as bash does on TAB. */
    @Test
    void completion_inBash_completesCommandsAndOptions(@TempDir Path dir) throws Exception {
        Path script = Cli.write(dir.resolve("schedlab.bash"), Cli.run("completion").out());

        assertEquals(List.of("solve"), complete(script, "schedlab", "so"));
        assertEquals(List.of("--policy-path"), complete(script, "schedlab", "run", "--policy-p"));
    }

    private static List<String> complete(Path script, String... words) throws IOException, InterruptedException {
        String line = String.join(" ", words);
        String bash = "source '" + script + "' 2>/dev/null; COMP_WORDS=(" + line + "); COMP_CWORD=" + (words.length - 1)
                + "; COMP_LINE='" + line + "'; COMP_POINT=${#COMP_LINE}; _complete_schedlab 2>/dev/null;"
                + " printf '%s\\n' \"${COMPREPLY[@]}\"";
        Process p = new ProcessBuilder("bash", "-c", bash).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "bash did not finish");
        return out.lines().map(String::trim).filter(s -> !s.isEmpty()).toList();
    }
}
