package org.schedlab.runner.policy;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.schedlab.runner.spi.PolicyOption;

/**
 * The fair policy's spec-string options ({@code fair:weights=share}).
 *
 * @param weights what a virtual CPU's virtual time advances by
 */
public record FairSettings(Weights weights) {

    /** What virtual time is weighted by. */
    public enum Weights {
        /** The virtual CPU's part of its bucket's entitlement, readjusted when infeasible (Surplus Fair). */
        SHARE,
        /** The fluid allocation of the demand fair observes, refreshed every 5 ms ({@link FluidTargets}). */
        FLUID
    }

    public static final FairSettings DEFAULT = new FairSettings(Weights.FLUID);
    /** What {@code schedlab policies} lists for fair. */
    public static final List<PolicyOption> OPTIONS = List.of(new PolicyOption("weights", "fluid|share", "fluid",
            "what virtual time is weighted by: the fluid allocation of the observed demand, or the entitlement "
                    + "alone (readjusted when infeasible, Surplus Fair Scheduling)"));

    public FairSettings {
        java.util.Objects.requireNonNull(weights, "weights");
    }

    /**
     * @throws IllegalArgumentException for an unknown option or value (one line, naming the known ones)
     */
    public static FairSettings parse(Map<String, String> options) {
        Weights w = DEFAULT.weights();
        for (Map.Entry<String, String> e : options.entrySet()) {
            if (!e.getKey().equalsIgnoreCase("weights")) {
                throw new IllegalArgumentException("policy " + FairPolicy.NAME + " has no option " + e.getKey()
                        + " (it has: weights)");
            }
            switch (e.getValue().toLowerCase(Locale.ROOT)) {
                case "share" -> w = Weights.SHARE;
                case "fluid" -> w = Weights.FLUID;
                default -> throw new IllegalArgumentException("policy " + FairPolicy.NAME + " option weights takes "
                        + "share or fluid, got " + e.getValue());
            }
        }
        return new FairSettings(w);
    }

    /** The spec string that recreates these settings: the name alone for the defaults. */
    String spec() {
        return this.equals(DEFAULT) ? FairPolicy.NAME
                : FairPolicy.NAME + ":weights=" + weights.name().toLowerCase(Locale.ROOT);
    }
}
