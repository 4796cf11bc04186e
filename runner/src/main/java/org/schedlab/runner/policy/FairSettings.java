package org.schedlab.runner.policy;

import java.util.List;
import java.util.Map;
import org.schedlab.runner.spi.PolicyOption;

/**
 * The fair policy's spec-string options: none today. The record exists so every shipped policy parses its
 * options the same way and a future option (a lag other than one slice, say) has its home.
 */
public record FairSettings() {

    public static final FairSettings DEFAULT = new FairSettings();
    /** What {@code schedlab policies} lists for fair. */
    public static final List<PolicyOption> OPTIONS = List.of();

    /**
     * @throws IllegalArgumentException if any option is given (one line, naming the policy)
     */
    public static FairSettings parse(Map<String, String> options) {
        if (!options.isEmpty()) {
            throw new IllegalArgumentException("policy " + FairPolicy.NAME + " takes no options, got "
                    + String.join(", ", options.keySet()));
        }
        return DEFAULT;
    }
}
