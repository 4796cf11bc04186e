package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/** What every command shares at the top: internal errors, suggestions, help layout. */
class TopLevelTest {

    @ParameterizedTest
    @CsvSource({"oom, java.lang.OutOfMemoryError", "stack, java.lang.StackOverflowError"})
    void javaError_inACommand_isOneLineAndExitThree(String kind, String type, @TempDir Path dir) {
        Cli.Result r = Cli.run("run", Cli.scenarioArg("J1"), "--policy", ErrorPolicy.CLASS + ":error=" + kind,
                "--out", dir.toString());

        r.assertExit(ExitCodes.INTERNAL_ERROR);
        r.assertNoStackTrace();
        assertEquals(List.of("schedlab: internal error, please report: " + type + ": " + ErrorPolicy.MESSAGE),
                r.errLines(), r::all);
        assertEquals("", r.out());
        assertEquals(List.of(), Cli.list(dir), "nothing written");
    }

    @Test
    void exitCodeThree_isDocumentedInTheTopLevelHelp() {
        Cli.Result r = Cli.run("--help");

        assertTrue(r.out().contains("3 internal error"), r::all);
    }

    @Test
    void misspelledCommand_suggestsTheCommand() {
        Cli.Result r = Cli.run("solv", Cli.scenarioArg("J1"));

        r.assertExit(ExitCodes.BAD_INPUT);
        assertTrue(r.err().contains("Did you mean: schedlab solve"), r::all);
    }

    @Test
    void misspelledOption_suggestsTheOption() {
        Cli.Result r = Cli.run("solve", Cli.scenarioArg("J1"), "--problme", "J1");

        r.assertExit(ExitCodes.BAD_INPUT);
        assertTrue(r.errLines().stream().anyMatch(l -> l.contains("--problem") && !l.contains("--problme")), r::all);
    }

    /**
     * An example is copied into a shell: wrapped across lines by the help layout, it no longer runs.
     * Widths: the default (80, no terminal), a narrow terminal (picocli's minimum) and a wide one.
     */
    @ParameterizedTest
    @ValueSource(ints = {0, 55, 200})
    void help_everyCommandsExamples_printedWholeOnTheirOwnLines(int width) {
        String key = "picocli.usage.width";
        String before = System.getProperty(key);
        try {
            if (width > 0) {
                System.setProperty(key, Integer.toString(width));
            }
            assertExamplesWhole();
        } finally {
            if (before == null) {
                System.clearProperty(key);
            } else {
                System.setProperty(key, before);
            }
        }
    }

    private static void assertExamplesWhole() {
        CommandLine root = new CommandLine(new Schedlab());
        List<CommandLine> commands = new java.util.ArrayList<>(List.of(root));
        commands.addAll(root.getSubcommands().values());
        for (CommandLine c : commands) {
            String name = c.getCommandSpec().qualifiedName(" ");
            List<String> args = new java.util.ArrayList<>(List.of(name.split(" ")).subList(1, name.split(" ").length));
            args.add("--help");
            Cli.Result r = Cli.run(args.toArray(String[]::new));
            for (String line : c.getCommandSpec().usageMessage().footer()) {
                if (HelpLayout.isExample(line)) {
                    assertTrue(line.length() < 80, name + ": example over 79 columns: " + line);
                    assertTrue(r.outLines().contains(line), name + ": example not printed whole: " + line + "\n" + r.all());
                }
            }
        }
    }
}
