package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PoliciesCommandTest {

    @Test
    void policies_listsEveryShippedPolicyWithOptionsAndDefaults() {
        Cli.Result r = Cli.run("policies");
        assertEquals(ExitCodes.OK, r.code(), r.err());
        String out = r.out();
        assertTrue(out.matches("(?s)fair\n  weights  share\\|fluid  default share  .*"), out);
        assertTrue(out.matches("(?s).*zvm64\n  relative-limit +on\\|off  default on  .*"), out);
        assertTrue(out.matches("(?s).*\n  updprio2 +on\\|off  default off  .*"), out);
        assertTrue(out.matches("(?s).*zvm63\n  since-logon-memory +on\\|off  default on  .*"), out);
        assertTrue(out.contains("limitsoft-leak"), out);
    }
}
