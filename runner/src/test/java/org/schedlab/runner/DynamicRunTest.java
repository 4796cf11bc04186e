package org.schedlab.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.schedlab.core.Phase;
import org.schedlab.core.Problem;
import org.schedlab.core.VcpuRef;
import org.schedlab.runner.policy.Policies;
import org.schedlab.runner.result.IntervalSample;
import org.schedlab.runner.spi.ChangeView;
import org.schedlab.runner.spi.PolicyContext;
import org.schedlab.runner.spi.PolicyInstance;
import org.schedlab.runner.spi.SchedulerPolicy;
import org.schedlab.runner.spi.VcpuStatus;
import org.schedlab.runner.spi.WindowView;
import org.schedlab.solver.PhasedSolution;
import org.schedlab.solver.Solver;

/**
 * Problems that change while they run: changes take effect at their instants, each policy learns of them, and every
 * phase's measurements follow that phase's answer (docs/runner.md, "Changes while a problem runs").
 */
class DynamicRunTest {

    /** Every kind of change, both dispatch modes' features: a LIMITHARD user, a CPU pool, SMT-2 IFLs. */
    static final String EVERYTHING = """
            LPAR CP.2 IFL.2
            MULTITHREAD IFL.2
            CPUPOOL WEB IFL CAPACITY 2
            PROBLEM DYN
            USER A CP.100-R
              VCPU 0 CP *
              VCPU 1 CP 30
            USER B CP.100-R,40-AL
              VCPU 0 CP *
              VCPU 1 CP *
            USER W IFL.100-R POOL WEB
              VCPU 0 IFL *
              VCPU 1 IFL 60
            AT 3S
              SET SHARE A CP.300-R
              SET DEMAND A.1 *
              LOGON C CP.200-R IFL.100-R POOL WEB
                VCPU 0 CP 45
                VCPU 1 IFL *
            AT 6S
              STOP A.0
              SET CPUPOOL WEB CAPACITY 1
              SET DEMAND W.1 20
            AT 9S
              LOGOFF B
              START A.0
              SET DEMAND C.0 0
            AT 12S
              LOGOFF C
              LOGON B CP.50-R
                VCPU 0 CP *
            RUNIT DURATION 15S
            """;

    /** Per phase and dimension, the mean busy over the phase's intervals from {@code settleS} after its start. */
    private static double[][] phaseMeans(Problem p, List<IntervalSample> intervals, double settleS) {
        List<Phase> phases = p.phases();
        int n = p.runningVcpus().size();
        double[][] out = new double[phases.size()][n];
        for (int k = 0; k < phases.size(); k++) {
            double from = phases.get(k).startS() + settleS;
            double to = phases.get(k).endS().orElse(Double.MAX_VALUE);
            int count = 0;
            for (IntervalSample s : intervals) {
                if (s.startMicros() / 1e6 >= from && s.endMicros() / 1e6 <= to) {
                    count++;
                    for (int i = 0; i < n; i++) {
                        out[k][i] += s.vcpus().get(i).busyPct();
                    }
                }
            }
            for (int i = 0; i < n; i++) {
                out[k][i] /= count;
            }
        }
        return out;
    }

    private static RunConfig config(Problem p, long intervalMicros) {
        return RunConfig.forProblem(p).toBuilder().intervalMicros(intervalMicros).warmupMicros(0).threads(1).build();
    }

    @Test
    void fair_everyKindOfChange_eachPhaseMeetsItsAnswer() throws Exception {
        Problem p = Runs.one(EVERYTHING);
        PhasedSolution solution = Solver.solvePhases(p);
        Runs.Result r = Runs.run(p, "fair", config(p, 500_000));
        assertEquals(p.runningVcpus().size(), r.intervals().get(0).vcpus().size(), "one column per dimension");
        double[][] means = phaseMeans(p, r.intervals(), 1);
        List<VcpuRef> dims = p.runningVcpus();
        for (int k = 0; k < means.length; k++) {
            double[] correct = solution.correct(k);
            for (int i = 0; i < correct.length; i++) {
                assertEquals(correct[i], means[k][i], 2.5,
                        "phase " + k + ", " + dims.get(i) + ": correct " + correct[i] + ", mean " + means[k][i]);
            }
        }
    }

