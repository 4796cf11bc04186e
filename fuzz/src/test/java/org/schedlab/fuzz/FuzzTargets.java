package org.schedlab.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.schedlab.core.InputException;
import org.schedlab.core.Problem;
import org.schedlab.grammar.ScenarioParser;
import org.schedlab.solver.Solution;
import org.schedlab.solver.Solver;

/** What the fuzz targets share: the time limit of a fuzzing run and the CSV target's problem. */
final class FuzzTargets {

    /**
     * How long {@code JAZZER_FUZZ=1} fuzzes one target. Jazzer takes it only from the annotation, so
     * a different length is an edit here; in the normal suite it is not used.
     */
    static final String MAX_DURATION = "10m";

    /** The scenario whose solution the CSV target checks rows against: two users, CP and zIIP, limits. */
    static final Path CSV_SCENARIO = Path.of("..", "scenarios", "MR2.scn");

    private static Solution csvSolution;

    private FuzzTargets() {
    }

    static synchronized Solution csvSolution() {
        if (csvSolution == null) {
            try {
                Problem problem = ScenarioParser.parse(CSV_SCENARIO).problems().get(0);
                csvSolution = Solver.solve(problem);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InputException e) {
                throw new IllegalStateException(CSV_SCENARIO + " does not parse: " + e.getMessage(), e);
            }
        }
        return csvSolution;
    }

    /** An input error must say what is wrong: at least one diagnostic, each with a message. */
    static void assertDiagnosed(InputException e) {
        if (e.diagnostics().isEmpty()) {
            throw new AssertionError("InputException without a diagnostic");
        }
        e.diagnostics().forEach(d -> {
            if (d.toString().isBlank()) {
                throw new AssertionError("blank diagnostic");
            }
        });
    }
}
