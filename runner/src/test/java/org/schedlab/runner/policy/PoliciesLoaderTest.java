package org.schedlab.runner.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.schedlab.runner.example.FifoPolicy;

/** {@code Policies.create(spec, loader)}: policies that are not shipped are found in the given loader only. */
class PoliciesLoaderTest {

    /** Sees only the JDK: the example policy and its service file are out of its reach. */
    private static final ClassLoader JDK_ONLY = ClassLoader.getPlatformClassLoader();
    private static final ClassLoader TESTS = PoliciesLoaderTest.class.getClassLoader();

    @Test
    void create_shippedName_needsNothingFromTheLoader() {
        assertEquals("fair", Policies.create("fair", JDK_ONLY).name());
    }

    @Test
    void create_serviceName_isFoundOnlyThroughTheGivenLoader() {
        assertEquals("fifo", Policies.create("fifo", TESTS).name());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Policies.create("fifo", JDK_ONLY));
        assertTrue(e.getMessage().contains("unknown policy 'fifo'"), e.getMessage());
    }

    @Test
    void create_className_isFoundOnlyThroughTheGivenLoader() {
        String name = FifoPolicy.class.getName();
        assertEquals("fifo", Policies.create(name, TESTS).name());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Policies.create(name, JDK_ONLY));
        assertTrue(e.getMessage().contains("no such class"), e.getMessage());
    }
}
