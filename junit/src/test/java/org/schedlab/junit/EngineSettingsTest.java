package org.schedlab.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.platform.engine.ConfigurationParameters;
import org.schedlab.cell.Expectations;
import org.schedlab.comparator.Thresholds;
import org.schedlab.junit.EngineSettings.SettingsException;

/** The configuration parameters as the engine reads them, and the one-line complaint for each bad value. */
class EngineSettingsTest {

    private static EngineSettings read(Map<String, String> values) {
        return EngineSettings.from(new ConfigurationParameters() {
            @Override
            public Optional<String> get(String key) {
                return Optional.ofNullable(values.get(key));
            }

            @Override
            public Optional<Boolean> getBoolean(String key) {
                return get(key).map(Boolean::valueOf);
            }

            @Override
            @SuppressWarnings("deprecation")
            public int size() {
                return values.size();
            }

            @Override
            public java.util.Set<String> keySet() {
                return values.keySet();
            }

            @Override
            public <T> Optional<T> get(String key, Function<String, T> transformer) {
                return get(key).map(transformer);
            }
        });
    }

    @Test
    void from_nothingSet_defaults() {
        EngineSettings s = read(Map.of());

        assertEquals(List.of("fair"), s.policies());
        assertEquals(List.of(), s.seeds());
        assertEquals(Thresholds.DEFAULT, s.thresholds());
        assertEquals(Expectations.NONE, s.expectations());
        assertEquals(Optional.empty(), s.duration());
    }

    @Test
    void from_everythingSet_read() {
        Map<String, String> m = new HashMap<>();
        m.put("schedlab.policies", " fair , zvm64 ");
        m.put("schedlab.seeds", "3..5");
        m.put("schedlab.max-error", "2.5%");
        m.put("schedlab.mean-error", "1");
        m.put("schedlab.duration", "20s");
        m.put("schedlab.warmup", "500ms");
        m.put("schedlab.timeout", "2m");
        m.put("schedlab.expect", "classpath:expected.csv");
        EngineSettings s = read(m);

        assertEquals(List.of("fair", "zvm64"), s.policies());
        assertEquals(List.of(3L, 4L, 5L), s.seeds());
        assertEquals(new Thresholds(2.5, OptionalDouble.of(1)), s.thresholds());
        assertEquals(Optional.of(Duration.ofSeconds(20)), s.duration());
        assertEquals(Optional.of(Duration.ofMillis(500)), s.warmup());
        assertEquals(Optional.of(Duration.ofMinutes(2)), s.timeout());
        assertEquals(1, s.expectations().byKey().size());
    }

    @Test
    void configFor_shortDuration_warmupIsItsFirstHalf() throws Exception {
        org.schedlab.core.Problem j1 = org.schedlab.grammar.ScenarioParser.parse("J1.scn",
                "LPAR CP.1\nPROBLEM J1\nUSER A CP.100-R\n  VCPU 0 CP *\nRUNIT SEED 9\n").problems().get(0);

        org.schedlab.runner.RunConfig c = read(Map.of("schedlab.duration", "4s")).configFor(j1, Optional.empty());
        assertEquals(4_000_000, c.durationMicros());
        assertEquals(2_000_000, c.warmupMicros());
        assertEquals(9, c.seed());
        assertEquals(3, read(Map.of()).configFor(j1, Optional.of(3L)).seed());
        assertEquals(5_000_000, read(Map.of("schedlab.duration", "20s")).configFor(j1, Optional.empty()).warmupMicros());
    }

    @Test
    void configFor_warmupAsLongAsTheRun_nothingToJudge() throws Exception {
        org.schedlab.core.Problem j1 = org.schedlab.grammar.ScenarioParser.parse("J1.scn",
                "LPAR CP.1\nPROBLEM J1\nUSER A CP.100-R\n  VCPU 0 CP *\nRUNIT DURATION 4S\n").problems().get(0);

        SettingsException e = assertThrows(SettingsException.class,
                () -> read(Map.of("schedlab.warmup", "3.5s")).configFor(j1, Optional.empty()));
        assertTrue(e.getMessage().startsWith("J1: no measurement interval starts after the warm-up of 3.5 s"), e.getMessage());
    }

    @Test
    void policies_optionsWithCommas_stayWithTheirPolicy() {
        assertEquals(List.of("fair", "zvm64:a=1,b=2", "zvm63"), EngineSettings.policies("fair,zvm64:a=1,b=2,zvm63"));
    }

    @Test
    void seeds_rangesAndSingles_inOrderGiven() {
        assertEquals(List.of(7L, 1L, 2L, 3L), EngineSettings.seeds("7, 1..3"));
        assertEquals(List.of(), EngineSettings.seeds(" "));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "schedlab.policies | nosuch    | schedlab.policies: unknown policy 'nosuch'",
            "schedlab.policies | ' , '     | schedlab.policies: no policy given",
            "schedlab.seeds    | 3..1      | schedlab.seeds: range 3..1 must run upwards",
            "schedlab.seeds    | 1..999999 | schedlab.seeds: range 1..999999 must run upwards over at most 10000 seeds",
            "schedlab.seeds    | x         | schedlab.seeds: 'x' is not a seed or a range like 1..3",
            "schedlab.seeds    | 1,1       | schedlab.seeds: at most 10000 distinct seeds",
            "schedlab.max-error | -1      | schedlab.max-error: '-1' is not a percentage of 0 or more",
            "schedlab.mean-error | lots   | schedlab.mean-error: 'lots' is not a percentage of 0 or more",
            "schedlab.duration | 10 parsecs | schedlab.duration: '10 parsecs' is not a duration",
            "schedlab.duration | 0s       | schedlab.duration: must be positive",
            "schedlab.expect   | no/such.csv | schedlab.expect: no file",
            "schedlab.expect   | classpath:no/such.csv | schedlab.expect: no class path resource no/such.csv",
    })
    void from_badValue_namesTheParameter(String key, String value, String message) {
        SettingsException e = assertThrows(SettingsException.class, () -> read(Map.of(key, value)));

        assertTrue(e.getMessage().startsWith(message), e.getMessage());
    }

    @Test
    void from_badExpectationsFile_diagnosticsWithLine() throws Exception {
        java.nio.file.Path f = java.nio.file.Files.createTempFile("expect", ".csv");
        try {
            java.nio.file.Files.writeString(f, "file,problem,policy,verdict\nJ1.scn,J1,fair,MAYBE\n");
            SettingsException e = assertThrows(SettingsException.class, () -> read(Map.of("schedlab.expect", f.toString())));
            assertTrue(e.getMessage().contains(":2:") && e.getMessage().contains("MAYBE"), e.getMessage());
        } finally {
            java.nio.file.Files.delete(f);
        }
    }
}