    @Test
    void absentVirtualCpus_consumeNothing_beforeLogonAfterLogoffAndWhileStopped() throws Exception {
        Problem p = Runs.one(EVERYTHING);
        List<VcpuRef> dims = p.runningVcpus();
        PhasedSolution solution = Solver.solvePhases(p);
        for (String policy : List.of("fair", "zvm63", "zvm64")) {
            Runs.Result r = Runs.run(p, policy, config(p, 250_000));
            for (IntervalSample s : r.intervals()) {
                // An interval within one phase: a virtual CPU not running in that phase ran nothing in it.
                int k = solution.phaseAt(s.startMicros() / 1e6);
                if (solution.phaseAt((s.endMicros() - 1) / 1e6) != k) {
                    continue;
                }
                double[] correct = solution.correct(k);
                for (int i = 0; i < dims.size(); i++) {
                    boolean running = isRunning(p.phases().get(k).problem(), dims.get(i));
                    if (!running) {
                        assertEquals(0, s.vcpus().get(i).busyPct(), 0, policy + ": " + dims.get(i) + " in phase " + k
                                + " at " + s.startMicros() / 1e6 + " s");
                        assertEquals(0, correct[i], 0);
                    }
                }
            }
        }
    }

    private static boolean isRunning(Problem phase, VcpuRef ref) {
        return phase.vcpus().stream().anyMatch(v -> ref.names(v.user(), v.vcpu()) && !v.vcpu().stopped());
    }

    /**
     * The SPI: the policy learns of each change at its instant, after that edge's window, with the run as it stands
     * (the phase's problem, the arrivals and departures), and a departed VMDBK is ABSENT at every later edge.
     */
    @Test
    void policy_learnsOfEachChange_atItsInstant_withTheRunAsItStands() throws Exception {
        Problem p = Runs.one(EVERYTHING);
        List<String> seen = new ArrayList<>();
        SchedulerPolicy recording = new SchedulerPolicy() {
            @Override
            public String name() {
                return "recording";
            }

            @Override
            public PolicyInstance start(PolicyContext context) {
                PolicyInstance fair = Policies.create("fair").start(context);
                long present = context.vcpus().stream().filter(PolicyContext.Vcpu::present).count();
                seen.add("start " + present + "/" + context.vcpus().size() + " " + context.problem().users().size());
                return new ForwardingPolicyInstance(fair) {
                    private final boolean[] absent = new boolean[context.vcpus().size()];
                    private long lastEdge;

                    {
                        context.vcpus().forEach(v -> absent[v.index()] = !v.present());
                    }

                    @Override
                    public void windowEnd(WindowView w) {
                        for (int v = 0; v < absent.length; v++) {
                            assertEquals(absent[v], w.status(v) == VcpuStatus.ABSENT, "VMDBK " + v + " at " + w.endMicros());
                        }
                        lastEdge = w.endMicros();
                        super.windowEnd(w);
                    }

                    @Override
                    public void changed(ChangeView c) {
                        assertEquals(lastEdge, c.nowMicros(), "after the window edge of the change's instant");
                        StringBuilder sb = new StringBuilder("at " + c.nowMicros() / 1000 + " ms:");
                        for (int v = 0; v < absent.length; v++) {
                            PolicyContext.Vcpu x = c.context().vcpus().get(v);
                            assertEquals(!x.present(), absent[v] && !c.arrived(v) || c.departed(v));
                            sb.append(c.arrived(v) ? " +" + x.placed().id() + (c.loggedOn(v) ? "(logon)" : "") : "");
                            sb.append(c.departed(v) ? " -" + x.placed().id() : "");
                            absent[v] = !x.present();
                        }
                        seen.add(sb + " " + c.changes().size() + " changes, users "
                                + c.context().problem().users().stream().map(u -> u.name()).toList());
                        super.changed(c);
                    }
                };
            }

            @Override
            public org.schedlab.runner.spi.DispatchMode dispatchMode() {
                return org.schedlab.runner.spi.DispatchMode.GLOBAL_ORDER;
            }
        };
        Runner.run(p, recording, config(p, 1_000_000), RunListener.NONE);
        // Nine VMDBKs: A.0, A.1, B.0, B.1, W.0, W.1, C.0, C.1 and the B.0 of B's second logon. C.0 at demand 0 is
        // still there.
        assertEquals(List.of(
                "start 6/9 3",
                "at 3000 ms: +C.0(logon) +C.1(logon) 3 changes, users [A, B, W, C]",
                "at 6000 ms: -A.0 3 changes, users [A, B, W, C]",
                "at 9000 ms: +A.0 -B.0 -B.1 3 changes, users [A, W, C]",
                "at 12000 ms: -C.0 -C.1 +B.0(logon) 2 changes, users [A, W, B]"), seen);
    }

