package org.schedlab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.schedlab.core.InputException;
import org.schedlab.core.Problem;
import org.schedlab.grammar.ScenarioParser;
import org.schedlab.solver.PhasedSolution;
import org.schedlab.testkit.RandomProblems;
import org.schedlab.solver.Solution;
import org.schedlab.solver.Solver;

/** The solver's answers phase by phase: a static problem exactly as before, a dynamic one as its phases. */
class PhasedSolutionsReporterTest {

    /** One CP: A alone, then B logs on; then A stops; without a DURATION the last phase has no end. */
    static final String DYNAMIC = """
            LPAR CP.1
            PROBLEM D
            USER A CP.100-R
              VCPU 0 CP *
            AT 10S
              LOGON B CP.300-R
                VCPU 0 CP *
            AT 1M
              STOP A.0
            RUNIT
            """;

    private static PhasedSolution dynamic() throws InputException {
        return Solver.solvePhases(ScenarioParser.parse("d.scn", DYNAMIC).problems().get(0));
    }

    private static String report(ReportFormat format, List<PhasedSolution> solutions) {
        StringWriter out = new StringWriter();
        format.reporter().phasedSolutions(new PrintWriter(out), "d.scn", solutions);
        return out.toString();
    }

    private static String staticReport(ReportFormat format, List<Solution> solutions) {
        StringWriter out = new StringWriter();
        format.reporter().solutions(new PrintWriter(out), "d.scn", solutions);
        return out.toString();
    }

    @ParameterizedTest
    @EnumSource(value = ReportFormat.class, names = {"TEXT", "JSON", "CSV"})
    void phasedSolutions_staticProblems_byteForByteTheStaticOutput(ReportFormat format) {
        List<Problem> problems = java.util.stream.LongStream.range(0, 40)
                .mapToObj(seed -> RandomProblems.small(seed, RandomProblems.Demands.MOSTLY_FINITE)).toList();
        assertEquals(staticReport(format, problems.stream().map(Solver::solve).toList()),
                report(format, problems.stream().map(Solver::solvePhases).toList()));
    }

    @Test
    void text_dynamicProblem_eachPhaseWithItsSpanAndChanges() throws InputException {
        assertEquals("""
                problem D  (d.scn)

                phase 1 of 3: 0 s to 10 s
                  pool     capacity  allocated       idle
                  CP        100.000    100.000      0.000

                  vcpu         type  pool    demand  entitlement      limit    correct
                  A.0          CP    CP           *      100.000          -    100.000

                phase 2 of 3: 10 s to 60 s, after
                    LOGON B CP.300-R
                  pool     capacity  allocated       idle
                  CP        100.000    100.000      0.000

                  vcpu         type  pool    demand  entitlement      limit    correct
                  A.0          CP    CP           *       25.000          -     25.000
                  B.0          CP    CP           *       75.000          -     75.000

                phase 3 of 3: 60 s to the end of the run, after
                    STOP A.0
                  pool     capacity  allocated       idle
                  CP        100.000    100.000      0.000

                  vcpu         type  pool    demand  entitlement      limit    correct
                  A.0          CP    CP     stopped        0.000          -      0.000
                  B.0          CP    CP           *      100.000          -    100.000
                """, report(ReportFormat.TEXT, List.of(dynamic())));
    }

    @Test
    void csv_dynamicProblem_rowsCarryTheirPhasesSpan() throws InputException {
        assertEquals("""
                problem,user,vcpu,type,pool,demand,entitlement,limit,correct,phase_start_s,phase_end_s
                D,A,0,CP,CP,*,100,,100,0,10
                D,A,0,CP,CP,*,25,,25,10,60
                D,B,0,CP,CP,*,75,,75,10,60
                D,A,0,CP,CP,stopped,0,,0,60,
                D,B,0,CP,CP,*,100,,100,60,
                """, report(ReportFormat.CSV, List.of(dynamic())));
    }

    @Test
    void json_dynamicProblem_phasesWithChangesAsStatements() throws InputException {
        String compact = report(ReportFormat.JSON, List.of(dynamic())).replaceAll("\\s+", "");
        assertTrue(compact.startsWith("{\"file\":\"d.scn\",\"problems\":[{\"name\":\"D\",\"phases\":[{\"start_s\":0,"
                + "\"end_s\":10,\"changes\":[],\"pools\":["), compact);
        assertTrue(compact.contains("{\"start_s\":10,\"end_s\":60,\"changes\":[\"LOGONBCP.300-R\"],\"pools\":["), compact);
        assertTrue(compact.contains("{\"start_s\":60,\"end_s\":null,\"changes\":[\"STOPA.0\"],\"pools\":["), compact);
    }
}
