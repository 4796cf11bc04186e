package org.schedlab.runner.engine;

import java.util.List;
import org.schedlab.core.Change;
import org.schedlab.runner.spi.ChangeView;
import org.schedlab.runner.spi.PolicyContext;
import org.schedlab.runner.spi.VcpuStatus;

/**
 * A problem's changes while it runs, applied at their instants (a window edge, after the edge's own work), serially:
 * the engine's side of {@code AT} blocks. Every VMDBK of the run exists from the start ({@link Timeline}); a change
 * only makes VMDBKs absent or present, moves burner demands and CPU pool caps, and tells the policy
 * ({@code PolicyInstance.changed}). In order:
 * <ol>
 *   <li>departures: a VMDBK whose user logged off or that was stopped leaves its CPU (charged) or its queue, loses
 *   its burner's boundary and SIE return, and is {@link VcpuStatus#ABSENT};</li>
 *   <li>the numbers: burner demands, CPU pool caps (slots under {@code GLOBAL_ORDER});</li>
 *   <li>the policy learns of the change, with the run as it stands now;</li>
 *   <li>arrivals: a VMDBK whose user logged on or that was started starts its burner as at the run's start (a
 *   {@code *} one is ready now, a finite one waits for its first period boundary at a random phase); a present
 *   VMDBK whose demand changed runs at the new rate from now on;</li>
 *   <li>the limit list, repricing and slots, as at an edge ({@link WindowEdge#afterChange}).</li>
 * </ol>
 * Nothing here runs for a static problem, and nothing on the dispatch path looks at it: an absent VMDBK is simply in
 * no queue and no heap.
 */
final class ChangeEdge {

    private final Layout l;
    private final State s;
    private final Burners burners;
    private final UnitDispatch units;
    private final RunSlots slots;
    private final WindowEdge edge;
    /** The phase running now, and the context the policy last got. */
    private Timeline.Snapshot now;
    private PolicyContext context;

    ChangeEdge(Layout l, State s, Burners burners, UnitDispatch units, RunSlots slots, WindowEdge edge) {
        this.l = l;
        this.s = s;
        this.burners = burners;
        this.units = units;
        this.slots = slots;
        this.edge = edge;
        this.now = l.timeline.dynamic() ? l.timeline.snapshot(0) : null;
        this.context = l.context;
    }

    /** Whether VMDBK {@code v} is present at the start (always, in a static problem). */
    boolean presentAtStart(int v) {
        return now == null || now.present()[v];
    }

    /** Applies the problem's {@code k}-th {@code AT} block at {@code t}, its instant. */
    void apply(int k, long t) {
        Timeline.Snapshot next = l.timeline.snapshot(k + 1);
        boolean[] was = now.present();
        boolean[] is = next.present();
        double[] oldDemand = l.vDemandPct.clone();
        for (int v = 0; v < l.n; v++) {
            if (was[v] && !is[v]) {
                units.idleNow(v, t);
                burners.forget(v, s.vHome[v]);
                s.vStatus[v] = VcpuStatus.ABSENT;
                s.vSliceUsed[v] = 0;
            }
        }
        for (int v = 0; v < l.n; v++) {
            l.vDemandPct[v] = next.demandPct(v, l.vDemandPct[v]);
        }
        PolicyContext ctx = l.contextOf(next, context.dispatchPools(), context.cpuPools(), context.constants(),
                context.seed(), context.buckets(), context.vcpus());
        for (PolicyContext.CpuPoolCap g : ctx.cpuPools()) {
            if (g.cap() != context.cpuPools().get(g.index()).cap()) {
                slots.setCap(g.index(), g.cap());
            }
        }
        Timeline.Snapshot before = now;
        now = next;
        context = ctx;
        s.policy.changed(new View(t, next.changes(), ctx, before, next));
        for (int v = 0; v < l.n; v++) {
            if (!was[v] && is[v]) {
                arrive(v, t);
            } else if (is[v] && !same(oldDemand[v], l.vDemandPct[v])) {
                redemand(v, oldDemand[v], t);
            }
        }
        edge.afterChange(t);
    }

    private static boolean same(double a, double b) {
        return Double.compare(a, b) == 0;
    }

    /** A VMDBK arrives: its burner starts as at the start of a run. */
    private void arrive(int v, long t) {
        s.touch(v);
        s.vSliceUsed[v] = 0;
        if (burners.unbounded(v)) {
            s.vStatus[v] = VcpuStatus.WAITING;
            s.vWaitSince[v] = t;
            units.wakeNow(v, t);
        } else if (burners.idle(v)) {
            s.vStatus[v] = VcpuStatus.WAITING;
            s.vWaitSince[v] = t;
        } else {
            burners.startWaiting(v, s.vHome[v], t);
        }
    }

    /** A present VMDBK's burner now wants {@code l.vDemandPct[v]} (NaN: {@code *}) instead of {@code old}. */
    private void redemand(int v, double old, long t) {
        int home = s.vHome[v];
        units.settleRunning(v, t);
        if (burners.idle(v)) {
            units.idleNow(v, t);
            burners.forget(v, home);
            return;
        }
        if (burners.unbounded(v)) {
            if (burners.inPeriod(v, home)) {
                s.boundaries[home].remove(v);
            }
        } else if (Double.isNaN(old) || !burners.inPeriod(v, home)) {
            burners.startPeriodNow(v, home, t);
        } else {
            burners.redemand(v, home, old, t);
        }
        units.retime(v);
        boolean due = burners.unbounded(v) || s.vRemaining[v] > 0;
        if (due && s.vStatus[v] == VcpuStatus.WAITING && !s.vInSieWait[v]) {
            units.wakeNow(v, t);
        } else if (!due && (s.vStatus[v] == VcpuStatus.READY || s.vStatus[v] == VcpuStatus.LIMITED)) {
            // Its period's work is already done at the new rate: it waits for its next boundary.
            units.idleNow(v, t);
        }
    }

    /** What the policy sees of one change. */
    private record View(long nowMicros, List<Change> changes, PolicyContext context, Timeline.Snapshot before,
                        Timeline.Snapshot after) implements ChangeView {

        @Override
        public boolean arrived(int vcpu) {
            return !before.present()[vcpu] && after.present()[vcpu];
        }

        @Override
        public boolean departed(int vcpu) {
            return before.present()[vcpu] && !after.present()[vcpu];
        }

        @Override
        public boolean loggedOn(int vcpu) {
            return before.placed()[vcpu] == null && after.placed()[vcpu] != null;
        }
    }
}
