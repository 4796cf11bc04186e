package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every JSON output against its documented schema in docs/schema (issue 8, "outputs never lie"): real outputs
 * of solve, run, compare and test must conform, and every object in a schema lists all its properties as
 * required and forbids others, so neither side can gain or lose a field without the other.
 */
class OutputSchemaTest {

    private static final Path SCHEMAS = Path.of("..", "docs", "schema");
    private static final List<String> SHORT = List.of("--duration", "10s", "--warmup", "2s");

    @TempDir
    Path dir;

    private static Object schema(String name) {
        return Json.parse(Cli.read(SCHEMAS.resolve(name + ".schema.json")));
    }

    private static void assertConforms(String schema, String json) {
        List<String> errors = JsonSchema.validate(schema(schema), Json.parse(json));
        assertEquals(List.of(), errors, () -> schema + " schema broken by:\n" + json);
    }

    // --- the schemas themselves

    @ParameterizedTest
    @ValueSource(strings = {"solve", "run", "compare", "test"})
    void schema_everyObject_requiresEveryPropertyAndForbidsOthers(String name) {
        List<String> loose = new ArrayList<>();
        walk(Json.object(schema(name)), "$", loose);
        assertEquals(List.of(), loose);
    }

    private static void walk(Map<String, Object> s, String path, List<String> loose) {
        if (s.containsKey("properties")) {
            Map<String, Object> props = Json.object(s.get("properties"));
            if (!Boolean.FALSE.equals(s.get("additionalProperties"))) {
                loose.add(path + " allows additional properties");
            }
            if (!Json.array(s.getOrDefault("required", List.of())).equals(new ArrayList<>(props.keySet()))) {
                loose.add(path + " does not require exactly its properties, in order");
            }
            props.forEach((k, v) -> walk(Json.object(v), path + "." + k, loose));
        }
        if (s.containsKey("items")) {
            walk(Json.object(s.get("items")), path + "[]", loose);
        }
        if (s.containsKey("anyOf")) {
            List<Object> branches = Json.array(s.get("anyOf"));
            for (int i = 0; i < branches.size(); i++) {
                walk(Json.object(branches.get(i)), path + "|" + i, loose);
            }
        }
    }

    // --- the validator, so that a pass below means something

    @Test
    void validate_driftInEitherDirection_isCaught() {
        Object schema = Json.parse("""
                {"type": "object", "additionalProperties": false, "required": ["a", "b"],
                 "properties": {"a": {"type": "integer"}, "b": {"type": ["string", "null"], "enum": ["x", null]},
                                "c": {"type": "array", "items": {"anyOf": [{"type": "number"}, {"enum": ["*"]}]}}}}
                """);

        assertEquals(List.of(), JsonSchema.validate(schema, Json.parse("{\"a\": 3, \"b\": null, \"c\": [1.5, \"*\"]}")));
        assertEquals(List.of("$: missing required property b"), JsonSchema.validate(schema, Json.parse("{\"a\": 3}")));
        assertEquals(List.of("$: property d is not in the schema"),
                JsonSchema.validate(schema, Json.parse("{\"a\": 3, \"b\": \"x\", \"d\": 1}")));
        assertEquals(List.of("$.a: expected [integer], got 3.5"), JsonSchema.validate(schema, Json.parse("{\"a\": 3.5, \"b\": \"x\"}")));
        assertEquals(List.of("$.b: \"y\" is not one of [x, null]"), JsonSchema.validate(schema, Json.parse("{\"a\": 1, \"b\": \"y\"}")));
        assertEquals(List.of("$.c[1]: \"+\" matches none of anyOf"),
                JsonSchema.validate(schema, Json.parse("{\"a\": 1, \"b\": \"x\", \"c\": [1, \"+\"]}")));
        assertEquals(List.of("$: expected [object], got [1.0]"), JsonSchema.validate(schema, Json.parse("[1]")));
    }

    @Test
    void validate_unsupportedKeyword_isAnErrorNotIgnored() {
        List<String> errors = JsonSchema.validate(Json.parse("{\"type\": \"string\", \"pattern\": \"^a\"}"), "b");
        assertEquals(List.of("$: schema uses unsupported keyword pattern"), errors);
    }

    @Test
    void validate_realSolveOutputWithAFieldAddedOrRemoved_fails() {
        String json = Cli.run("solve", Cli.scenarioArg("J1"), "--format", "json").out();
        Map<String, Object> doc = Json.object(Json.parse(json));
        Map<String, Object> vcpu = Json.object(Json.array(Json.object(Json.array(doc.get("problems")).get(0)).get("vcpus")).get(0));
        vcpu.put("extra", 1.0);
        assertFalse(JsonSchema.validate(schema("solve"), doc).isEmpty());
        vcpu.remove("extra");
        vcpu.remove("stopped");
        assertFalse(JsonSchema.validate(schema("solve"), doc).isEmpty());
    }

    // --- real outputs

