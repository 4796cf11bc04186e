package org.schedlab.junit;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.platform.commons.util.ClassLoaderUtils;
import org.junit.platform.engine.ConfigurationParameters;
import org.schedlab.cell.Expectations;
import org.schedlab.cell.GuardedPolicy;
import org.schedlab.comparator.Thresholds;
import org.schedlab.core.InputException;
import org.schedlab.core.Numbers;
import org.schedlab.core.Problem;
import org.schedlab.runner.RunConfig;

/**
 * The engine's JUnit configuration parameters (from {@code junit-platform.properties}, Surefire's
 * {@code configurationParameters}, a {@code @Suite}'s {@code @ConfigurationParameter}, or the launcher):
 *
 * <ul>
 *   <li>{@value #POLICIES}: policies, comma-separated, options after a colon as on the command line
 *       ({@code fair,zvm64}); default {@code fair}</li>
 *   <li>{@value #SEEDS}: seeds, {@code 1..3}, {@code 1,5,9} or both; each problem and policy runs once per seed.
 *       Default: the scenario's {@code RUNIT SEED}, else 1</li>
 *   <li>{@value #MAX_ERROR}, {@value #MEAN_ERROR}: thresholds in percent; default max 5, mean not set</li>
 *   <li>{@value #EXPECT}: expected verdicts, the CSV of {@code schedlab test --expect}: a file path,
 *       or {@code classpath:NAME}</li>
 *   <li>{@value #DURATION}, {@value #WARMUP}: virtual run length and warm-up ({@code 20s}, {@code 500ms},
 *       {@code 2m}); default the scenario's {@code RUNIT DURATION}, else 60 s, and 5 s</li>
 *   <li>{@value #TIMEOUT}: wall-clock limit per run; a run over it is an error</li>
 * </ul>
 *
 * A bad value is a {@link SettingsException} naming the parameter.
 */
