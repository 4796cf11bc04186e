package org.schedlab.runner.policy.zvm;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.schedlab.runner.spi.PolicyOption;

/** Parsing, printing and listing of {@code defect=on|off} options: what the z/VM settings records share. */
final class DefectSwitches {

    private DefectSwitches() {
    }

    /** Parses {@code defect=on|off} options onto a default set, accepting only the switches a policy models. */
    static EnumSet<Defect> configure(String policy, Set<Defect> defaults, Set<Defect> supported,
                                     Map<String, String> options) {
        EnumSet<Defect> set = defaults.isEmpty() ? EnumSet.noneOf(Defect.class) : EnumSet.copyOf(defaults);
        for (Map.Entry<String, String> e : options.entrySet()) {
            Defect d = Defect.fromOption(e.getKey()).filter(supported::contains).orElseThrow(() ->
                    new IllegalArgumentException("policy " + policy + " has no defect switch '" + e.getKey()
                            + "'; known: " + supported.stream().sorted().map(Defect::option).collect(Collectors.joining(", "))));
            switch (e.getValue().trim().toLowerCase(Locale.ROOT)) {
                case "on", "true", "yes" -> set.add(d);
                case "off", "false", "no" -> set.remove(d);
                default -> throw new IllegalArgumentException("defect switch " + d.option() + " must be on or off, got '"
                        + e.getValue() + "'");
            }
        }
        return set;
    }

    /** The spec string: the name, then every switch that differs from the defaults. */
    static String spec(String name, Set<Defect> defaults, Set<Defect> active) {
        List<String> changes = new ArrayList<>();
        for (Defect d : Defect.values()) {
            if (defaults.contains(d) != active.contains(d)) {
                changes.add(d.option() + "=" + (active.contains(d) ? "on" : "off"));
            }
        }
        return changes.isEmpty() ? name : name + ":" + String.join(",", changes);
    }

    /** One {@code on|off} option per modelled defect, in declaration order. */
    static List<PolicyOption> options(Set<Defect> modelled, Set<Defect> defaults) {
        List<PolicyOption> out = new ArrayList<>();
        for (Defect d : Defect.values()) {
            if (modelled.contains(d)) {
                out.add(new PolicyOption(d.option(), "on|off", defaults.contains(d) ? "on" : "off", d.summary()));
            }
        }
        return List.copyOf(out);
    }
}
