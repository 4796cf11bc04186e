package org.schedlab.core;

/** The two flavours of a z/VM share: a weight among relative users, or a percent of the type's capacity. */
public enum ShareKind {
    /** {@code SHARE RELATIVE n}, 1..10000: splits what absolute users leave, in proportion to n. */
    RELATIVE,
    /** {@code SHARE ABSOLUTE p%}, 0 &lt; p &le; 100: p percent of the pool's capacity. */
    ABSOLUTE
}
