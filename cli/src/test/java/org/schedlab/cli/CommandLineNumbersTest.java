package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every number on the command line: out of range or not a number is exit 2 with one message in the
 * user's units that names the option and the value as written, never a Java type or a {@code PT0S}.
 */
class CommandLineNumbersTest {

    /** Words that would mean the message came from Java, not from schedlab. */
    private static final Pattern JAVA = Pattern.compile("\\b(long|int|double|Long|Integer|Double|Exception)\\b|\\bPT\\d|java\\.|\\bus\\b");

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "compare J1 --observed x.csv --max-error Infinity | --max-error | 'Infinity' is not a number: expected a percentage",
            "compare J1 --observed x.csv --max-error NaN | --max-error | 'NaN' is not a number",
            "compare J1 --observed x.csv --mean-error 1e400 | --mean-error | '1e400' is out of range: a percentage is from 0 to 1000000",
            "compare J1 --observed x.csv --max-error -1 | --max-error | '-1' is out of range: a percentage is from 0",
            "test J1 --max-error 1e400 | --max-error | '1e400' is out of range",
            "compare J1 --observed x.csv --warmup 99999999999s | --warmup | '99999999999s' is out of range: a warm-up is from 0 s to 86400 s (24 h)",
            "run J1 --duration 99999999999s | --duration | '99999999999s' is out of range: a run's duration or interval is from 0.001 s to 86400 s (24 h)",
            "run J1 --duration 99999999999999999999999999m | --duration | is out of range",
            "run J1 --interval 0.5ms | --interval | '0.5ms' is out of range: a run's duration or interval is from 0.001 s",
            "run J1 --duration 1.0000005s | --duration | '1.0000005s' is finer than a microsecond",
            "run J1 --seed 99999999999999999999 | --seed | '99999999999999999999' is out of range: a seed is a whole number from -9223372036854775808 to 9223372036854775807",
            "run J1 --seed 1.5 | --seed | '1.5' is out of range: a seed is a whole number",
            "run J1 --seed abc | --seed | 'abc' is not a number: expected a whole number",
            "run J1 --timeout 0s | --timeout | '0s' is out of range: a timeout is above 0 s and at most 604800 s (7 days)",
            "test J1 --timeout 0 | --timeout | '0' is out of range: a timeout is above 0 s",
            "run J1 --threads -1 | --threads | '-1' is out of range: expected a whole number from 0 (automatic) to 1024",
            "run J1 --threads 99999999999 | --threads | '99999999999' is out of range",
            "run J1 --threads two | --threads | 'two' is not a number: expected a whole number",
            "test J1 --jobs 0 | --jobs | '0' is out of range: expected a whole number from 1 to 1024",
    })
    void option_badNumber_exitsTwoWithTheValueAndRangeInUserUnits(String args, String option, String message) {
        Cli.Result r = Cli.run(arguments(args));

        r.assertExit(ExitCodes.BAD_INPUT);
        r.assertNoStackTrace();
        assertEquals("", r.out());
        assertEquals(1, r.errLines().size(), r::all);
        String first = r.errLines().get(0);
        assertTrue(first.contains("'" + option + "'") && first.contains(message), r::all);
        assertFalse(JAVA.matcher(r.err()).find(), r::all);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "run J1 --duration 10s --interval 20s | J1: --interval 20 s is longer than --duration 10 s",
            "run J1 --interval 61s | J1: --interval 61 s is longer than the duration of 60 s (the default)",
            "run J1 --duration 10s --warmup 10s | J1: --warmup 10 s is not shorter than --duration 10 s",
            "test J1 --duration 4s --warmup 5s | J1: --warmup 5 s is not shorter than --duration 4 s",
    })
    void runOptions_inconsistentTimes_exitTwoWithOneLineInSeconds(String args, String message) {
        Cli.Result r = Cli.run(arguments(args));

        r.assertExit(ExitCodes.BAD_INPUT);
        assertEquals(List.of("schedlab: " + message + (message.contains("warmup") ? ", so nothing would be judged" : "")),
                r.errLines());
        assertEquals("", r.out());
        assertFalse(JAVA.matcher(r.err()).find(), r::all);
    }

    /** {@code run J1 --x y} with the scenario's path put in. */
    private static String[] arguments(String line) {
        List<String> a = new ArrayList<>(List.of(line.trim().split(" +")));
        a.set(1, Cli.scenarioArg(a.get(1)));
        if (a.get(0).equals("run")) {
            a.add("--out");
            a.add(System.getProperty("java.io.tmpdir") + "/schedlab-numbers-never-written");
        }
        return a.toArray(String[]::new);
    }
}
