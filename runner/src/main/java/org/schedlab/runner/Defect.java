package org.schedlab.runner;

import java.util.Arrays;
import java.util.Optional;

/**
 * The scheduler defects the z/VM 6.4 performance report found (seed S:1671, S:1991-2105), each a mechanism
 * the zvm63 and zvm64 policies switch on or off. Spec strings name them in lower case:
 * {@code zvm63:since-logon-memory=off,heuristics=off}.
 */
public enum Defect {
    /**
     * (1) Consumption is remembered since logon, not over a forgetting window. The users were logged on for 60 s
     * before the measurement, running under the default share (± 10 %), so the surpluses and deficits of that
     * history skew priorities long after the run starts.
     */
    SINCE_LOGON_MEMORY("since-logon-memory"),
    /**
     * (2) A virtual CPU's entitlement is computed over the users on the dispatch list when it joins the list,
     * and not recomputed as membership changes: users that logged on early were entitled against fewer rivals.
     */
    DISPATCH_LIST_ENTITLEMENT("dispatch-list-entitlement"),
    /**
     * (3) Heuristic clamps: a consumption-to-entitlement ratio that looks extreme is pulled back into [1/2, 2],
     * so users far over (or under) their entitlement all look alike and queue first come, first served.
     */
    HEURISTICS("heuristics"),
    /**
     * (4) A RELATIVE limit-share is added to the set of all min-shares instead of replacing the user's own
     * min-share, so the computed cap is too small.
     */
    RELATIVE_LIMIT("relative-limit"),
    /**
     * (5) The normalizer meant to repair entitlements after membership changes rescales all of them by one
     * factor, which fixes their sum but not their proportions. Switched off, it recomputes every entitlement
     * over the current dispatch list.
     */
    NORMALIZER("normalizer"),
    /**
     * LIMITSOFT is lifted as soon as no other user is below its entitlement, even if others would use the
     * power: the soft-limited user is not held back enough (6.3 and 6.4, S:2028).
     */
    LIMITSOFT_LEAK("limitsoft-leak"),
    /** RELATIVE LIMITHARD is not enforced at all (6.4, S:2074). */
    RELATIVE_LIMITHARD_UNENFORCED("relative-limithard");

    private final String option;

    Defect(String option) {
        this.option = option;
    }

    /** The name in a spec string. */
    public String option() {
        return option;
    }

    public static Optional<Defect> fromOption(String text) {
        return Arrays.stream(values()).filter(d -> d.option.equalsIgnoreCase(text.trim())).findFirst();
    }
}
