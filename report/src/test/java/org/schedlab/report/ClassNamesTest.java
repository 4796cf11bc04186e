package org.schedlab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** File paths as the dotted class names JUnit reports group by. */
class ClassNamesTest {

    @Test
    void of_relativePath_segmentsJoinedWithDotsWithoutExtension() {
        assertEquals("scenarios.infinite.INF01", ClassNames.of("scenarios/infinite/INF01.scn"));
        assertEquals("J1", ClassNames.of("J1.scn"));
    }

    @Test
    void of_dotAndParentSegmentsAndBackslashes_leftOut() {
        assertEquals("scenarios.J1", ClassNames.of("./scenarios/J1.scn"));
        assertEquals("lib.J1", ClassNames.of("../lib/J1.scn"));
        assertEquals("scenarios.limits.MIX", ClassNames.of("scenarios\\limits\\MIX.scn"));
    }

    @Test
    void of_dotInsideASegment_isNotAPackageBoundary() {
        assertEquals("v1_2.J1_old", ClassNames.of("v1.2/J1.old.scn"));
    }

    @Test
    void of_absolutePathUnderWorkingDirectory_relative() {
        Path abs = Path.of("scenarios", "J1.scn").toAbsolutePath();
        assertEquals("scenarios.J1", ClassNames.of(abs.toString()));
    }

    @Test
    void of_nothingLeft_placeholder() {
        assertEquals("scenario", ClassNames.of(".scn"));
    }
}
