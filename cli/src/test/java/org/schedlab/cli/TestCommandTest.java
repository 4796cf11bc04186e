package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class TestCommandTest {

    static final List<String> SHORT = List.of("--duration", "10s", "--warmup", "2s");
    static final List<String> RESULT_KEYS = List.of("file", "problem", "policy", "verdict", "expected", "expected_listed",
            "as_expected", "seeds", "seed_dependent", "seed_note", "mean_error_pct", "max_error_pct",
            "mean_dispatch_delay_us", "mean_error_spread", "max_error_spread", "dispatch_delay_spread", "error", "runs");
    /** verdict, problem, policy, figures, expected, file, UNEXPECTED. */
    private static final Pattern LINE = Pattern.compile(
            "^(PASS|FAIL|ERROR)\\s+(\\S+)\\s+(\\S+)\\s+[-0-9. ]+\\s(PASS|FAIL|ANY)\\s+(\\S+\\.scn)(\\s+UNEXPECTED)?$");

    @TempDir
    Path dir;

    private static Cli.Result test(List<String> paths, String... more) {
        List<String> a = new ArrayList<>(List.of("test"));
        a.addAll(paths);
        a.addAll(SHORT);
        a.addAll(List.of(more));
        return Cli.run(a.toArray(String[]::new));
    }

    private static Cli.Result test(String path, String... more) {
        return test(List.of(path), more);
    }

    /** verdict, problem, policy of every result line, in order. */
    private static List<List<String>> results(Cli.Result r) {
        List<List<String>> out = new ArrayList<>();
        for (String l : r.outLines()) {
            Matcher m = LINE.matcher(l);
            if (m.matches()) {
                out.add(List.of(m.group(1), m.group(2), m.group(3), Path.of(m.group(5)).getFileName().toString(),
                        m.group(4), m.group(6) == null ? "" : "UNEXPECTED"));
            }
        }
        return out;
    }

    private static String verdictOf(Cli.Result r, String problem, String policy) {
        return results(r).stream().filter(x -> x.get(1).equals(problem) && x.get(2).equals(policy)).map(x -> x.get(0))
                .findFirst().orElseThrow(() -> new AssertionError(problem + " " + policy + " not in\n" + r.all()));
    }

    /** Every seed scenario passes under fair within this many percent in these short runs (SL3 is the largest, 0.8). */
    private static final String[] STRICT = {"--max-error", "2"};

    /**
     * JAR04 (a "large jar" of the library: donors with no slack beside a recipient that needs a whole CP) and J1 in
     * a directory of their own. Under fair in these short runs JAR04's max error is about 1.3% and J1's 0.3%, so the
     * tests that need one failing and one passing check judge at {@link #JAR_STRICT} percent.
     */
    private static final String[] JAR_STRICT = {"--max-error", "0.5"};

    private Path jarAndJ1() {
        Path lib = dir.resolve("lib");
        Cli.write(lib.resolve("JAR04.scn"), Cli.read(Cli.scenario("largejar/JAR04")));
        Cli.write(lib.resolve("J1.scn"), Cli.read(Cli.scenario("J1")));
        return lib;
    }

    private Path expect(String... rows) {
        return Cli.write(dir.resolve("expected.csv"), "file,problem,policy,verdict\n" + String.join("\n", rows) + "\n");
    }

    /** The seed scenarios, as files (the library's folders hold many more problems than a unit test should run). */
    private static List<String> seedArgs() {
        return Cli.seedScenarios().stream().map(Path::toString).toList();
    }

    @Test
    void test_seedScenariosUnderFair_listsEveryProblemInFileOrderWithSummary() {
        Cli.Result r = test(seedArgs(), "--policy", "fair", STRICT[0], STRICT[1]);

        r.assertNoStackTrace();
        List<String> expected = Cli.seedScenarios().stream().map(p -> p.getFileName().toString()).toList();
        List<List<String>> res = results(r);
        assertEquals(expected, res.stream().map(x -> x.get(3)).toList(), r::all);
        assertEquals(expected.stream().map(f -> f.replace(".scn", "")).toList(), res.stream().map(x -> x.get(1)).toList());
        res.forEach(x -> assertEquals("fair", x.get(2)));
        assertTrue(r.out().contains("schedlab test: " + expected.size() + " checks: "), r::all);
        // Every seed scenario passes under fair within 2%, AL1's large jar included (its recipient's whole-CP target
        // goes first).
        res.forEach(x -> assertEquals("PASS", x.get(0), x::toString));
        r.assertExit(0);
    }

    @Test
    void test_severalPolicies_groupsByFileThenProblemThenPolicyAsGiven() {
        Cli.Result r = test(List.of(Cli.scenarioArg("J2"), Cli.scenarioArg("J1")), "--policy", "zvm64", "--policy", "fair");

        List<List<String>> res = results(r);
        assertEquals(List.of("J2 zvm64", "J2 fair", "J1 zvm64", "J1 fair"),
                res.stream().map(x -> x.get(1) + " " + x.get(2)).toList(), r::all);
    }

    @Test
    void test_json_hasExactlyTheDocumentedKeysPerResult() {
        Cli.Result r = test(List.of(Cli.scenarioArg("J1"), Cli.scenarioArg("MZ0")), "--format", "json");

        r.assertExit(0);
        Map<String, Object> doc = Json.object(Json.parse(r.out()));
        assertEquals(List.of("thresholds", "settings", "seeds", "results", "summary"), List.copyOf(doc.keySet()));
        List<Object> results = Json.array(doc.get("results"));
        assertEquals(2, results.size());
        for (Object o : results) {
            Map<String, Object> m = Json.object(o);
            assertEquals(RESULT_KEYS, List.copyOf(m.keySet()));
            assertEquals("PASS", m.get("verdict"));
            assertEquals("fair", m.get("policy"));
            assertTrue(m.get("mean_error_pct") instanceof Double && m.get("max_error_pct") instanceof Double);
            assertTrue((Double) m.get("mean_dispatch_delay_us") > 0, m::toString);
        }
        assertEquals("J1", Json.object(results.get(0)).get("problem"));
        assertEquals(Cli.scenarioArg("J1"), Json.object(results.get(0)).get("file"));
        assertEquals("MZ0", Json.object(results.get(1)).get("problem"));
    }

    @Test
    void test_jobsOneAndFour_giveByteIdenticalStdout() {
        for (String format : List.of("text", "json")) {
            Cli.Result one = test(seedArgs(), "--policy", "fair", "--policy", "zvm64", "--jobs", "1",
                    "--format", format);
            Cli.Result four = test(seedArgs(), "--policy", "fair", "--policy", "zvm64", "--jobs", "4",
                    "--format", format);

            assertEquals(one.code(), four.code());
            assertFalse(one.out().isEmpty());
            assertEquals(one.out(), four.out(), format);
        }
    }

    @Test
    void test_junitXml_hasOneTestcasePerProblemAndPolicyAndAFailureForAnUnexpectedFail() throws Exception {
        Path xml = dir.resolve("reports").resolve("junit.xml");

        Cli.Result r = test(jarAndJ1().toString(), "--policy", "fair", "--policy", "zvm64", "--junit-xml", xml.toString(),
                JAR_STRICT[0], JAR_STRICT[1]);

        r.assertExit(1);
        Document d = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile());
        Element suite = d.getDocumentElement();
        assertEquals("testsuite", suite.getTagName());
        NodeList cases = suite.getElementsByTagName("testcase");
        assertEquals(4, cases.getLength());
        assertEquals("4", suite.getAttribute("tests"));
        List<String> names = new ArrayList<>();
        for (int i = 0; i < cases.getLength(); i++) {
            Element c = (Element) cases.item(i);
            names.add(c.getAttribute("name"));
            assertTrue(c.getAttribute("classname").endsWith(".JAR04") || c.getAttribute("classname").endsWith(".J1"));
            Double.parseDouble(c.getAttribute("time"));
        }
        assertEquals(List.of("J1 [fair]", "J1 [zvm64]", "JAR04 [fair]", "JAR04 [zvm64]"), names);
        Element jar = (Element) cases.item(2);
        NodeList failure = jar.getElementsByTagName("failure");
        assertEquals(1, failure.getLength(), "JAR04 fails under fair and nobody said it would");
        assertTrue(((Element) failure.item(0)).getAttribute("message").contains("verdict FAIL"));
        Element j1 = (Element) cases.item(0);
        assertEquals(0, j1.getChildNodes().getLength(), "J1 passes under fair");
        assertEquals(Integer.toString(suite.getElementsByTagName("failure").getLength()), suite.getAttribute("failures"));
        assertEquals("0", suite.getAttribute("errors"));
    }

    @Test
    void test_junitXml_unexpectedPassIsAFailureAndCountedAsOne() throws Exception {
        Path xml = dir.resolve("junit.xml");
        Path expected = expect("J1.scn,J1,fair,FAIL");

        Cli.Result r = test(Cli.scenarioArg("J1"), "--expect", expected.toString(), "--junit-xml", xml.toString());

        r.assertExit(1);
        Document d = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile());
        Element suite = d.getDocumentElement();
        assertEquals(1, suite.getElementsByTagName("failure").getLength());
        assertEquals("1", suite.getAttribute("failures"), "the testsuite's count must match its failure elements");
    }

    @Test
    void test_junitXml_policyErrorIsAnErrorElement() throws Exception {
        Path xml = dir.resolve("junit.xml");

        Cli.Result r = test(Cli.scenarioArg("J1"), "--policy", ThrowingPolicy.CLASS, "--junit-xml", xml.toString());

        r.assertExit(1);
        Element suite = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile()).getDocumentElement();
        assertEquals("1", suite.getAttribute("errors"));
        assertEquals("0", suite.getAttribute("failures"));
        NodeList errors = suite.getElementsByTagName("error");
        assertEquals(1, errors.getLength());
        assertTrue(((Element) errors.item(0)).getAttribute("message").contains(ThrowingPolicy.MESSAGE));
    }

    @Test
    void test_expectListedFailThatFails_isExpectedAndExitsZero() {
        Path lib = jarAndJ1();

        Cli.Result without = test(lib.toString(), JAR_STRICT);
        Cli.Result with = test(lib.toString(), "--expect", expect("JAR04.scn,JAR04,fair,FAIL").toString(), JAR_STRICT[0], JAR_STRICT[1]);

        without.assertExit(1);
        assertTrue(without.out().contains("1 not as expected"), without::all);
        with.assertExit(0);
        assertTrue(with.out().contains("all as expected"), with::all);
        assertTrue(results(with).contains(List.of("FAIL", "JAR04", "fair", "JAR04.scn", "FAIL", "")), with::all);
    }

    @Test
    void test_expectMatchesCaseInsensitivelyAndByFileName() {
        Cli.Result r = test(jarAndJ1().toString(), "--expect", expect("jar04.SCN, jar04 , FAIR ,fail").toString(),
                JAR_STRICT[0], JAR_STRICT[1]);

        r.assertExit(0);
    }

    @Test
    void test_expectListedFailThatPasses_isARegressionAndExitsOne() {
        Cli.Result r = test(jarAndJ1().toString(), "--expect", expect("JAR04.scn,JAR04,fair,FAIL", "J1.scn,J1,fair,FAIL").toString());

        r.assertExit(1);
        assertTrue(results(r).contains(List.of("PASS", "J1", "fair", "J1.scn", "FAIL", "UNEXPECTED")), r::all);
    }

    @Test
    void test_expectAny_acceptsPassAndFailButNotError() {
        Path lib = jarAndJ1();
        Path any = expect("JAR04.scn,JAR04,fair,ANY", "J1.scn,J1,fair,ANY", "J1.scn,J1,throwing,ANY");

        Cli.Result verdicts = test(lib.toString(), "--expect", any.toString());
        Cli.Result error = test(Cli.scenarioArg("J1"), "--expect", any.toString(), "--policy", ThrowingPolicy.CLASS);

        verdicts.assertExit(0);
        error.assertExit(1);
    }

    @Test
    void test_expectMalformed_exitsTwoWithLocatedLines() {
        Path bad = expect("AL1.scn,AL1,fair,MAYBE", "J1.scn,J1,fair");

        Cli.Result r = test(Cli.scenarioArg("J1"), "--expect", bad.toString());

        r.assertExit(2);
        assertEquals("", r.out());
        assertEquals(2, r.errLines().size(), r::all);
        assertTrue(r.errLines().get(0).startsWith(bad + ":2:"), r::all);
        assertTrue(r.errLines().get(1).startsWith(bad + ":3:"), r::all);
    }

    @Test
    void test_malformedScenarioAmongPaths_reportsItRunsTheOthersAndExitsTwo() throws Exception {
        Path lib = dir.resolve("lib");
        Cli.write(lib.resolve("A.scn"), Cli.read(Cli.scenario("J1")));
        Path bad = Cli.write(lib.resolve("B.scn"), CheckCommandTest.THREE_MISTAKES);
        // Not UTF-8: a Latin-1 comment.
        Path latin = lib.resolve("BB.scn");
        Files.write(latin, "* caf\u00e9\nLPAR CP.1\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        Cli.write(lib.resolve("C.scn"), Cli.read(Cli.scenario("J2")));
        Path xml = dir.resolve("junit.xml");

        Cli.Result r = test(lib.toString(), "--policy", "fair", "--junit-xml", xml.toString());

        r.assertExit(2);
        r.assertNoStackTrace();
        List<String> located = r.errLines().stream().filter(l -> l.startsWith(lib.toString())).toList();
        assertEquals(4, located.size(), r::all);
        assertEquals(3, located.stream().filter(l -> l.startsWith(bad + ":")).count(), r::all);
        assertTrue(located.stream().anyMatch(l -> l.startsWith(latin + ":1:") && l.contains("UTF-8")), r::all);
        assertTrue(r.err().contains("2 file(s) with errors were not tested"), r::all);
        assertTrue(r.out().contains(" J1 ") && r.out().contains(" J2 "), "the good files still ran:\n" + r.all());
        assertTrue(Files.exists(xml), "the report of what ran is written");
    }

    @Test
    void test_missingPath_exitsTwo() {
        Cli.Result r = test(List.of(Cli.scenarioArg("J1"), dir.resolve("nope.scn").toString()));

        r.assertExit(2);
        assertEquals("", r.out());
        assertEquals(1, r.errLines().size(), r::all);
    }

    @Test
    void test_unknownPolicy_exitsTwoListingKnownPolicies() {
        Cli.Result r = test(Cli.scenarioArg("J1"), "--policy", "fair", "--policy", "fiar");

        r.assertExit(2);
        assertEquals("", r.out());
        assertEquals(1, r.errLines().size(), r::all);
        assertTrue(r.err().contains("fiar") && r.err().contains("fair, zvm64, zvm63"), r::all);
    }

    @Test
    void test_policyThrowingForOneProblem_thatOneIsErrorTheOthersStillRun() {
        String policy = ThrowingPolicy.CLASS + ":problem=J2,after=3000000";

        Cli.Result r = test(List.of(Cli.scenarioArg("J1"), Cli.scenarioArg("J2"), Cli.scenarioArg("J3")),
                "--policy", policy, "--jobs", "2");
        Cli.Result json = test(List.of(Cli.scenarioArg("J1"), Cli.scenarioArg("J2"), Cli.scenarioArg("J3")),
                "--policy", policy, "--format", "json");

        r.assertExit(1);
        r.assertNoStackTrace();
        assertEquals(List.of("PASS J1", "ERROR J2", "PASS J3"),
                results(r).stream().map(x -> x.get(0) + " " + x.get(1)).toList(), r::all);
        List<String> lines = r.outLines();
        int j2 = 0;
        while (!lines.get(j2).startsWith("ERROR")) {
            j2++;
        }
        assertTrue(lines.get(j2 + 1).contains(ThrowingPolicy.MESSAGE), "the error's message follows its line:\n" + r.all());
        assertTrue(r.out().contains("3 checks: 2 PASS, 0 FAIL, 1 ERROR"), r::all);

        json.assertExit(1);
        Map<String, Object> err = Json.object(Json.array(Json.object(Json.parse(json.out())).get("results")).get(1));
        assertEquals("ERROR", err.get("verdict"));
        assertEquals(Json.NULL, err.get("mean_error_pct"));
        assertEquals(Json.NULL, err.get("max_error_pct"));
    }

    @Test
    void test_warmupCoveringEveryInterval_exitsTwoBeforeRunning() {
        Cli.Result r = Cli.run("test", Cli.scenarioArg("J1"), "--duration", "3s", "--warmup", "2.5s");

        r.assertExit(2);
        r.assertNoStackTrace();
        assertEquals("", r.out());
        assertFalse(r.err().contains("internal error"), r::all);
    }

    @Test
    void test_jobsZero_exitsTwo() {
        Cli.Result r = test(Cli.scenarioArg("J1"), "--jobs", "0");

        r.assertExit(2);
        assertTrue(r.errLines().get(0).contains("'--jobs'"), r::all);
    }

    @Test
    void test_noScenarioFilesUnderDirectory_exitsTwo() {
        Cli.Result r = test(dir.toString());

        r.assertExit(2);
        assertTrue(r.err().contains("no .scn files"), r::all);
    }

    private static Map<String, Object> json(Cli.Result r) {
        return Json.object(Json.parse(r.out()));
    }

    private static List<Map<String, Object>> jsonResults(Cli.Result r) {
        return Json.array(json(r).get("results")).stream().map(Json::object).toList();
    }

    @Test
    void test_text_firstLineNamesTheColumns() {
        Cli.Result one = test(Cli.scenarioArg("J1"));
        Cli.Result seeds = test(Cli.scenarioArg("J1"), "--seeds", "2");

        one.assertExit(0);
        assertEquals(List.of("verdict", "problem", "policy", "mean%", "max%", "delay_us", "expected", "file"),
                List.of(one.outLines().get(0).split("\\s+")), one::all);
        assertEquals(List.of("verdict", "problem", "policy", "mean%min", "mean%med", "mean%max", "max%min", "max%med",
                "max%max", "delay_us", "expected", "file"), List.of(seeds.outLines().get(0).split("\\s+")), seeds::all);
        assertEquals(1, results(one).size());
        assertTrue(one.outLines().get(one.outLines().size() - 1).startsWith("schedlab test: 1 check: "), one::all);
        assertTrue(seeds.out().contains("schedlab test: 1 check over seeds 1,2, each judged by its worst seed: "), seeds::all);
    }

    @Test
    void test_seedsN_runsSeedsOneToNAndJudgesEachCheckByItsWorstSeed() {
        Cli.Result r = test(List.of(Cli.scenarioArg("J1"), Cli.scenarioArg("MZ0")), "--policy", "zvm63",
                "--policy", "fair", "--seeds", "3", "--format", "json");

        assertEquals(List.of(1.0, 2.0, 3.0), json(r).get("seeds"));
        List<Map<String, Object>> res = jsonResults(r);
        assertEquals(4, res.size(), r::all);
        for (Map<String, Object> m : res) {
            List<Map<String, Object>> runs = Json.array(m.get("runs")).stream().map(Json::object).toList();
            assertEquals(List.of(1.0, 2.0, 3.0), runs.stream().map(x -> x.get("seed")).toList());
            List<Object> verdicts = runs.stream().map(x -> x.get("verdict")).toList();
            String worst = verdicts.contains("ERROR") ? "ERROR" : verdicts.contains("FAIL") ? "FAIL" : "PASS";
            assertEquals(worst, m.get("verdict"), m::toString);
            assertEquals(verdicts.stream().distinct().count() > 1, m.get("seed_dependent"), m::toString);
            List<Double> max = runs.stream().map(x -> (Double) x.get("max_error_pct")).sorted().toList();
            Map<String, Object> spread = Json.object(m.get("max_error_spread"));
            assertEquals(max.get(0), spread.get("min"));
            assertEquals(max.get(1), spread.get("median"));
            assertEquals(max.get(2), spread.get("max"));
            assertEquals(max.get(2), m.get("max_error_pct"), "the worst seed's max error");
        }
        boolean allAsExpected = res.stream().allMatch(m -> Boolean.TRUE.equals(m.get("as_expected")));
        assertEquals(allAsExpected ? 0 : 1, r.code(), r::all);
    }

    @Test
    void test_seedsRangeAndList_runExactlyThoseSeedsInOrder() {
        Cli.Result r = test(Cli.scenarioArg("J1"), "--seeds", "7,2..3", "--format", "json");

        assertEquals(List.of(7.0, 2.0, 3.0), jsonResults(r).get(0).get("seeds"), r::all);
    }

    @Test
    void test_seedsSameVerdictOnEverySeed_isNotFlagged() {
        Cli.Result r = test(Cli.scenarioArg("J1"), "--seeds", "2", "--policy", ThrowingPolicy.CLASS);

        r.assertExit(1);
        assertFalse(r.out().contains("depends on the seed"), r::all);
        assertTrue(r.out().contains("seed 1: ") && r.out().contains("seed 2: "), "every seed's failure is listed:\n" + r.all());
    }

    @Test
    void test_verdictDependsOnTheSeed_flaggedInTextAndJsonAndJudgedByTheWorst() {
        String policy = ThrowingPolicy.CLASS + ":seed=2";

        Cli.Result text = test(Cli.scenarioArg("J1"), "--seeds", "1..3", "--policy", policy, "--max-error", "1000");
        Cli.Result json = test(Cli.scenarioArg("J1"), "--seeds", "1..3", "--policy", policy, "--max-error", "1000",
                "--format", "json");

        text.assertExit(1);
        assertEquals("ERROR", results(text).get(0).get(0), text::all);
        assertTrue(text.out().contains("! verdict depends on the seed: PASS on 1,3, ERROR on 2"), text::all);
        assertTrue(text.out().lines().anyMatch(l -> l.strip().startsWith("seed 2: ") && l.contains(ThrowingPolicy.MESSAGE)),
                text::all);
        assertTrue(text.out().contains("1 depends on the seed"), text::all);
        Map<String, Object> m = jsonResults(json).get(0);
        assertEquals(true, m.get("seed_dependent"));
        assertEquals("verdict depends on the seed: PASS on 1,3, ERROR on 2", m.get("seed_note"));
        assertTrue(((String) m.get("error")).contains(ThrowingPolicy.MESSAGE), m::toString);
        assertEquals(1.0, Json.object(json(json).get("summary")).get("seed_dependent"));
    }

    @Test
    void test_seedsBadInput_exitsTwoWithOneLine() {
        for (String bad : List.of("0", "3..1", "x", "1,1", "1,,2", "-2", "5000", "1..2000")) {
            Cli.Result r = test(Cli.scenarioArg("J1"), "--seeds", bad);

            r.assertExit(2);
            assertEquals("", r.out());
            assertTrue(r.errLines().get(0).contains("not a seed list"), r::all);
            r.assertNoStackTrace();
        }
        Cli.Result both = test(Cli.scenarioArg("J1"), "--seeds", "2", "--seed", "4");
        both.assertExit(2);
        assertEquals(1, both.errLines().size(), both::all);
    }

    /** A directory with J1 and its own expected.csv saying J1 fails under fair. */
    private Path libraryExpectingJ1ToFail(String... moreRows) {
        Path lib = dir.resolve("own");
        Cli.write(lib.resolve("J1.scn"), Cli.read(Cli.scenario("J1")));
        List<String> rows = new ArrayList<>(List.of("file,problem,policy,verdict", "J1.scn,J1,fair,FAIL"));
        rows.addAll(List.of(moreRows));
        Cli.write(lib.resolve("expected.csv"), String.join("\n", rows) + "\n");
        return lib;
    }

    @Test
    void test_directoryWithExpectedCsv_appliesItByDefaultAndSaysSo() {
        Path lib = libraryExpectingJ1ToFail();

        // --max-error 1000: J1 passes whatever the policy's figures, so only the expectation decides.
        Cli.Result r = test(lib.toString(), "--max-error", "1000");

        r.assertExit(1);
        assertEquals(List.of("schedlab: expectations from " + lib.resolve("expected.csv")
                + " (--expect FILE to use others, --no-expect for none)"), r.errLines(), r::all);
        assertTrue(results(r).contains(List.of("PASS", "J1", "fair", "J1.scn", "FAIL", "UNEXPECTED")), r::all);
    }

    @Test
    void test_noExpect_ignoresTheDirectorysExpectedCsv() {
        Cli.Result r = test(libraryExpectingJ1ToFail().toString(), "--max-error", "1000", "--no-expect");

        r.assertExit(0);
        assertEquals("", r.err(), r::all);
    }

    @Test
    void test_expectFile_overridesTheDirectorysExpectedCsvSilently() {
        Cli.Result r = test(libraryExpectingJ1ToFail().toString(), "--max-error", "1000", "--expect",
                expect("J1.scn,J1,fair,PASS").toString());

        r.assertExit(0);
        assertEquals("", r.err(), r::all);
    }

    @Test
    void test_expectAndNoExpect_exitsTwo() {
        Cli.Result r = test(Cli.scenarioArg("J1"), "--no-expect", "--expect", expect("J1.scn,J1,fair,PASS").toString());

        r.assertExit(2);
        assertEquals(1, r.errLines().size(), r::all);
    }

    @Test
    void test_staleExpectationRow_warnsWithItsLineAndStillRuns() {
        Path lib = libraryExpectingJ1ToFail("J1.scn,J1B,fair,PASS", "ELSEWHERE.scn,X,fair,PASS");

        Cli.Result r = test(lib.toString(), "--max-error", "1000", "--no-expect");
        Cli.Result withDefault = test(lib.toString(), "--max-error", "1000");

        assertEquals("", r.err(), "no expectations read, nothing stale:\n" + r.all());
        assertEquals(List.of(lib.resolve("expected.csv") + ":3:1: warning: stale row: J1.scn has no problem J1B"),
                withDefault.errLines().subList(1, withDefault.errLines().size()), withDefault::all);
        assertEquals(1, results(withDefault).size());
    }

    @Test
    void test_json_oneSeed_carriesExpectationAndSpread() {
        Cli.Result r = test(Cli.scenarioArg("J1"), "--format", "json", "--max-error", "1000", "--expect",
                expect("J1.scn,J1,fair,ANY").toString());

        r.assertExit(0);
        Map<String, Object> m = jsonResults(r).get(0);
        assertEquals("ANY", m.get("expected"));
        assertEquals(true, m.get("expected_listed"));
        assertEquals(true, m.get("as_expected"));
        assertEquals(List.of(1.0), m.get("seeds"));
        Map<String, Object> spread = Json.object(m.get("max_error_spread"));
        assertEquals(m.get("max_error_pct"), spread.get("min"));
        assertEquals(m.get("max_error_pct"), spread.get("max"));
    }
}