    @Test
    void solve_everyLibraryScenario_conforms() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(Cli.SCENARIOS)) {
            files = s.filter(p -> p.toString().endsWith(".scn")).sorted().toList();
        }
        assertTrue(files.size() > 7);
        for (Path f : files) {
            Cli.Result r = Cli.run("solve", f.toString(), "--format", "json");
            r.assertExit(0);
            assertConforms("solve", r.out());
        }
    }

    @Test
    void solve_problemThatChangesWhileItRuns_conformsPhaseByPhase() {
        Path f = Cli.write(dir.resolve("d.scn"), """
                LPAR CP.2
                PROBLEM D1
                USER A CP.100-R
                  VCPU 0 CP *
                USER B CP.100-R
                  VCPU 0 CP 0
                AT 20S
                  SET SHARE B CP.300-R
                  SET DEMAND B.0 *
                  LOGON C CP.100-R
                    VCPU 0 CP 50
                AT 40S
                  LOGOFF A
                  STOP B.0
                RUNIT
                PROBLEM S
                USER A
                  VCPU 0 CP 5
                RUNIT DURATION 10S
                """);
        Cli.Result r = Cli.run("solve", f.toString(), "--format", "json");

        r.assertExit(0);
        assertConforms("solve", r.out());
        List<Object> problems = Json.array(Json.object(Json.parse(r.out())).get("problems"));
        List<Object> phases = Json.array(Json.object(problems.get(0)).get("phases"));
        assertEquals(3, phases.size());
        Map<String, Object> last = Json.object(phases.get(2));
        assertEquals(List.of(40.0, Json.NULL, List.of("LOGOFF A", "STOP B.0")),
                List.of(last.get("start_s"), last.get("end_s"), last.get("changes")));
        assertEquals(List.of("name", "pools", "vcpus"), new ArrayList<>(Json.object(problems.get(1)).keySet()));
    }

    @Test
    void solve_starAndStopped_areApart() {
        Path f = Cli.write(dir.resolve("s.scn"), """
                LPAR CP.1
                PROBLEM S
                USER A CP.100-R
                  VCPU 0 CP *
                  VCPU 1 CP * STOPPED
                  VCPU 2 CP 40 STOPPED
                RUNIT
                """);
        Cli.Result r = Cli.run("solve", f.toString(), "--format", "json");

        assertConforms("solve", r.out());
        List<Object> vcpus = Json.array(Json.object(Json.array(Json.object(Json.parse(r.out())).get("problems")).get(0)).get("vcpus"));
        List<List<Object>> seen = vcpus.stream().map(Json::object).map(v -> List.of(v.get("demand"), v.get("stopped"))).toList();
        assertEquals(List.of(List.of("*", false), List.of("*", true), List.of(40.0, true)), seen);
    }

    @Test
    void run_json_conformsAndCarriesTheComparisonTheTextPrints() {
        Path out = dir.resolve("runs");
        List<String> args = new ArrayList<>(List.of("run", Cli.scenarioArg("J1"), "--format", "json", "--out", out.toString()));
        args.addAll(SHORT);
        Cli.Result r = Cli.run(args.toArray(String[]::new));

        r.assertExit(0);
        String json = Cli.read(out.resolve("J1.fair.json"));
        assertConforms("run", json);
        Map<String, Object> c = Json.object(Json.object(Json.parse(json)).get("comparison"));
        // The text summary's error line, figure for figure.
        String line = r.outLines().stream().filter(l -> l.strip().startsWith("error mean")).findFirst().orElseThrow();
        assertTrue(line.contains(String.format(java.util.Locale.ROOT, "mean %.3f%%", (Double) c.get("mean_error_pct")))
                && line.contains(String.format(java.util.Locale.ROOT, "max %.3f%%", (Double) c.get("max_error_pct"))), line + "\n" + c);
        assertEquals(4, Json.array(c.get("vcpus")).size());
    }

    @Test
    void compare_json_conformsAndNamesTheObservedFile() {
        Path out = dir.resolve("runs");
        List<String> args = new ArrayList<>(List.of("run", Cli.scenarioArg("J1"), "--out", out.toString()));
        args.addAll(SHORT);
        Cli.run(args.toArray(String[]::new)).assertExit(0);
        Path series = out.resolve("J1.fair.series.csv");

        Cli.Result r = Cli.run("compare", Cli.scenarioArg("J1"), "--observed", series.toString(), "--warmup", "2s",
                "--format", "json");

        assertConforms("compare", r.out());
        assertEquals(series.toString(), Json.object(Json.parse(r.out())).get("observed"));
    }

    @Test
    void test_json_oneSeedAndSeveral_withErrorsAndExpectations_conform() {
        Path expected = Cli.write(dir.resolve("expected.csv"), "file,problem,policy,verdict\nJ1.scn,J1,fair,ANY\n");
        List<String> one = new ArrayList<>(List.of("test", Cli.scenarioArg("J1"), Cli.scenarioArg("J2"), "--policy", "fair",
                "--policy", ThrowingPolicy.CLASS + ":problem=J2", "--expect", expected.toString(), "--format", "json"));
        one.addAll(SHORT);
        List<String> several = new ArrayList<>(one);
        several.addAll(List.of("--seeds", "1..2"));
        several.set(several.indexOf(ThrowingPolicy.CLASS + ":problem=J2"), ThrowingPolicy.CLASS + ":seed=2");

        for (List<String> args : List.of(one, several)) {
            Cli.Result r = Cli.run(args.toArray(String[]::new));
            assertConforms("test", r.out());
            Map<String, Object> doc = Json.object(Json.parse(r.out()));
            List<Object> results = Json.array(doc.get("results"));
            assertEquals(4, results.size(), r::all);
            assertTrue(results.stream().map(Json::object).anyMatch(m -> m.get("error") instanceof String), r::all);
        }
    }
}
