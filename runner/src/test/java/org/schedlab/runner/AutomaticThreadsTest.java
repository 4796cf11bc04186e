package org.schedlab.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AutomaticThreadsTest {

    @Test
    void automaticThreads_fewProcessors_runsOneThread() {
        assertEquals(1, Runner.automaticThreads(64, 100_000, 2));
        assertEquals(1, Runner.automaticThreads(64, 100_000, 3));
    }

    @Test
    void automaticThreads_belowParallelMinimum_runsOneThreadOnAnyMachine() {
        // 1,000 virtual CPUs on 64 CPs ran at 0.33x to 0.63x with 2 threads: never split such a problem.
        assertEquals(1, Runner.automaticThreads(64, 1_000, 64));
        assertEquals(1, Runner.automaticThreads(256, Runner.PARALLEL_MIN_VCPUS - 1, 64));
    }

    @Test
    void automaticThreads_largeProblemManyProcessors_oneWorkerPer16Units() {
        assertEquals(4, Runner.automaticThreads(64, Runner.PARALLEL_MIN_VCPUS, 8));
        assertEquals(8, Runner.automaticThreads(256, 100_000, 8));
        assertEquals(1, Runner.automaticThreads(8, 100_000, 8));
    }

    @Test
    void automaticThreads_anyInput_betweenOneAndProcessors() {
        for (int units = 1; units <= 512; units *= 2) {
            for (int vcpus = 1; vcpus <= 1_000_000; vcpus *= 10) {
                for (int procs = 1; procs <= 64; procs *= 2) {
                    int t = Runner.automaticThreads(units, vcpus, procs);
                    assertTrue(t >= 1 && t <= Math.max(1, procs), units + " " + vcpus + " " + procs + " -> " + t);
                }
            }
        }
    }
}
