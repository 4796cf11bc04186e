package org.schedlab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.concurrent.Callable;
import org.schedlab.cell.Scenarios;
import org.schedlab.comparator.SeriesColumns;
import org.schedlab.core.InputException;
import org.schedlab.core.Numbers;
import org.schedlab.core.Problem;
import org.schedlab.core.io.OutputGuard;
import org.schedlab.linux.burn.GuestBurn;
import org.schedlab.linux.host.HostPaths;
import org.schedlab.linux.measure.IntervalNoise;
import org.schedlab.runner.RunConfig;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code schedlab burn}: the burner a hypervisor's guest runs for its own user's virtual CPUs (docs/linux.md). */
@Command(name = "burn",
        mixinStandardHelpOptions = true,
        description = {"Burn one user's virtual CPUs of a problem in this guest of a hypervisor, and write what each got, "
                + "interval by interval, as the observed CSV that 'schedlab compare' reads.",
                "Every guest gets the same --start instant and interval, so that their intervals line up."},
        footer = {"", "Exit codes: 0 burned and written, 2 bad input, 4 the file could not be written.",
                "Example (in guest QGP00001, the same START in every guest):",
                "  schedlab burn scenarios/J1.scn --user QGP00001 --start 2030-01-01T12:00:00Z \\",
                "      --duration 60s --out QGP00001.csv"})
final class BurnCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "Scenario file (.scn).")
    Path file;

    @Option(names = "--problem", paramLabel = "NAME", description = "The problem (may be left out when the file has one).")
    String problem;

    @Option(names = "--user", required = true, paramLabel = "USER", description = "The user this guest is logged on as.")
    String user;

    @Option(names = "--start", required = true, paramLabel = "INSTANT", converter = InstantConverter.class,
            description = "When interval 0 starts, the same for every guest: an ISO-8601 instant "
                    + "(2030-01-01T12:00:00Z) or @SECONDS since 1970.")
    Instant start;

    @Option(names = "--duration", paramLabel = "TIME", converter = DurationConverter.RunLength.class,
            description = "How long to burn (default: the scenario's DURATION, else 60s).")
    Duration duration;

    @Option(names = "--interval", paramLabel = "TIME", converter = DurationConverter.RunLength.class,
            description = "Measurement interval (default: the scenario's INTERVAL, else 1s).")
    Duration interval;

    @Option(names = "--seed", paramLabel = "N", converter = NumberConverters.Seed.class,
            description = "Seed of the burners' phases and periods (default: the scenario's, else 1).")
    Long seed;

    @Option(names = "--out", paramLabel = "FILE", description = "The observed CSV to write (default: USER.observed.csv).")
    Path out;

    @Override
    public Integer call() throws IOException, InputException {
        Problem p = Scenarios.single(Scenarios.load(file), problem);
        RunConfig defaults = RunConfig.forProblem(p);
        Duration d = duration != null ? duration : Duration.ofNanos(defaults.durationMicros() * 1000);
        Duration i = interval != null ? interval : Duration.ofNanos(Math.min(defaults.intervalMicros() * 1000, d.toNanos()));
        Path target = out != null ? out : Path.of(user + ".observed.csv");
        // Said before the burn starts: the file may replace only a measurement schedlab wrote (docs/outputs.md).
        OutputPaths.checkFile("--out", target);
        OutputPaths.guard("--out", () -> OutputGuard.checkFile(target, "a measurement",
                OutputGuard.Signature.startsWith(SeriesColumns.HEADER + "\n")));
        GuestBurn burn;
        try {
            burn = new GuestBurn(p, user, start, d, i, seed != null ? seed : defaults.seed(),
                    defaults.burnerPeriodMicros(), defaults.constants().burnerPeriodDrift());
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        PrintWriter err = spec.commandLine().getErr();
        Progress progress = Progress.forTerminal(err);
        long total = d.toNanos();
        GuestBurn.Result r;
        try {
            r = burn.run(target, HostPaths.SYSTEM, interval -> progress.update("burning " + p.name() + " as " + user + ": "
                    + Numbers.format(interval.endS(), 1) + " of " + Numbers.format(total / 1e9, 1) + " s"));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        } finally {
            progress.done();
        }
        long disturbed = r.noise().stream().filter(IntervalNoise::disturbed).count();
        if (disturbed > 0) {
            err.println("schedlab: warning: " + disturbed + " of " + r.intervals() + " intervals: other work in this guest "
                    + "took more than the burners could spare (the figures of those intervals are low)");
        }
        err.println("schedlab: wrote " + r.file());
        return ExitCodes.OK;
    }

    /** An ISO-8601 instant, or {@code @SECONDS} since 1970 (as {@code date +@%s} writes it). */
    static final class InstantConverter implements CommandLine.ITypeConverter<Instant> {
        @Override
        public Instant convert(String value) {
            try {
                if (value.startsWith("@")) {
                    return Instant.ofEpochSecond(Long.parseLong(value.substring(1)));
                }
                return Instant.parse(value);
            } catch (DateTimeParseException | NumberFormatException e) {
                throw new CommandLine.TypeConversionException("'" + value + "' is not an instant: give an ISO-8601 "
                        + "instant like 2030-01-01T12:00:00Z or @SECONDS since 1970");
            }
        }
    }
}
