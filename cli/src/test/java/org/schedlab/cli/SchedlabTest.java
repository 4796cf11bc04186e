package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SchedlabTest {

    @ParameterizedTest
    @ValueSource(strings = {"check", "solve", "compare", "run", "test"})
    void help_everySubcommand_showsAnExampleAndExitsZero(String command) {
        Cli.Result r = Cli.run(command, "--help");

        r.assertExit(0);
        assertEquals("", r.err());
        assertTrue(r.out().startsWith("Usage: schedlab " + command), r::all);
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("Example")), r::all);
        assertTrue(r.out().lines().anyMatch(l -> l.trim().startsWith("schedlab " + command)), r::all);
        assertTrue(r.out().contains("Exit codes:"), r::all);
    }

    @Test
    void help_topLevel_listsEveryCommandWithAnExample() {
        Cli.Result r = Cli.run("--help");

        r.assertExit(0);
        for (String c : new String[] {"check", "solve", "compare", "run", "test"}) {
            assertTrue(r.out().lines().anyMatch(l -> l.trim().startsWith(c + " ")), c + "\n" + r.all());
        }
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("Example")), r::all);
    }

    @Test
    void helpCommand_forASubcommand_isItsHelp() {
        Cli.Result r = Cli.run("help", "solve");

        r.assertExit(0);
        assertTrue(r.out().startsWith("Usage: schedlab solve"), r::all);
    }

    @Test
    void version_exitsZeroNamingSchedlab() {
        Cli.Result r = Cli.run("--version");

        r.assertExit(0);
        assertTrue(r.out().startsWith("schedlab "), r::all);
        assertEquals("", r.err());
    }

    @Test
    void noCommand_exitsTwoWithUsageHint() {
        Cli.Result r = Cli.run();

        r.assertExit(2);
        assertTrue(r.err().contains("a command is required"), r::all);
    }

    @Test
    void unknownCommand_exitsTwo() {
        Cli.Result r = Cli.run("frobnicate");

        r.assertExit(2);
        assertEquals("", r.out());
    }

    @Test
    void unknownOption_exitsTwoWithUsageHint() {
        Cli.Result r = Cli.run("solve", Cli.scenarioArg("J1"), "--nope");

        r.assertExit(2);
        assertTrue(r.err().contains("--nope") && r.err().contains("schedlab solve --help"), r::all);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "solve   | markdown | [text, json, csv]",
            "compare | csv      | [text, json]",
            "run     | text     | [csv, json]",
            "test    | csv      | [text, json, markdown]"})
    void format_notOneTheCommandWrites_exitsTwoNamingTheOnesItDoes(String command, String format, String accepted) {
        Cli.Result r = command.equals("compare")
                ? Cli.run(command, Cli.scenarioArg("J1"), "--observed", "x.csv", "--format", format)
                : Cli.run(command, Cli.scenarioArg("J1"), "--format", format);

        r.assertExit(2);
        assertEquals("", r.out());
        assertTrue(r.err().startsWith("schedlab: Invalid value for option '--format': expected one of " + accepted
                + " (case-insensitive) but was '" + format + "'\n"), r::all);
    }

    @Test
    void format_anyCase_isAccepted() {
        Cli.Result r = Cli.run("solve", Cli.scenarioArg("J1"), "--format", "CSV");

        r.assertExit(0);
        assertTrue(r.out().startsWith("problem,user,vcpu,"), r::all);
    }
}
