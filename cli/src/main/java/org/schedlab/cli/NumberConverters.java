package org.schedlab.cli;

import java.math.BigDecimal;
import org.schedlab.core.Limits;
import picocli.CommandLine;

/**
 * Numbers on the command line, checked on the exact decimal written so that nothing overflows or
 * rounds into range, with messages that say the range and never a Java type ({@code 'x' is not a long}).
 * One subclass per option's range, since picocli instantiates converters itself.
 */
final class NumberConverters {

    /** A threshold above a million percent would pass anything; written as {@code 1000000}. */
    static final BigDecimal MAX_PERCENT = BigDecimal.valueOf(1_000_000);
    /** {@code RunConfig}'s bound on worker threads. */
    static final int MAX_THREADS = 1024;
    /** Problems run at once by {@code test}: each has its own worker threads, so more than this only queues. */
    static final int MAX_JOBS = 1024;

    private NumberConverters() {
    }

    private static BigDecimal decimal(String value, String what, String example) {
        try {
            return new BigDecimal(value.trim());
        } catch (NumberFormatException e) {
            throw new CommandLine.TypeConversionException("'" + value + "' is not a number: expected " + what + ", like " + example);
        }
    }

    /** {@code --max-error}, {@code --mean-error}: a percentage from 0 to a million. */
    static final class Percent implements CommandLine.ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            BigDecimal v = decimal(value, "a percentage", "5 or 2.5");
            if (v.signum() < 0 || v.compareTo(MAX_PERCENT) > 0) {
                throw new CommandLine.TypeConversionException("'" + value + "' is out of range: a percentage is from 0 to "
                        + MAX_PERCENT.toPlainString());
            }
            return v.doubleValue();
        }
    }

    /** {@code --seed}: the scenario language's {@code RUNIT SEED} range. */
    static final class Seed implements CommandLine.ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            BigDecimal v = decimal(value, "a whole number", "42");
            if (!Limits.SEED.contains(v)) {
                throw new CommandLine.TypeConversionException("'" + value + "' is out of range: a seed is "
                        + Limits.SEED.rule());
            }
            return v.longValueExact();
        }
    }

    private abstract static class Count implements CommandLine.ITypeConverter<Integer> {
        private final int min;
        private final int max;
        private final String minSaid;

        Count(int min, int max, String minSaid) {
            this.min = min;
            this.max = max;
            this.minSaid = minSaid;
        }

        @Override
        public Integer convert(String value) {
            BigDecimal v = decimal(value, "a whole number", String.valueOf(Math.max(min, 1)));
            if (!Limits.Range.isWhole(v) || v.compareTo(BigDecimal.valueOf(min)) < 0 || v.compareTo(BigDecimal.valueOf(max)) > 0) {
                throw new CommandLine.TypeConversionException("'" + value + "' is out of range: expected a whole number from "
                        + minSaid + " to " + max);
            }
            return v.intValueExact();
        }
    }

    /** {@code --threads}: 0 (automatic) to {@link #MAX_THREADS}. */
    static final class Threads extends Count {
        Threads() {
            super(0, MAX_THREADS, "0 (automatic)");
        }
    }

    /** {@code --jobs}: 1 to {@link #MAX_JOBS}. */
    static final class Jobs extends Count {
        Jobs() {
            super(1, MAX_JOBS, "1");
        }
    }
}
