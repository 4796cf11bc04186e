package org.schedlab.runner;

import java.util.Arrays;
import java.util.Map;
import org.schedlab.core.Problem;

/** Prints the seed table (not a test): java -cp ... org.schedlab.runner.SeedTableProbe [seconds] [policies...] */
final class SeedTableProbe {

    static final Map<String, double[]> CORRECT = Map.of(
            "J1", new double[] {50, 50, 50, 50},
            "J2", new double[] {25, 50, 25, 100},
            "J3", new double[] {24.5, 49, 24.5, 98, 2, 2},
            "MZ0", new double[] {0, 2, 5, 0, 4, 3, 8, 0, 89 / 6.0, 89 / 6.0, 0, 178 / 6.0, 178 / 6.0, 0, 44.5, 44.5},
            "AL1", new double[] {0, 10, 0, 20, 0, 100, 0, 50},
            "SL3", new double[] {0, 2, 0, 88, 0, 10},
            "MR2", new double[] {0, 100, 0, 40});

    public static void main(String[] args) throws Exception {
        int secs = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        String[] pols = args.length > 1 ? Arrays.copyOfRange(args, 1, args.length) : new String[] {"fair", "zvm64", "zvm63"};
        for (String pol : pols) {
            for (String sc : new String[] {"J1", "J2", "J3", "MZ0", "SL3", "MR2", "AL1"}) {
                Problem p = Runs.file(sc);
                long t0 = System.nanoTime();
                RunConfig cfg = RunConfig.defaults().withDurationMicros(secs * 1_000_000L).withThreads(1);
                Runs.Result r = Runs.run(p, pol, cfg);
                double[] e = r.error(CORRECT.get(sc), cfg.warmupMicros());
                double[] m = r.meanBusy(cfg.warmupMicros());
                System.out.printf("%-40s %-4s mean %7.2f max %7.2f %s ddelay %.0f us wall %d ms  %s%n", pol, sc, e[0], e[1],
                        e[1] <= 5 ? "PASS" : "FAIL", r.summary().meanDispatchDelayUs(), (System.nanoTime() - t0) / 1_000_000,
                        fmt(m));
            }
        }
    }

    static String fmt(double[] m) {
        StringBuilder b = new StringBuilder();
        for (double x : m) {
            b.append(String.format("%.1f ", x));
        }
        return b.toString().trim();
    }
}
