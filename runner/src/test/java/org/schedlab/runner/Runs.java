package org.schedlab.runner;


import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.schedlab.core.InputException;
import org.schedlab.core.Problem;
import org.schedlab.grammar.ScenarioParser;
import org.schedlab.runner.policy.Policies;
import org.schedlab.runner.result.IntervalSample;
import org.schedlab.runner.result.RunSummary;
import org.schedlab.runner.result.VcpuSample;
import org.schedlab.runner.spi.ModelConstants;

/** Test helpers: run a problem and collect its series; error % as the comparator computes it. */
final class Runs {

    /**
     * What an always-ready burner alone on a logical CPU runs, in percent: all of it. It leaves SIE after runs of
     * {@code sieRunMicros} on average, but with nobody waiting for its CPU CP dispatches it again at once.
     */
    static final double ALONE = 100;

    /**
     * What an always-ready burner runs, in percent of its logical CPU, when another VMDBK is always waiting for
     * that CPU: at each SIE exit the waiting one takes it for the {@code sieWaitMicros} the burner is away.
     */
    static final double CONTENDED = 100 * ModelConstants.DEFAULT.sieRunMicros()
            / (ModelConstants.DEFAULT.sieRunMicros() + ModelConstants.DEFAULT.sieWaitMicros());

    private Runs() {
    }

    record Result(List<IntervalSample> intervals, RunSummary summary) {
        double[] meanBusy(long warmupMicros) {
            return mean(warmupMicros, VcpuSample::busyPct);
        }

        double[] meanMt1(long warmupMicros) {
            return mean(warmupMicros, VcpuSample::mt1BusyPct);
        }

        private double[] mean(long warmupMicros, java.util.function.ToDoubleFunction<VcpuSample> figure) {
            int n = intervals.get(0).vcpus().size();
            double[] m = new double[n];
            int k = 0;
            for (IntervalSample s : intervals) {
                if (s.startMicros() < warmupMicros) {
                    continue;
                }
                k++;
                for (int i = 0; i < n; i++) {
                    m[i] += figure.applyAsDouble(s.vcpus().get(i));
                }
            }
            for (int i = 0; i < n; i++) {
                m[i] /= k;
            }
            return m;
        }

        /** {mean, max} of the per-interval error % after the warm-up. */
        double[] error(double[] correct, long warmupMicros) {
            double norm = 0;
            for (double c : correct) {
                norm += c * c;
            }
            norm = Math.sqrt(norm);
            double sum = 0;
            double max = 0;
            int k = 0;
            for (IntervalSample s : intervals) {
                if (s.startMicros() < warmupMicros) {
                    continue;
                }
                double e = 0;
                for (int i = 0; i < correct.length; i++) {
                    double d = s.vcpus().get(i).busyPct() - correct[i];
                    e += d * d;
                }
                double pct = 100 * Math.sqrt(e) / norm;
                sum += pct;
                max = Math.max(max, pct);
                k++;
            }
            return new double[] {sum / k, max};
        }
    }

    /** The first problem of ../scenarios/{name}.scn, read by the real parser. */
    static Problem file(String name) {
        try {
            return ScenarioParser.parse(Path.of("..", "scenarios", name + ".scn")).problems().get(0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InputException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The first problem of scenario text, read by the real parser. */
    static Problem one(String text) {
        try {
            return ScenarioParser.parse("test.scn", text).problems().get(0);
        } catch (InputException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    static Result run(Problem p, String policy, RunConfig config) throws RunException {
        List<IntervalSample> out = new ArrayList<>();
        RunSummary s = Runner.run(p, Policies.create(policy), config, out::add);
        return new Result(out, s);
    }

    static RunConfig seconds(int s) {
        return RunConfig.builder().durationMicros(s * 1_000_000L).warmupMicros(Math.min(5_000_000L, s * 250_000L))
                .threads(1).build();
    }
}
