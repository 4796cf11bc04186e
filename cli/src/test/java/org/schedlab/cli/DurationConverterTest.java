package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

class DurationConverterTest {

    @ParameterizedTest
    @CsvSource({
            "60s, 60000",
            "500ms, 500",
            "2m, 120000",
            "1.5s, 1500",
            "7, 7000",
            "0.25, 250",
            "2M, 120000",
            "100MS, 100",
            "' 3 s ', 3000",
            "1.5m, 90000",
    })
    void parse_validText_givesThatDuration(String text, long millis) {
        assertEquals(Duration.ofMillis(millis), DurationConverter.parse(text));
    }

    @Test
    void parse_fractionalMilliseconds_keepsMicroseconds() {
        assertEquals(Duration.ofNanos(1_500_000), DurationConverter.parse("1.5ms"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "abc", "5h", "-1s", "1e3", "s", "1.s", "1,5s", "60 seconds"})
    void parse_badText_isATypeConversionError(String text) {
        CommandLine.TypeConversionException e =
                assertThrows(CommandLine.TypeConversionException.class, () -> DurationConverter.parse(text));
        assertTrue(e.getMessage().contains("is not a duration"), e.getMessage());
    }

    @Test
    void durationOption_badText_exitsTwoWithOneMessage() {
        Cli.Result r = Cli.run("compare", Cli.scenarioArg("J1"), "--observed", "x.csv", "--warmup", "5h");

        r.assertExit(2);
        r.assertNoStackTrace();
        assertEquals("", r.out());
        assertTrue(r.err().contains("--warmup") && r.err().contains("'5h' is not a duration"), r::all);
    }

    @Test
    void durationOption_overflow_exitsTwo() {
        Cli.Result r = Cli.run("run", Cli.scenarioArg("J1"), "--duration", "99999999999999999999m");

        r.assertExit(2);
        r.assertNoStackTrace();
        assertEquals("", r.out());
    }

    @Test
    void durationOption_tooShortToRun_exitsTwo() {
        Cli.Result r = Cli.run("run", Cli.scenarioArg("J1"), "--duration", "0.0001ms");

        r.assertExit(2);
        assertTrue(r.errLines().get(0).contains("'--duration'") && r.errLines().get(0).contains("from 0.001 s"), r::all);
    }
}
