package org.schedlab.core;

import java.util.Objects;
import java.util.Optional;

/** A share value: RELATIVE n (1..10000) or ABSOLUTE p% (0 &lt; p &le; 100). */
public record ShareAmount(ShareKind kind, double value) {

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
            case RELATIVE -> Limits.RELATIVE_SHARE.contains(value)
                    ? Optional.empty()
                    : Optional.of(rule(kind) + ", got " + Numbers.format(value));
            case ABSOLUTE -> Limits.ABSOLUTE_SHARE.contains(value)
                    ? Optional.empty()
                    : Optional.of(rule(kind) + ", got " + Numbers.format(value));
        };
    }

    /** {@code RELATIVE share must be a whole number from 1 to 10000}: the rule a value of {@code kind} breaks. */
    public static String rule(ShareKind kind) {
        return kind == ShareKind.RELATIVE
                ? "RELATIVE share must be " + Limits.RELATIVE_SHARE.rule()
                : "ABSOLUTE share must be " + Limits.ABSOLUTE_SHARE.rule() + "%";
    }

    @Override
    public String toString() {
        return kind == ShareKind.RELATIVE ? "RELATIVE " + Numbers.format(value) : "ABSOLUTE " + Numbers.format(value) + "%";
    }
}
