package org.schedlab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;
import org.schedlab.core.InputException;
import org.schedlab.core.Numbers;
import org.schedlab.core.Problem;
import org.schedlab.core.Scenario;
import org.schedlab.core.io.JsonWriter;
import org.schedlab.solver.PoolAllocation;
import org.schedlab.solver.Solution;
import org.schedlab.solver.Solver;
import org.schedlab.solver.VcpuAnswer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code schedlab solve FILE}: the correct consumption of every virtual CPU. */
@Command(name = "solve",
        mixinStandardHelpOptions = true,
        description = {"Compute the correct CPU consumption of every virtual CPU: what an exactly right "
                + "dispatcher would give each one (percent of one logical CPU)."},
        footer = {"", "Exit codes: 0 solved, 2 bad input.",
                "Examples:", "  schedlab solve scenarios/MZ0.scn",
                "  schedlab solve scenarios/J3.scn --problem J3 --format json"})
final class SolveCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "Scenario file (.scn).")
    Path file;

    @Option(names = "--problem", paramLabel = "NAME", description = "Solve only this problem (default: all).")
    String problem;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text, json or csv (default: ${DEFAULT-VALUE}).")
    OutputFormat format;

    enum OutputFormat { text, json, csv }

    @Override
    public Integer call() throws IOException, InputException {
        Scenario scenario = Scenarios.load(file);
        List<Solution> solutions = Scenarios.select(scenario, problem).stream().map(Solver::solve).toList();
        PrintWriter out = spec.commandLine().getOut();
        switch (format) {
            case text -> text(out, scenario, solutions);
            case json -> json(out, scenario, solutions);
            case csv -> csv(out, solutions);
        }
        out.flush();
        return ExitCodes.OK;
    }

    static void text(PrintWriter out, Scenario scenario, List<Solution> solutions) {
        boolean first = true;
        for (Solution s : solutions) {
            if (!first) {
                out.println();
            }
            first = false;
            Problem p = s.problem();
            out.println("problem " + p.name() + "  (" + scenario.file() + ")");
            out.printf("  %-6s %10s %10s %10s%n", "pool", "capacity", "allocated", "idle");
            for (PoolAllocation a : s.pools()) {
                out.printf("  %-6s %10s %10s %10s%n", a.type(), Numbers.fixed(a.capacity(), 3),
                        Numbers.fixed(a.allocated(), 3), Numbers.fixed(a.idle(), 3));
            }
            int width = Math.max(12, s.vcpus().stream().mapToInt(v -> v.id().length()).max().orElse(0));
            out.println();
            out.printf("  %-" + width + "s %-5s %-5s %8s %12s %10s %10s%n",
                    "vcpu", "type", "pool", "demand", "entitlement", "limit", "correct");
            for (VcpuAnswer v : s.vcpus()) {
                out.printf("  %-" + width + "s %-5s %-5s %8s %12s %10s %10s%n", v.id(), v.type(), v.pool(),
                        v.stopped() ? "stopped" : demand(v.demand()),
                        Numbers.fixed(v.entitlement(), 3), v.limit().isPresent() ? Numbers.fixed(v.limit().getAsDouble(), 3) : "-",
                        Numbers.fixed(v.correct(), 3));
            }
        }
    }

    private static String demand(OptionalDouble d) {
        return d.isPresent() ? Numbers.format(d.getAsDouble(), 3) : "*";
    }

    static void json(PrintWriter out, Scenario scenario, List<Solution> solutions) {
        JsonWriter w = JsonWriter.of(out);
        w.beginObject().field("file", scenario.file()).name("problems").beginArray();
        for (Solution s : solutions) {
            w.beginObject().field("name", s.problem().name()).name("pools").beginArray();
            for (PoolAllocation a : s.pools()) {
                w.beginObject().field("type", a.type().name()).field("capacity", a.capacity())
                        .field("allocated", a.allocated()).endObject();
            }
            w.endArray().name("vcpus").beginArray();
            for (VcpuAnswer v : s.vcpus()) {
                w.beginObject().field("user", v.user()).field("vcpu", v.vcpu()).field("type", v.type().name())
                        .field("pool", v.pool().name());
                w.fieldOrNull("demand", v.demand().orElse(Double.NaN));
                w.field("entitlement", v.entitlement());
                w.fieldOrNull("limit", v.limit().orElse(Double.NaN));
                w.field("correct", v.correct()).endObject();
            }
            w.endArray().endObject();
        }
        w.endArray().endObject();
        w.finish();
    }

    static void csv(PrintWriter out, List<Solution> solutions) {
        out.println("problem,user,vcpu,type,pool,demand,entitlement,limit,correct");
        for (Solution s : solutions) {
            for (VcpuAnswer v : s.vcpus()) {
                out.println(String.join(",", s.problem().name(), v.user(), v.vcpu(), v.type().name(), v.pool().name(),
                        v.stopped() ? "stopped" : v.demand().isPresent() ? Numbers.format(v.demand().getAsDouble()) : "*",
                        Numbers.format(v.entitlement()),
                        v.limit().isPresent() ? Numbers.format(v.limit().getAsDouble()) : "",
                        Numbers.format(v.correct())));
            }
        }
    }
}
