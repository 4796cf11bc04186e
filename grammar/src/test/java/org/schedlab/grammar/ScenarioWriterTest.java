package org.schedlab.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.schedlab.core.InputException;
import org.schedlab.core.Problem;
import org.schedlab.core.Scenario;
import org.schedlab.core.Unlocated;

/** The writer tested through the parser, and the parser through the writer, over the whole library. */
class ScenarioWriterTest {

    private static final Path LIBRARY = Path.of("..", "scenarios");

    static Stream<Path> library() throws IOException {
        try (Stream<Path> walk = Files.walk(LIBRARY)) {
            List<Path> files = walk.filter(f -> f.toString().endsWith(".scn")).sorted().toList();
            return files.stream();
        }
    }

    @Test
    void library_isFound() throws IOException {
        assertTrue(library().count() >= 50, "the library walk found too few files");
    }

    @ParameterizedTest
    @MethodSource("library")
    void write_libraryFile_parsesBackToTheSameModel(Path file) throws Exception {
        Scenario parsed = ScenarioParser.parse(file);
        String text = ScenarioWriter.write(parsed);
        Scenario again = ScenarioParser.parse(file.toString(), text);
        assertEquals(Unlocated.of(parsed), Unlocated.of(again), text);
    }

    @ParameterizedTest
    @MethodSource("library")
    void write_ofItsOwnOutput_isAFixedPoint(Path file) throws Exception {
        String once = ScenarioWriter.write(ScenarioParser.parse(file));
        String twice = ScenarioWriter.write(ScenarioParser.parse("canonical.scn", once));
        assertEquals(once, twice);
    }

    @Test
    void write_everyStatementKind_isCanonical() throws InputException {
        String text = """
                lpar cp.4 ifl.2 ziip.1
                multithread ifl.2
                topology chip.2 node.1
                srm dspslice 2.5
                srm dspwdmethod rebalance
                srm polarization horizontal
                cpupool Lin ifl limithard 4.999%
                cpupool Cap cp capacity 1.5
                problem p1
                user a cp.33.3-a,200-rs ziip.25-al pool lin cpuaffinity off
                vcpu 0a cp 33.333
                vcpu 1 ziip * stopped
                user b
                vcpu 0 ifl 0
                runit duration 2m interval 1500ms seed -7
                """;
        String expected = """
                LPAR CP.4 IFL.2 ZIIP.1
                MULTITHREAD IFL.2
                TOPOLOGY CHIP.2 NODE.1
                SRM DSPSLICE 2.5
                SRM DSPWDMETHOD REBALANCE
                SRM POLARIZATION HORIZONTAL
                CPUPOOL Lin IFL LIMITHARD 4.999%
                CPUPOOL Cap CP CAPACITY 1.5
                PROBLEM p1
                USER a CP.33.3-A,200-RS ZIIP.25-AL POOL lin CPUAFFINITY OFF
                  VCPU 0A CP 33.333
                  VCPU 1 ZIIP * STOPPED
                USER b
                  VCPU 0 IFL 0
                RUNIT DURATION 2M INTERVAL 1500MS SEED -7
                """;
        Scenario s = ScenarioParser.parse("all.scn", text);
        assertEquals(expected, ScenarioWriter.write(s));
        assertEquals(Unlocated.of(s), Unlocated.of(ScenarioParser.parse("all.scn", expected)));
    }

    @Test
    void time_eachUnit_largestWholeUnit() {
        assertEquals("2M", ScenarioWriter.time(Duration.ofMinutes(2)));
        assertEquals("90S", ScenarioWriter.time(Duration.ofSeconds(90)));
        assertEquals("1500.25MS", ScenarioWriter.time(Duration.ofNanos(1_500_250_000)));
        assertEquals("0.001MS", ScenarioWriter.time(Duration.ofNanos(1_000)));
    }

    @Test
    void number_decimals_readBackExactly() {
        for (double v : new double[] {0, 0.1, 33.333, 100, 4.999, 1e-7, 12345.678901234, 2.0 / 3}) {
            assertEquals(v, Double.parseDouble(ScenarioWriter.number(v)));
            assertTrue(ScenarioWriter.number(v).matches("[0-9]+(\\.[0-9]+)?"), ScenarioWriter.number(v));
        }
    }

    @Test
    void write_nameThatIsNotOneToken_isRejected() throws InputException {
        Problem p = ScenarioParser.parse("x.scn", "LPAR CP.1\nPROBLEM P\nUSER A\nVCPU 0 CP 1\nRUNIT\n").problems().get(0);
        Problem renamed = new Problem("TWO WORDS", p.partition(), p.users(), p.runControl(), p.location());
        assertThrows(IllegalArgumentException.class, () -> ScenarioWriter.write(renamed));
    }
}
