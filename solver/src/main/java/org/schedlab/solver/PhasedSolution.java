package org.schedlab.solver;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.schedlab.core.Problem;
import org.schedlab.core.User;
import org.schedlab.core.VcpuRef;

/**
 * The solver's answer for a problem phase by phase ({@link Problem#phases()}): one {@link PhaseSolution} per
 * phase, each the static answer for the problem as it stands then. A static problem has one phase, whose
 * solution is {@link Solver#solve} of the problem itself.
 *
 * <p>The answers of different phases have different virtual CPUs when users log on and off. Measured
 * against time, they are put on one set of dimensions, {@code dimensions}: every virtual CPU that runs in
 * some phase, in order of first appearance ({@link Problem#runningVcpus()}); a virtual CPU absent from a
 * phase or stopped in it has answer 0 there ({@link #correct(int)}). For a static problem the dimensions
 * are {@link Solution#running()}.
 *
 * @param dimensions {@code problem.runningVcpus()}, kept here so that it is computed once
 */
public record PhasedSolution(Problem problem, List<VcpuRef> dimensions, List<PhaseSolution> phases) {

    public PhasedSolution {
        Objects.requireNonNull(problem, "problem");
        dimensions = List.copyOf(dimensions);
        phases = List.copyOf(phases);
        if (phases.size() != problem.timeline().size() + 1) {
            throw new IllegalArgumentException("problem " + problem.name() + " has " + (problem.timeline().size() + 1)
                    + " phases, the solution " + phases.size());
        }
        for (int i = 0; i < phases.size(); i++) {
            if (phases.get(i).phase().index() != i) {
                throw new IllegalArgumentException("phase " + phases.get(i).phase().index() + " given as phase " + i);
            }
        }
        if (!dimensions.equals(problem.runningVcpus())) {
            throw new IllegalArgumentException("the dimensions of problem " + problem.name() + " are its running virtual CPUs");
        }
    }

    /** Whether the problem changes while it runs. */
    public boolean dynamic() {
        return phases.size() > 1;
    }

    /**
     * The correct consumption of each dimension in phase {@code phase}, in percent of one logical CPU: its
     * answer there, or 0 when its user is not logged on or it is stopped.
     */
    public double[] correct(int phase) {
        Solution s = phases.get(phase).solution();
        double[] out = new double[dimensions.size()];
        if (!dynamic()) {
            List<VcpuAnswer> running = s.running();
            for (int i = 0; i < out.length; i++) {
                out[i] = running.get(i).correct();
            }
            return out;
        }
        Map<Key, Integer> index = new HashMap<>(dimensions.size() * 2);
        for (int i = 0; i < dimensions.size(); i++) {
            index.put(new Key(dimensions.get(i).userKey(), dimensions.get(i).number()), i);
        }
        for (VcpuAnswer a : s.vcpus()) {
            if (!a.stopped()) {
                out[index.get(new Key(User.key(a.user()), a.placed().vcpu().number()))] = a.correct();
            }
        }
        return out;
    }

    /**
     * The phase running at {@code seconds} into the run: the last one starting at or before it. A change
     * takes effect at its instant, so at exactly a change's time the phase after it runs.
     */
    public int phaseAt(double seconds) {
        int k = 0;
        for (int i = 1; i < phases.size(); i++) {
            if (phases.get(i).phase().startS() <= seconds) {
                k = i;
            }
        }
        return k;
    }

    private record Key(String user, int address) {
    }
}
