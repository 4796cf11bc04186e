package org.schedlab.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.schedlab.core.InputException;
import org.schedlab.core.Problem;
import org.schedlab.grammar.ScenarioParser;

/** The seed scenarios, packed into benchmarks.jar at build time, so benchmarks run from any directory. */
final class SeedScenarios {

    /** The seed scenarios' names, as {@code @Param} values list them. */
    static final String[] NAMES = {"AL1", "J1", "J2", "J3", "MR2", "MZ0", "SL3"};

    private SeedScenarios() {
    }

    /** The text of seed scenario {@code name}. */
    static String text(String name) {
        try (InputStream in = SeedScenarios.class.getResourceAsStream("/scenarios/" + name + ".scn")) {
            if (in == null) {
                throw new IllegalArgumentException("no seed scenario " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The first problem of seed scenario {@code name}. */
    static Problem problem(String name) {
        try {
            return ScenarioParser.parse(name + ".scn", text(name)).problems().get(0);
        } catch (InputException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }
}
