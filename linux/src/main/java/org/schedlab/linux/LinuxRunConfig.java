package org.schedlab.linux;

import java.util.Objects;
import org.schedlab.core.Problem;
import org.schedlab.linux.measure.Disturbance;
import org.schedlab.runner.RunConfig;

/**
 * How to run a problem on the kernel. The model's {@link RunConfig} gives what both runners share: seed (burner
 * phases and periods), duration, interval, warm-up, timeout, burner period, and the period drift
 * ({@code constants().burnerPeriodDrift()}); its threads, SMT factor and other model constants mean nothing
 * here. Durations are wall-clock time.
 *
 * @param run         the shared settings
 * @param disturbance when an interval is disturbed, and how many undisturbed ones a run needs
 * @param host        the machine (replaced in tests)
 */
public record LinuxRunConfig(RunConfig run, Disturbance disturbance, LinuxHost host) {

    public LinuxRunConfig {
        Objects.requireNonNull(run, "run");
        Objects.requireNonNull(disturbance, "disturbance");
        Objects.requireNonNull(host, "host");
    }

    /** {@code run} on this machine with the default disturbance rule. */
    public static LinuxRunConfig of(RunConfig run) {
        return new LinuxRunConfig(run, Disturbance.DEFAULT, LinuxHost.SYSTEM);
    }

    /** The model's defaults with the problem's own {@code RUNIT} settings, on this machine. */
    public static LinuxRunConfig forProblem(Problem problem) {
        return of(RunConfig.forProblem(problem));
    }

    public LinuxRunConfig withRun(RunConfig r) {
        return new LinuxRunConfig(r, disturbance, host);
    }

    public LinuxRunConfig withDisturbance(Disturbance d) {
        return new LinuxRunConfig(run, d, host);
    }

    public LinuxRunConfig withHost(LinuxHost h) {
        return new LinuxRunConfig(run, disturbance, h);
    }
}
