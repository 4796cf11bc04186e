package org.schedlab.runner.policy.zvm;

import java.util.Arrays;
import java.util.Optional;

/**
 * The scheduler defects IBM's "z/VM 6.4 Performance Report" found, in its section "CP Scheduler Improvements"
 * (defects 1 to 5 in "Introduction", the two 6.4 kept in "Remaining Problem Areas"), each a mechanism the zvm63
 * and zvm64 policies switch on or off. Spec strings name them in lower case:
 * {@code zvm63:since-logon-memory=off,heuristics=off}.
 */
public enum Defect {
    /**
     * (1) Consumption is remembered since logon, not over a forgetting window. The users ran for
     * {@code ModelConstants.logonHistoryMicros} (60 s) before the measurement under the default share
     * (± {@code logonHistoryJitter}), so the surpluses and deficits of that history skew priorities long after
     * the run starts.
     */
    SINCE_LOGON_MEMORY("since-logon-memory", "consumption remembered since logon, not over a forgetting window"),
    /**
     * (2) A virtual CPU's entitlement is computed over the users on the dispatch list when it joins the list,
     * and not recomputed as membership changes: users that logged on early were entitled against fewer rivals.
     */
    DISPATCH_LIST_ENTITLEMENT("dispatch-list-entitlement", "entitlement computed over the dispatch list when a VCPU joins it"),
    /**
     * (3) Heuristics: the since-logon feedback of the dispatch priority, when it looks extreme, is clamped
     * (to {@code ModelConstants.feedbackClampMicros}), so VMDBKs far over (or under) their entitlement all look
     * alike and the deadline offset alone orders them: the largest share takes more than its part of any excess.
     */
    HEURISTICS("heuristics", "since-logon feedback of the dispatch priority clamped"),
    /**
     * (4) A RELATIVE limit-share is resolved against the RELATIVE limit-shares alone instead of the min-shares
     * with the user's own replaced, so the cap is too large: a lone one is the whole pool (MR2 ran unconstrained
     * on 6.4: "Remaining Problem Areas", "RELATIVE LIMITHARD"). 6.3 and 6.4 share it.
     */
    RELATIVE_LIMIT("relative-limit", "RELATIVE limit-share resolved against the limit-shares alone, so the cap is too large"),
    /**
     * (5) The normalizer meant to repair entitlements after membership changes rescales all of them by one
     * factor, which fixes their sum but not their proportions. Switched off, it recomputes every entitlement
     * over the current dispatch list.
     */
    NORMALIZER("normalizer", "normalizer rescales entitlements by one factor instead of recomputing them"),
    /**
     * LIMITSOFT holds the user back only to its entitlement when that is above its limit: the soft-limited user
     * is not held back enough (6.3 and 6.4: "Remaining Problem Areas", "LIMITSOFT").
     */
    LIMITSOFT_LEAK("limitsoft-leak", "LIMITSOFT held only to the entitlement when that is above the limit");

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
