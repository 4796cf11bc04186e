package org.schedlab.core;

import java.util.Objects;
import java.util.Optional;

/** A share value: RELATIVE n (1..10000) or ABSOLUTE p% (0 &lt; p &le; 100). */
public record ShareAmount(ShareKind kind, double value) {

    public static final double MAX_RELATIVE = 10000;
    public static final ShareAmount DEFAULT = new ShareAmount(ShareKind.RELATIVE, 100);

    public ShareAmount {
        Objects.requireNonNull(kind, "kind");
        problem(kind, value).ifPresent(m -> {
            throw new IllegalArgumentException(m);
        });
    }

    public static ShareAmount relative(double value) {
        return new ShareAmount(ShareKind.RELATIVE, value);
    }

    public static ShareAmount absolute(double percent) {
        return new ShareAmount(ShareKind.ABSOLUTE, percent);
    }

    /**
     * What is wrong with this value for this kind, in the user's words, or empty if it is valid.
     * The parser reports this message at the value's location; the constructor enforces the same rule.
     */
    public static Optional<String> problem(ShareKind kind, double value) {
        if (!Double.isFinite(value)) {
            return Optional.of("share value must be a number");
        }
        return switch (kind) {
            case RELATIVE -> value >= 1 && value <= MAX_RELATIVE && value == Math.rint(value)
                    ? Optional.empty()
                    : Optional.of("RELATIVE share must be a whole number from 1 to 10000, got " + Numbers.format(value));
            case ABSOLUTE -> value > 0 && value <= 100
                    ? Optional.empty()
                    : Optional.of("ABSOLUTE share must be above 0 and at most 100%, got " + Numbers.format(value));
        };
    }

    @Override
    public String toString() {
        return kind == ShareKind.RELATIVE ? "RELATIVE " + Numbers.format(value) : "ABSOLUTE " + Numbers.format(value) + "%";
    }
}