record EngineSettings(List<String> policies, List<Long> seeds, Thresholds thresholds, Expectations expectations,
                      Optional<Duration> duration, Optional<Duration> warmup, Optional<Duration> timeout) {

    static final String POLICIES = "schedlab.policies";
    static final String SEEDS = "schedlab.seeds";
    static final String MAX_ERROR = "schedlab.max-error";
    static final String MEAN_ERROR = "schedlab.mean-error";
    static final String EXPECT = "schedlab.expect";
    static final String DURATION = "schedlab.duration";
    static final String WARMUP = "schedlab.warmup";
    static final String TIMEOUT = "schedlab.timeout";

    /** Nothing configured: fair, the scenario's seed and duration, max error 5%, every check expected to PASS. */
    static final EngineSettings DEFAULTS = new EngineSettings(List.of("fair"), List.of(), Thresholds.DEFAULT,
            Expectations.NONE, Optional.empty(), Optional.empty(), Optional.empty());

    /** More seeds than this is a typo ({@code 1..1000000}), not a plan. */
    private static final int MAX_SEEDS = 10_000;

    private static final Pattern DURATION_FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m)?");
    private static final Pattern SEED_RANGE = Pattern.compile("(\\d+)\\s*\\.\\.\\s*(\\d+)");

    EngineSettings {
        policies = List.copyOf(policies);
        seeds = List.copyOf(seeds);
        Objects.requireNonNull(thresholds, "thresholds");
        Objects.requireNonNull(expectations, "expectations");
        Objects.requireNonNull(duration, "duration");
        Objects.requireNonNull(warmup, "warmup");
        Objects.requireNonNull(timeout, "timeout");
        if (policies.isEmpty()) {
            throw new IllegalArgumentException("at least one policy");
        }
    }

    /** A setting the user got wrong: the message names the parameter and what it expects. */
    static final class SettingsException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        SettingsException(String message) {
            super(message);
        }
    }

    static EngineSettings from(ConfigurationParameters p) {
        List<String> policies = policies(p.get(POLICIES).orElse("fair"));
        Optional<Duration> timeout = duration(TIMEOUT, p.get(TIMEOUT));
        for (String spec : policies) {
            try {
                // A policy that exists but is broken is its checks' ERROR when they run, not a settings error.
                GuardedPolicy.create(spec, ClassLoaderUtils.getDefaultClassLoader(), timeout);
            } catch (IllegalArgumentException e) {
                throw new SettingsException(POLICIES + ": " + e.getMessage());
            }
        }
        double max = percent(MAX_ERROR, p.get(MAX_ERROR)).orElse(Thresholds.DEFAULT_MAX_ERROR_PCT);
        Thresholds thresholds = new Thresholds(max, percent(MEAN_ERROR, p.get(MEAN_ERROR)));
        return new EngineSettings(policies, seeds(p.get(SEEDS).orElse("")), thresholds,
                expectations(p.get(EXPECT)), duration(DURATION, p.get(DURATION)), duration(WARMUP, p.get(WARMUP)),
                timeout);
    }

    /**
     * Splits on commas; a piece with {@code =} but no {@code :} continues the previous policy's options
     * ({@code zvm64:a=1,b=2}).
     */
    static List<String> policies(String value) {
        List<String> out = new ArrayList<>();
        for (String piece : value.split(",")) {
            String s = piece.strip();
            if (s.isEmpty()) {
                continue;
            }
            if (s.contains("=") && !s.contains(":") && !out.isEmpty()) {
                out.set(out.size() - 1, out.get(out.size() - 1) + "," + s);
            } else {
                out.add(s);
            }
        }
        if (out.isEmpty()) {
            throw new SettingsException(POLICIES + ": no policy given, expected e.g. fair,zvm64");
        }
        return List.copyOf(out);
    }

    /** {@code 1..3}, {@code 1,5,9}, or a mix, in the order given; empty for a blank value. */
    static List<Long> seeds(String value) {
        List<Long> out = new ArrayList<>();
        for (String piece : value.split(",")) {
            String s = piece.strip();
            if (s.isEmpty()) {
                continue;
            }
            Matcher range = SEED_RANGE.matcher(s);
            try {
                if (range.matches()) {
                    long from = Long.parseLong(range.group(1));
                    long to = Long.parseLong(range.group(2));
                    if (to < from || to - from >= MAX_SEEDS) {
                        throw new SettingsException(SEEDS + ": range " + s + " must run upwards over at most "
                                + MAX_SEEDS + " seeds");
                    }
                    for (long seed = from; seed <= to; seed++) {
                        out.add(seed);
                    }
                } else {
                    out.add(Long.parseLong(s));
                }
            } catch (NumberFormatException e) {
                throw new SettingsException(SEEDS + ": '" + s + "' is not a seed or a range like 1..3");
            }
        }
        if (out.size() > MAX_SEEDS || out.stream().distinct().count() != out.size()) {
            throw new SettingsException(SEEDS + ": at most " + MAX_SEEDS + " distinct seeds, got " + value);
        }
        return List.copyOf(out);
    }

    private static OptionalDouble percent(String key, Optional<String> value) {
        if (value.isEmpty() || value.get().isBlank()) {
            return OptionalDouble.empty();
        }
        String s = value.get().strip();
        try {
            double d = Double.parseDouble(s.endsWith("%") ? s.substring(0, s.length() - 1) : s);
            if (d >= 0 && Double.isFinite(d)) {
                return OptionalDouble.of(d);
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new SettingsException(key + ": '" + s + "' is not a percentage of 0 or more");
    }

    /** {@code 60s}, {@code 500ms}, {@code 2m}, {@code 1.5s}: the units of {@code RUNIT DURATION}; a bare number is seconds. */
    static Optional<Duration> duration(String key, Optional<String> value) {
        if (value.isEmpty() || value.get().isBlank()) {
            return Optional.empty();
        }
        Matcher m = DURATION_FORM.matcher(value.get().strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new SettingsException(key + ": '" + value.get().strip()
                    + "' is not a duration: expected a number with s, ms or m, like 20s");
        }
        BigDecimal n = new BigDecimal(m.group(1));
        long micros = switch (m.group(2) == null ? "s" : m.group(2)) {
            case "ms" -> n.multiply(BigDecimal.valueOf(1_000)).longValue();
            case "m" -> n.multiply(BigDecimal.valueOf(60_000_000)).longValue();
            default -> n.multiply(BigDecimal.valueOf(1_000_000)).longValue();
        };
        if (micros <= 0) {
            throw new SettingsException(key + ": must be positive, got " + value.get().strip());
        }
        return Optional.of(Duration.ofNanos(micros * 1000));
    }

    private static Expectations expectations(Optional<String> value) {
        if (value.isEmpty() || value.get().isBlank()) {
            return Expectations.NONE;
        }
        String where = value.get().strip();
        try {
            if (where.startsWith("classpath:")) {
                String name = where.substring("classpath:".length()).replaceFirst("^/+", "");
                URL url = ClassLoaderUtils.getDefaultClassLoader().getResource(name);
                if (url == null) {
                    throw new SettingsException(EXPECT + ": no class path resource " + name);
                }
                if ("file".equals(url.getProtocol())) {
                    return Expectations.read(Path.of(url.toURI()));
                }
                // Inside a jar: the reader takes a file, so it reads a copy.
                Path copy = Files.createTempFile("schedlab-expect", ".csv");
                try (InputStream in = url.openStream()) {
                    Files.write(copy, in.readAllBytes());
                    return Expectations.read(copy);
                } finally {
                    Files.deleteIfExists(copy);
                }
            }
            Path file = Path.of(where);
            if (!Files.isRegularFile(file)) {
                throw new SettingsException(EXPECT + ": no file " + file.toAbsolutePath());
            }
            return Expectations.read(file);
        } catch (URISyntaxException e) {
            throw new SettingsException(EXPECT + ": bad class path resource " + where);
        } catch (IOException e) {
            throw new SettingsException(EXPECT + ": cannot read " + where + ": " + e.getMessage());
        } catch (InputException e) {
            throw new SettingsException(EXPECT + ": " + e.getMessage());
        }
    }

    /** The problem's own run control with these settings on top, as {@code schedlab test}'s flags apply. */
    RunConfig configFor(Problem problem, Optional<Long> seed) {
        try {
            RunConfig.Builder b = RunConfig.forProblem(problem).toBuilder();
            duration.ifPresent(d -> {
                // As RUNIT DURATION does: a run shorter than twice the warm-up keeps its second half.
                long micros = d.toNanos() / 1000;
                b.durationMicros(micros).warmupMicros(RunConfig.defaultWarmupMicros(micros));
            });
            warmup.ifPresent(w -> b.warmupMicros(w.toNanos() / 1000));
            timeout.ifPresent(b::timeout);
            seed.ifPresent(b::seed);
            RunConfig c = b.build();
            // The comparator judges only intervals starting at or after the warm-up: at least one must.
            long firstCounted = (c.warmupMicros() + c.intervalMicros() - 1) / c.intervalMicros() * c.intervalMicros();
            if (firstCounted >= c.durationMicros()) {
                throw new SettingsException(problem.name() + ": no measurement interval starts after the warm-up of "
                        + Numbers.format(c.warmupMicros() / 1e6) + " s, so there is nothing to judge; set a shorter "
                        + WARMUP + " or a longer " + DURATION);
            }
            return c;
        } catch (IllegalArgumentException e) {
            throw new SettingsException(problem.name() + ": " + e.getMessage());
        }
    }
}
