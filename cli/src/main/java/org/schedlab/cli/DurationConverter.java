package org.schedlab.cli;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.schedlab.core.Limits;
import org.schedlab.core.Numbers;
import picocli.CommandLine;

/**
 * Reads {@code 60s}, {@code 500ms}, {@code 2m}, {@code 1.5s}: the same units as the scenario
 * language's {@code RUNIT DURATION}, case-insensitive. A bare number is seconds. The subclasses add
 * each option's range, said in seconds, so a value out of range is named as the user wrote it.
 */
class DurationConverter implements CommandLine.ITypeConverter<Duration> {

    private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m)?");
    /** A wall-clock limit longer than a week limits nothing a run of at most a day of virtual time does. */
    static final Duration MAX_TIMEOUT = Duration.ofDays(7);

    @Override
    public Duration convert(String value) {
        return parse(value);
    }

    /** The duration written, up to what a {@link Duration} holds in nanoseconds (292 years); not range-checked. */
    static Duration parse(String value) {
        BigDecimal seconds = parseSeconds(value);
        if (seconds.compareTo(BigDecimal.valueOf(Long.MAX_VALUE / 1_000_000_000L)) > 0) {
            throw new CommandLine.TypeConversionException("'" + value + "' is too long: " + seconds.toPlainString() + " s");
        }
        return toDuration(value, seconds);
    }

    /** The number of seconds written, exactly, whatever its size. */
    static BigDecimal parseSeconds(String value) {
        Matcher m = FORM.matcher(value.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new CommandLine.TypeConversionException(
                    "'" + value + "' is not a duration: expected a number with s, ms or m, like 60s");
        }
        BigDecimal n = new BigDecimal(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        return switch (unit) {
            case "ms" -> n.movePointLeft(3);
            case "m" -> n.multiply(BigDecimal.valueOf(60));
            default -> n;
        };
    }

    private static Duration toDuration(String value, BigDecimal seconds) {
        BigDecimal nanos = seconds.movePointRight(9);
        if (!org.schedlab.core.Limits.Range.isWhole(nanos)) {
            throw finerThanATick(value);
        }
        return Duration.ofNanos(nanos.longValueExact());
    }

    private static CommandLine.TypeConversionException finerThanATick(String value) {
        return new CommandLine.TypeConversionException("'" + value + "' is finer than a microsecond, the run's clock tick");
    }

    /** {@code 0.25 s}, {@code 86400 s}: how the messages say a duration. */
    static String seconds(Duration d) {
        return Numbers.format(d.toNanos() / 1e9) + " s";
    }

    static Duration inRange(String value, Duration min, boolean aboveMin, Duration max, String what) {
        BigDecimal seconds = parseSeconds(value);
        int low = seconds.compareTo(exactSeconds(min));
        if ((aboveMin ? low <= 0 : low < 0) || seconds.compareTo(exactSeconds(max)) > 0) {
            throw new CommandLine.TypeConversionException("'" + value + "' is out of range: " + what + " is "
                    + (aboveMin ? "above " : "from ") + seconds(min) + (aboveMin ? " and at most " : " to ") + seconds(max)
                    + (max.toHours() > 0 && max.toSeconds() % 3600 == 0 ? " (" + hours(max) + ")" : ""));
        }
        Duration d = toDuration(value, seconds);
        if (d.toNanos() % Limits.TIME_RESOLUTION.toNanos() != 0) {
            throw finerThanATick(value);
        }
        return d;
    }

    private static BigDecimal exactSeconds(Duration d) {
        return BigDecimal.valueOf(d.toNanos()).movePointLeft(9);
    }

    private static String hours(Duration d) {
        return d.toDays() > 1 && d.toHours() % 24 == 0 ? d.toDays() + " days" : d.toHours() + " h";
    }

    /** {@code --duration} and {@code --interval}: the scenario language's DURATION and INTERVAL range. */
    static final class RunLength extends DurationConverter {
        @Override
        public Duration convert(String value) {
            return inRange(value, Limits.MIN_TIME, false, Limits.MAX_TIME, "a run's duration or interval");
        }
    }

    /** {@code --warmup}: none to a day; whether it leaves an interval to judge depends on the run, checked there. */
    static final class Warmup extends DurationConverter {
        @Override
        public Duration convert(String value) {
            return inRange(value, Duration.ZERO, false, Limits.MAX_TIME, "a warm-up");
        }
    }

    /** {@code --timeout}: wall-clock time, above zero. */
    static final class Timeout extends DurationConverter {
        @Override
        public Duration convert(String value) {
            return inRange(value, Duration.ZERO, true, MAX_TIMEOUT, "a timeout");
        }
    }
}
