package org.schedlab.grammar;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.tree.TerminalNode;
import org.schedlab.core.Diagnostic;
import org.schedlab.core.Limits;
import org.schedlab.core.Limits.Range;
import org.schedlab.core.SourceLocation;

/**
 * Reads the numbers and times of a statement against their {@link Limits}, exactly as written: a
 * number is a {@link BigDecimal} until it is known to be in range, so none overflows or rounds into
 * range, and a message quotes it as the user wrote it, in the statement's own units.
 */
final class WrittenValues {

    private static final String MAX_TIME = "1440M (24 hours)";

    private final String fileName;
    private final List<Diagnostic> diagnostics;

    WrittenValues(String fileName, List<Diagnostic> diagnostics) {
        this.fileName = fileName;
        this.diagnostics = diagnostics;
    }

    /** {@code 120S}, {@code 2M}, {@code 500MS}: seconds, minutes, milliseconds. */
    Optional<Duration> time(String option, TerminalNode text) {
        String written = text.getText().toUpperCase(Locale.ROOT);
        String unit = written.endsWith("MS") ? "MS" : written.substring(written.length() - 1);
        long nanosPerUnit = switch (unit) {
            case "MS" -> 1_000_000L;
            case "S" -> 1_000_000_000L;
            default -> 60_000_000_000L;
        };
        BigDecimal nanos = new BigDecimal(written.substring(0, written.length() - unit.length()))
                .multiply(BigDecimal.valueOf(nanosPerUnit));
        if (nanos.compareTo(BigDecimal.valueOf(Limits.MIN_TIME.toNanos())) < 0
                || nanos.compareTo(BigDecimal.valueOf(Limits.MAX_TIME.toNanos())) > 0) {
            error(text, option + " must be from 1MS to " + MAX_TIME + ", got " + text.getText());
        } else if (!Range.isWhole(nanos) || !Limits.validTime(Duration.ofNanos(nanos.longValueExact()))) {
            error(text, option + " must be a whole number of microseconds, got " + text.getText());
        } else {
            return Optional.of(Duration.ofNanos(nanos.longValueExact()));
        }
        return Optional.empty();
    }

    OptionalLong seed(TerminalNode number) {
        BigDecimal value = new BigDecimal(number.getText());
        if (!Limits.SEED.contains(value)) {
            error(number, "SEED must be " + Limits.SEED.rule() + ", got " + number.getText());
            return OptionalLong.empty();
        }
        return OptionalLong.of(value.longValueExact());
    }

    /**
     * The value of {@code number} if {@code range} (of ints) holds it; else reports {@code rule} with the
     * number as written. Checked on the exact decimal, so nothing huge overflows on the way.
     */
    OptionalInt whole(TerminalNode number, Range range, String rule) {
        BigDecimal value = new BigDecimal(number.getText());
        if (range.contains(value)) {
            return OptionalInt.of(value.intValueExact());
        }
        error(number, rule + ", got " + number.getText());
        return OptionalInt.empty();
    }

    /** The value of {@code number} if {@code range} holds it; else reports {@code rule} with the number as written. */
    OptionalDouble inRange(TerminalNode number, Range range, String rule) {
        BigDecimal value = new BigDecimal(number.getText());
        if (range.contains(value)) {
            return OptionalDouble.of(value.doubleValue());
        }
        error(number, rule + ", got " + number.getText());
        return OptionalDouble.empty();
    }

    private void error(TerminalNode where, String message) {
        Token token = where.getSymbol();
        diagnostics.add(new Diagnostic(new SourceLocation(fileName, token.getLine(), token.getCharPositionInLine() + 1), message));
    }
}
