package org.schedlab.core;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/** A parsed scenario file: its name as given and its problems in file order. */
public record Scenario(String file, List<Problem> problems) {

    public Scenario {
        Objects.requireNonNull(file, "file");
        problems = List.copyOf(problems);
        Set<String> seen = new HashSet<>();
        for (Problem p : problems) {
            if (!seen.add(p.name().toUpperCase(Locale.ROOT))) {
                throw new IllegalArgumentException("duplicate problem " + p.name());
            }
        }
    }

    /** Problem names are case-insensitive. */
    public Optional<Problem> problem(String name) {
        return problems.stream().filter(p -> p.name().equalsIgnoreCase(name)).findFirst();
    }
}
