package org.schedlab.runner.policy.zvm;

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
    SINCE_LOGON_MEMORY("since-logon-memory", "consumption remembered since logon, not over a forgetting window"),
    /**
     * (2) A virtual CPU's entitlement is computed over the users on the dispatch list when it joins the list,
     * and not recomputed as membership changes: users that logged on early were entitled against fewer rivals.
     */
    DISPATCH_LIST_ENTITLEMENT("dispatch-list-entitlement", "entitlement computed over the dispatch list when a VCPU joins it"),
    /**
     * (3) Heuristic clamps: a consumption-to-entitlement ratio that looks extreme is pulled back into [1/2, 2],
     * so users far over (or under) their entitlement all look alike and queue first come, first served.
     */
    HEURISTICS("heuristics", "consumption-to-entitlement ratio clamped into [1/2, 2]"),
    /**
     * (4) A RELATIVE limit-share is added to the set of all min-shares instead of replacing the user's own
     * min-share, so the computed cap is too small.
     */
    RELATIVE_LIMIT("relative-limit", "RELATIVE limit-share added beside the min-shares, so the cap is too small"),
    /**
     * (5) The normalizer meant to repair entitlements after membership changes rescales all of them by one
     * factor, which fixes their sum but not their proportions. Switched off, it recomputes every entitlement
     * over the current dispatch list.
     */
    NORMALIZER("normalizer", "normalizer rescales entitlements by one factor instead of recomputing them"),
    /**
     * LIMITSOFT is lifted as soon as no other user is below its entitlement, even if others would use the
     * power: the soft-limited user is not held back enough (6.3 and 6.4, S:2028).
     */
    LIMITSOFT_LEAK("limitsoft-leak", "LIMITSOFT lifted once nobody else is below its entitlement"),
    /** RELATIVE LIMITHARD is not enforced at all (6.4, S:2074). */
    RELATIVE_LIMITHARD_UNENFORCED("relative-limithard", "RELATIVE LIMITHARD not enforced");

    private final String option;
    private final String summary;

    Defect(String option, String summary) {
        this.option = option;
        this.summary = summary;
    }

    /** One line: what the defect does when switched on. */
    public String summary() {
        return summary;
    }

    /** The name in a spec string. */
    public String option() {
        return option;
    }

    public static Optional<Defect> fromOption(String text) {
        return Arrays.stream(values()).filter(d -> d.option.equalsIgnoreCase(text.trim())).findFirst();
    }
}
