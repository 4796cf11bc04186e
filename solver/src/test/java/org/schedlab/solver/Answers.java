package org.schedlab.solver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.schedlab.core.EngineType;

/** Reads a solution the way the worked answers are written: per virtual CPU, per dispatch pool. */
final class Answers {

    static final double EXACT = 1e-9;

    private Answers() {
    }

    /** The correct value of {@code USER.ADDR}. */
    static double correct(Solution solution, String id) {
        int dot = id.lastIndexOf('.');
        return solution.find(id.substring(0, dot), id.substring(dot + 1))
                .orElseThrow(() -> new AssertionError("no virtual CPU " + id))
                .correct();
    }

    /** The running virtual CPUs dispatched in {@code pool}, in file order. */
    static double[] inPool(Solution solution, EngineType pool) {
        return solution.running().stream().filter(v -> v.pool() == pool).mapToDouble(VcpuAnswer::correct).toArray();
    }

    static void assertPool(Solution solution, EngineType pool, double... expected) {
        assertArrayEquals(expected, inPool(solution, pool), EXACT, () -> pool + " pool of " + solution.problem().name());
    }

    static void assertCorrect(Solution solution, String id, double expected) {
        assertEquals(expected, correct(solution, id), EXACT, id);
    }

    static Bucket bucket(Solution solution, String user, EngineType virtualType) {
        return solution.buckets().stream()
                .filter(b -> b.user().name().equals(user) && b.virtualType() == virtualType)
                .findFirst()
                .orElseThrow(() -> new AssertionError("no bucket " + user + "/" + virtualType));
    }
}
