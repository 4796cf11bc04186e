package org.schedlab.benchmarks;

import java.io.PrintWriter;
import java.io.Writer;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.schedlab.core.InputException;
import org.schedlab.core.Scenario;
import org.schedlab.grammar.ScenarioParser;
import org.schedlab.grammar.ScenarioWriter;
import org.schedlab.report.ReportFormat;
import org.schedlab.report.Reporter;
import org.schedlab.solver.Solution;
import org.schedlab.solver.Solver;
import org.schedlab.testkit.RandomProblems;

/**
 * The stages of {@code schedlab solve --format json} on one scenario file of {@code vcpus} virtual CPUs (a
 * seeded random problem on 64 CPs written as a scenario): {@code parse} reads the text into the model, {@code solve}
 * solves it, {@code writeJson} writes the answers as the CLI does (into a sink, so no disk is timed). The
 * target (docs/performance.md): writeJson no slower than parse.
 *
 * <p>How to run:
 * <pre>
 * mvn -B -q -pl benchmarks -am package -DskipTests
 * java -jar benchmarks/target/benchmarks.jar SolveOutputBenchmark
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class SolveOutputBenchmark {

    @Param({"10000"})
    public int vcpus;

    private String text;
    private Scenario scenario;
    private List<Solution> solutions;
    private final Reporter json = ReportFormat.JSON.reporter();

    @Setup(Level.Trial)
    public void generate() throws InputException {
        // On a 64-core LPAR: the language caps an LPAR at 256 cores, which the default random partition exceeds.
        text = ScenarioWriter.write(
                RandomProblems.generate(42, vcpus, RandomProblems.Mix.DEFAULT, RunnerBenchmark.cpLpar(64)));
        scenario = ScenarioParser.parse("random.scn", text);
        solutions = scenario.problems().stream().map(Solver::solve).toList();
    }

    @Benchmark
    public Scenario parse() throws InputException {
        return ScenarioParser.parse("random.scn", text);
    }

    @Benchmark
    public List<Solution> solve() {
        return scenario.problems().stream().map(Solver::solve).toList();
    }

    @Benchmark
    public long writeJson() {
        Sink sink = new Sink();
        try (PrintWriter out = new PrintWriter(sink)) {
            json.solutions(out, "random.scn", solutions);
        }
        return sink.chars;
    }

    /** Counts what it is given, so the output is consumed but not kept. */
    private static final class Sink extends Writer {
        long chars;

        @Override
        public void write(char[] buf, int off, int len) {
            chars += len > 0 ? len + buf[off] : 0;
        }

        @Override
        public void write(String s, int off, int len) {
            chars += len > 0 ? len + s.charAt(off) : 0;
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }
}
