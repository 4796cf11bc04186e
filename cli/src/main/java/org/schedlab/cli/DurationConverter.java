package org.schedlab.cli;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/**
 * Reads {@code 60s}, {@code 500ms}, {@code 2m}, {@code 1.5s}: the same units as the scenario
 * language's {@code RUNIT DURATION}, case-insensitive. A bare number is seconds.
 */
final class DurationConverter implements CommandLine.ITypeConverter<Duration> {

    private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m)?");

    @Override
    public Duration convert(String value) {
        return parse(value);
    }

    static Duration parse(String value) {
        Matcher m = FORM.matcher(value.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new CommandLine.TypeConversionException(
                    "'" + value + "' is not a duration: expected a number with s, ms or m, like 60s");
        }
        BigDecimal n = new BigDecimal(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        BigDecimal micros = switch (unit) {
            case "ms" -> n.multiply(BigDecimal.valueOf(1_000));
            case "m" -> n.multiply(BigDecimal.valueOf(60_000_000));
            default -> n.multiply(BigDecimal.valueOf(1_000_000));
        };
        return Duration.ofNanos(micros.multiply(BigDecimal.valueOf(1000)).longValueExact());
    }
}