    /**
     * Demand changes at their instant, mid-period: from finite to {@code *} and back, to 0 and from 0. A burner runs its
     * new rate from the change on, under both dispatch modes.
     */
    @Test
    void setDemand_midRun_burnerFollowsItsNewRate() throws Exception {
        Problem p = Runs.one("""
                LPAR CP.4
                PROBLEM DEM
                USER A
                  VCPU 0 CP 30
                  VCPU 1 CP *
                  VCPU 2 CP 0
                  VCPU 3 CP 70
                AT 2S
                  SET DEMAND A.0 *
                  SET DEMAND A.1 45
                  SET DEMAND A.2 25
                  SET DEMAND A.3 0
                AT 4S
                  SET DEMAND A.0 10
                  SET DEMAND A.1 0
                  SET DEMAND A.2 *
                  SET DEMAND A.3 55
                RUNIT DURATION 6S
                """);
        double[][] expected = {{30, 100, 0, 70}, {100, 45, 25, 0}, {10, 0, 100, 55}};
        for (String policy : List.of("fair", "zvm64")) {
            double[][] means = phaseMeans(p, Runs.run(p, policy, config(p, 250_000)).intervals(), 0.25);
            for (int k = 0; k < 3; k++) {
                for (int i = 0; i < 4; i++) {
                    assertEquals(expected[k][i], means[k][i], 1.5, policy + " phase " + k + " A." + i);
                }
            }
        }
    }

    /**
     * zvm63 remembers consumption since logon: with its clamp off (the memory alone), a guest idle for 30 s that starts
     * burning beside a busy one is owed its entitlement for every second since its logon and takes the CP until it has
     * caught up; with the memory off too (and the entitlements right) it shares at once. zvm64 forgets within its
     * window.
     */
    @Test
    void lateStarter_zvm63SinceLogonMemory_favouredForLong_zvm64AndFairShareAtOnce() throws Exception {
        Problem p = Runs.one("""
                LPAR CP.1
                PROBLEM LATE
                USER A
                  VCPU 0 CP *
                USER B
                  VCPU 0 CP 0
                AT 30S
                  SET DEMAND B.0 *
                RUNIT DURATION 60S
                """);
        double[] memory = phaseMeans(p, Runs.run(p, "zvm63:heuristics=off", config(p, 1_000_000)).intervals(), 1)[1];
        assertTrue(memory[1] > 95, "the late starter takes the CP: " + memory[1]);
        for (String policy : List.of("zvm63:heuristics=off,since-logon-memory=off,dispatch-list-entitlement=off", "zvm64",
                "fair")) {
            double[] m = phaseMeans(p, Runs.run(p, policy, config(p, 1_000_000)).intervals(), 1)[1];
            assertEquals(50, m[1], 3, policy + ": the late starter gets its half");
        }
    }
}
