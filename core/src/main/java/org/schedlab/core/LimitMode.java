package org.schedlab.core;

/** How a limit-share is enforced. */
public enum LimitMode {
    /** {@code LIMITHARD}: never above the limit, even on an idle system. */
    HARD,
    /** {@code LIMITSOFT}: held to the limit only while others in the pool want the power. */
    SOFT
}
