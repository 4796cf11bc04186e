package org.schedlab.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.schedlab.core.Demand;
import org.schedlab.core.EngineType;
import org.schedlab.core.InputException;
import org.schedlab.core.LimitMode;
import org.schedlab.core.LimitShare;
import org.schedlab.core.Problem;
import org.schedlab.core.Scenario;
import org.schedlab.core.Share;
import org.schedlab.core.ShareAmount;
import org.schedlab.core.User;

/**
 * The report's scenarios exactly as printed: the project's copies in ../scenarios, and the shared
 * originals in ../../shared/seed-scenarios where that folder exists (tests run in grammar/).
 */
class SeedScenariosTest {

    private static final Path COPIES = Path.of("..", "scenarios");
    private static final Path SHARED = Path.of("..", "..", "shared", "seed-scenarios");

    static Stream<Path> seedFiles() throws IOException {
        List<Path> files = new ArrayList<>();
        for (Path dir : folders().toList()) {
            files.addAll(scnFiles(dir));
        }
        return files.stream();
    }

    static Stream<Path> folders() {
        return Stream.of(COPIES, SHARED).filter(Files::isDirectory);
    }

    private static List<Path> scnFiles(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".scn")).sorted().toList();
        }
    }

    @ParameterizedTest
    @MethodSource("seedFiles")
    void parse_seedScenario_yieldsOneProblemNamedAfterTheFile(Path file) throws IOException, InputException {
        Scenario scenario = ScenarioParser.parse(file);

        String name = file.getFileName().toString().replace(".scn", "");
        assertEquals(file.toString(), scenario.file());
        assertEquals(1, scenario.problems().size());
        assertEquals(name, scenario.problems().get(0).name());
        assertFalse(scenario.problems().get(0).users().isEmpty());
    }

    @ParameterizedTest
    @MethodSource("folders")
    void seedFolder_listing_holdsTheReportsSevenScenarios(Path dir) throws IOException {
        assertEquals(List.of("AL1.scn", "J1.scn", "J2.scn", "J3.scn", "MR2.scn", "MZ0.scn", "SL3.scn"),
                scnFiles(dir).stream().map(f -> f.getFileName().toString()).toList());
    }

    @ParameterizedTest
    @MethodSource("folders")
    void parse_mz0_hasOneCpAndTwoZiipsDespiteItsAnnotation(Path dir) throws IOException, InputException {
        Problem mz0 = only(dir.resolve("MZ0.scn"));

        assertEquals(Map.of(EngineType.CP, 1, EngineType.ZIIP, 2), mz0.partition().cores());
        assertEquals(List.of(EngineType.CP, EngineType.ZIIP), mz0.partition().types());
        assertEquals(5, mz0.users().size());
        User qgp1 = mz0.user("QGP00001").orElseThrow();
        assertEquals(4, qgp1.vcpus().size());
        assertEquals(List.of("0", "1", "2", "3"), qgp1.vcpus().stream().map(v -> v.address()).toList());
        assertEquals(List.of(Demand.of(0), Demand.of(4), Demand.of(3), Demand.of(8)),
                qgp1.vcpus().stream().map(v -> v.demand()).toList());
        assertEquals(ShareAmount.relative(10000), qgp1.shareFor(EngineType.ZIIP).min());
        assertEquals(EngineType.ZIIP, qgp1.vcpus().get(1).type());
    }

    @ParameterizedTest
    @MethodSource("folders")
    void parse_mr2_givesQgp00001RelativeLimitHard(Path dir) throws IOException, InputException {
        Problem mr2 = only(dir.resolve("MR2.scn"));

        Share ziip = mr2.user("QGP00001").orElseThrow().shareFor(EngineType.ZIIP);
        assertEquals(ShareAmount.relative(200), ziip.min());
        assertEquals(Optional.of(new LimitShare(ShareAmount.relative(50), LimitMode.HARD)), ziip.limit());
        assertEquals(Optional.empty(), mr2.user("QGP00000").orElseThrow().shareFor(EngineType.ZIIP).limit());
    }

    @ParameterizedTest
    @MethodSource("folders")
    void parse_al1_readsAlAsAbsoluteMinAndLimitHard(Path dir) throws IOException, InputException {
        Problem al1 = only(dir.resolve("AL1.scn"));

        Share ziip = al1.user("QGP00004").orElseThrow().shareFor(EngineType.ZIIP);
        assertEquals(ShareAmount.absolute(25), ziip.min());
        assertEquals(Optional.of(new LimitShare(ShareAmount.absolute(25), LimitMode.HARD)), ziip.limit());
        assertEquals(Map.of(EngineType.CP, 1, EngineType.ZIIP, 2), al1.partition().cores());
    }

    @ParameterizedTest
    @MethodSource("folders")
    void parse_sl3_readsAsAsAbsoluteLimitSoft(Path dir) throws IOException, InputException {
        Problem sl3 = only(dir.resolve("SL3.scn"));

        Share ziip = sl3.user("QGP00004").orElseThrow().shareFor(EngineType.ZIIP);
        assertEquals(ShareAmount.relative(100), ziip.min());
        assertEquals(Optional.of(new LimitShare(ShareAmount.absolute(10), LimitMode.SOFT)), ziip.limit());
        assertEquals(Map.of(EngineType.CP, 1, EngineType.ZIIP, 1), sl3.partition().cores());
    }

    @ParameterizedTest
    @MethodSource("folders")
    void parse_j1_hasFourUsersWithUnboundedDemandAndDefaultZiipShare(Path dir) throws IOException, InputException {
        Problem j1 = only(dir.resolve("J1.scn"));

        assertEquals(Map.of(EngineType.CP, 2), j1.partition().cores());
        assertEquals(4, j1.users().size());
        for (User user : j1.users()) {
            assertEquals(1, user.vcpus().size());
            assertEquals(Demand.UNBOUNDED, user.vcpus().get(0).demand());
            assertEquals(List.of(EngineType.CP), user.shares().stream().map(Share::type).toList());
            assertEquals(ShareAmount.DEFAULT, user.shareFor(EngineType.ZIIP).min());
        }
        // The first line is a comment, so the LPAR statement is on line 2.
        assertEquals(2, j1.partition().location().line());
        assertTrue(j1.users().get(0).vcpus().get(0).demand().unbounded());
    }

    private static Problem only(Path file) throws IOException, InputException {
        List<Problem> problems = ScenarioParser.parse(file).problems();
        assertEquals(1, problems.size());
        return problems.get(0);
    }
}
