package org.schedlab.report.chart;

import java.util.List;
import java.util.Objects;

/**
 * What a utilization chart draws, whatever produced it (a run of the cell, a run's series file, or
 * measurements made elsewhere): per point a time span, and per running virtual CPU its busy percent in
 * each point and its correct value. Points may stand for several measurement intervals averaged
 * ({@link SeriesRecorder} bounds them), so they need not be of equal length.
 *
 * @param ids     {@code USER.ADDR} per running virtual CPU, in {@code Solution.running()} order
 * @param users   the user of each virtual CPU, same order (what the layout groups by)
 * @param correct the solver's correct value per virtual CPU
 * @param startS  start of each point, seconds
 * @param endS    end of each point, seconds
 * @param busy    {@code busy[v][p]}: virtual CPU v's busy percent in point p
 * @param phases  for a problem that changes while it runs, its phases in order of time, each with its start and its
 *                answer per virtual CPU (the correct value is then a step function; {@code correct} holds each
 *                virtual CPU's largest answer); empty for a static problem
 */
public record SeriesData(String problem, List<String> ids, List<String> users, double[] correct, double[] startS,
                         double[] endS, double[][] busy, List<Step> phases) {

    /** A phase of the answer: from {@code startS} on, each virtual CPU's correct value. */
    public record Step(double startS, double[] correct) {
        public Step {
            correct = correct.clone();
        }

        @Override
        public double[] correct() {
            return correct.clone();
        }

        /** Virtual CPU {@code v}'s correct value in this phase, without copying. */
        public double correct(int v) {
            return correct[v];
        }
    }

    /** A static problem's series: one correct value per virtual CPU for the whole run. */
    public SeriesData(String problem, List<String> ids, List<String> users, double[] correct, double[] startS,
                      double[] endS, double[][] busy) {
        this(problem, ids, users, correct, startS, endS, busy, List.of());
    }

    public SeriesData {
        phases = List.copyOf(phases);
        for (Step step : phases) {
            if (step.correct.length != ids.size()) {
                throw new IllegalArgumentException("a phase needs one correct value per virtual CPU");
            }
        }
        Objects.requireNonNull(problem, "problem");
        ids = List.copyOf(ids);
        users = List.copyOf(users);
        correct = correct.clone();
        startS = startS.clone();
        endS = endS.clone();
        busy = deepCopy(busy);
        if (users.size() != ids.size() || correct.length != ids.size() || busy.length != ids.size()) {
            throw new IllegalArgumentException("ids, users, correct and busy must have one entry per virtual CPU: "
                    + ids.size() + ", " + users.size() + ", " + correct.length + ", " + busy.length);
        }
        if (endS.length != startS.length) {
            throw new IllegalArgumentException(startS.length + " starts but " + endS.length + " ends");
        }
        for (int p = 0; p < startS.length; p++) {
            if (!(endS[p] > startS[p]) || (p > 0 && startS[p] < endS[p - 1])) {
                throw new IllegalArgumentException("point " + p + " spans " + startS[p] + ".." + endS[p]
                        + " s: points must be in order, each with start < end, not overlapping");
            }
        }
        for (double[] line : busy) {
            if (line.length != startS.length) {
                throw new IllegalArgumentException("every virtual CPU needs one busy value per point");
            }
        }
    }

    public int vcpus() {
        return ids.size();
    }

    public int points() {
        return startS.length;
    }

    /** Busy percent of virtual CPU {@code v} in point {@code p}, without copying. */
    public double busy(int v, int p) {
        return busy[v][p];
    }

    public double correct(int v) {
        return correct[v];
    }

    /** Middle of point {@code p}: where a line chart places its value. */
    public double midS(int p) {
        return (startS[p] + endS[p]) / 2;
    }

    /** Largest busy or correct value: what the value axis must show. */
    public double maxValue() {
        double max = 0;
        for (int v = 0; v < busy.length; v++) {
            max = Math.max(max, correct[v]);
            for (double b : busy[v]) {
                max = Math.max(max, b);
            }
        }
        return max;
    }

    @Override
    public double[] correct() {
        return correct.clone();
    }

    @Override
    public double[] startS() {
        return startS.clone();
    }

    @Override
    public double[] endS() {
        return endS.clone();
    }

    @Override
    public double[][] busy() {
        return deepCopy(busy);
    }

    private static double[][] deepCopy(double[][] a) {
        double[][] c = new double[a.length][];
        for (int i = 0; i < a.length; i++) {
            c[i] = a[i].clone();
        }
        return c;
    }
}
