package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class SeedListTest {

    @Test
    void parse_numberAlone_isOneToN() {
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L), SeedList.parse("5").seeds());
        assertEquals(List.of(1L), SeedList.parse(" 1 ").seeds());
    }

    @Test
    void parse_rangesAndListsMixed_inTheOrderWritten() {
        assertEquals(List.of(3L, 4L, 5L, 6L, 7L), SeedList.parse("3..7").seeds());
        assertEquals(List.of(1L, 4L, 9L), SeedList.parse("1,4,9").seeds());
        assertEquals(List.of(9L, 0L, 1L, 2L), SeedList.parse("9, 0..2").seeds());
        assertEquals(List.of(7L), SeedList.parse("7..7").seeds());
    }

    @Test
    void parse_badInput_oneLineNamingTheInputAndTheSyntax() {
        for (String bad : List.of("", "0", "abc", "3..1", "1,1", "1..3,2", "1,", "-1", "1...3", "1..", "1001",
                "0..1000", "99999999999999999999")) {
            CommandLine.TypeConversionException e = assertThrows(CommandLine.TypeConversionException.class,
                    () -> SeedList.parse(bad), bad);
            assertTrue(e.getMessage().startsWith("'" + bad + "' is not a seed list: "), e.getMessage());
            assertTrue(e.getMessage().contains("3..7 or 1,4,9") && !e.getMessage().contains("\n"), e.getMessage());
        }
    }

    @Test
    void parse_atTheLimit_isAccepted() {
        assertEquals(SeedList.MAX_SEEDS, SeedList.parse(Integer.toString(SeedList.MAX_SEEDS)).seeds().size());
        assertEquals(SeedList.MAX_SEEDS, SeedList.parse("1.." + SeedList.MAX_SEEDS).seeds().size());
    }
}
