package org.schedlab.core;

import java.util.Objects;

/** A limit-share: how much at most ({@code amount}) and how strictly ({@code mode}). */
public record LimitShare(ShareAmount amount, LimitMode mode) {

    public LimitShare {
        Objects.requireNonNull(amount, "amount");
        Objects.requireNonNull(mode, "mode");
    }

    @Override
    public String toString() {
        return amount + (mode == LimitMode.HARD ? " LIMITHARD" : " LIMITSOFT");
    }
}
