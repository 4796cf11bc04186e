package org.schedlab.linux.testing;

import org.schedlab.core.InputException;
import org.schedlab.core.Problem;
import org.schedlab.grammar.ScenarioParser;

/** Problems from scenario text, for tests. */
public final class Scenarios {

    private Scenarios() {
    }

    /** The first problem of {@code text}, parsed as file {@code t.scn}. */
    public static Problem problem(String text) {
        try {
            return ScenarioParser.parse("t.scn", text).problems().get(0);
        } catch (InputException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }
}
