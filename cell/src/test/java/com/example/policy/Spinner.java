package com.example.policy;

/** A user's code that never returns (outside schedlab's packages, as a user's policy is): it spins until stopped. */
public final class Spinner {

    private static volatile long spins;

    private Spinner() {
    }

    public static Object spin() {
        while (spins >= 0) {
            spins++;
        }
        return null;
    }
}
