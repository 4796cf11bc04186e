package org.schedlab.solver;

import java.util.Arrays;

/**
 * Weighted progressive filling with group caps, solved exactly by walking the breakpoints of the
 * filling level λ (docs/solver.md, "Allocation: progressive filling").
 *
 * <p>Every moving virtual CPU {@code v} sits at {@code x_v = clamp(w_v × λ, floor_v, cap_v)}: it
 * waits at its floor until {@code λ = floor_v / w_v}, rises until {@code λ = cap_v / w_v}, and
 * stops there. A group (bucket, CPU pool, dispatch pool) whose members' sum reaches its cap
 * saturates: its virtual CPUs that are still waiting or rising stop where they are. The same
 * routine serves both phases: the share-based filling starts every virtual CPU at 0, LIMITSOFT
 * scavenging starts the scavengers at what the first phase gave them and keeps everyone else fixed.
 *
 * <p>Between breakpoints each group's sum is {@code constant + slope × λ}, where the constant holds
 * the members that are not rising and the slope is the sum of the rising members' weights. So a
 * group's saturation level is one division, and it changes only when one of its members starts,
 * stops or freezes. Events go into a priority queue with lazy invalidation. A group keeps one live
 * event, never later than its saturation level: when a member stops rising, the level moves later
 * and the event stays where it is, to be re-checked and put back when it comes up; when a member
 * starts rising (scavenging only), the level moves earlier, the group's version is bumped and a new
 * event pushed, and the old one is dropped when popped. A virtual CPU causes at most two events of
 * its own and touches each of its groups O(1) times per event, a group is put back at most once per
 * such touch, and a saturating group visits its members once, so a fill is
 * O((n + memberships) log n).
 */
final class ProgressiveFilling {

    private static final int REACH_CAP = 0;
    private static final int START_RISING = 1;
    private static final int SATURATE = 2;

    private static final byte FIXED = 0;
    private static final byte WAITING = 1;
    private static final byte RISING = 2;
    private static final byte SETTLED = 3;

    private static final int DIRTY = 1;
    private static final int SATURATED = 2;

    private final double[] weight;
    private final double[] cap;
    private final int groupCount;
    /** Members of group g: {@code members[memberStart[g] .. memberStart[g + 1])}. */
    private final int[] memberStart;
    private final int[] members;
    /** Groups of virtual CPU v: {@code groupsOf[groupStart[v] .. groupStart[v + 1])}. */
    private final int[] groupStart;
    private final int[] groupsOf;
    /**
     * The last fill's event queue and working arrays, reused by the next (a solve fills twice, and fair re-solves a
     * prepared problem every few milliseconds, which would otherwise allocate them anew each time): one filling,
     * one thread.
     */
    private EventQueue spare;
    private int[] spareStopping;
    private byte[] spareState;
    private double[] spareSums;
    private int[] spareCounts;
    private int[] spareDirty;

    private ProgressiveFilling(double[] weight, double[] cap, int groupCount, int[] memberStart, int[] members,
                               int[] groupStart, int[] groupsOf) {
        this.weight = weight;
        this.cap = cap;
        this.groupCount = groupCount;
        this.memberStart = memberStart;
        this.members = members;
        this.groupStart = groupStart;
        this.groupsOf = groupsOf;
    }

    int vcpus() {
        return weight.length;
    }

    int groups() {
        return groupCount;
    }

    /** Sets virtual CPU {@code v}'s cap for the fills that follow (a problem solved again for other demands). */
    void setCap(int v, double cap) {
        if (!(cap >= 0) || Double.isInfinite(cap)) {
            throw new IllegalArgumentException("a cap must be finite and non-negative");
        }
        this.cap[v] = cap;
    }

    /**
     * Fills from {@code floor}.
     *
     * @param floor    where each virtual CPU starts (null: all at 0); the answer is never below it
     * @param moving   which virtual CPUs may rise (null: all); the others stay at their floor
     * @param groupCap per group, the most its members may sum to ({@code +∞}: no cap); entries past
     *                 {@link #groups()} are ignored, so a caller may pass an array sized before the groups were
     *                 known. Copied, not kept.
     * @return each virtual CPU's allocation
     */
    double[] fill(double[] floor, boolean[] moving, double[] groupCap) {
        if ((floor != null && floor.length != vcpus()) || (moving != null && moving.length != vcpus())
                || groupCap.length < groupCount) {
            throw new IllegalArgumentException("arrays do not match the filling's size");
        }
        Run run = new Run(floor, moving, groupCap);
        double[] x = run.run();
        spare = run.queue;
        spareStopping = run.stopping;
        spareState = run.state;
        spareSums = run.sums;
        spareCounts = run.counts;
        spareDirty = run.dirtyList;
        return x;
    }

    /** Collects virtual CPUs, groups and memberships, then lays them out as compact arrays. */
    static final class Builder {
        private double[] weight;
        private double[] cap;
        private int vcpus;
        private int groups;
        private int[] joinVcpu;
        private int[] joinGroup;
        private int joins;
        private boolean joinsInVcpuOrder = true;

        Builder() {
            this(16, 16);
        }

        /** Sized for about {@code vcpus} virtual CPUs in {@code joins} memberships; grows if needed. */
        Builder(int vcpus, int joins) {
            weight = new double[Math.max(1, vcpus)];
            cap = new double[weight.length];
            joinVcpu = new int[Math.max(1, joins)];
            joinGroup = new int[joinVcpu.length];
        }

        /** A virtual CPU rising at {@code weight} per unit of filling level, up to {@code cap}. */
        int addVcpu(double weight, double cap) {
            if (!(weight >= 0) || !(cap >= 0) || Double.isInfinite(weight) || Double.isInfinite(cap)) {
                throw new IllegalArgumentException("weight and cap must be finite and non-negative");
            }
            if (vcpus == this.weight.length) {
                this.weight = Arrays.copyOf(this.weight, vcpus * 2);
                this.cap = Arrays.copyOf(this.cap, vcpus * 2);
            }
            this.weight[vcpus] = weight;
            this.cap[vcpus] = cap;
            return vcpus++;
        }

        int addGroup() {
            return groups++;
        }

        void join(int vcpu, int group) {
            if (vcpu < 0 || vcpu >= vcpus || group < 0 || group >= groups) {
                throw new IllegalArgumentException("no such virtual CPU or group");
            }
            if (joins == joinVcpu.length) {
                joinVcpu = Arrays.copyOf(joinVcpu, joins * 2);
                joinGroup = Arrays.copyOf(joinGroup, joins * 2);
            }
            joinsInVcpuOrder &= joins == 0 || joinVcpu[joins - 1] <= vcpu;
            joinVcpu[joins] = vcpu;
            joinGroup[joins] = group;
            joins++;
        }

        ProgressiveFilling build() {
            int[] memberStart = new int[groups + 1];
            int[] groupStart = new int[vcpus + 1];
            for (int j = 0; j < joins; j++) {
                memberStart[joinGroup[j] + 1]++;
                groupStart[joinVcpu[j] + 1]++;
            }
            for (int g = 0; g < groups; g++) {
                memberStart[g + 1] += memberStart[g];
            }
            for (int v = 0; v < vcpus; v++) {
                groupStart[v + 1] += groupStart[v];
            }
            int[] members = new int[joins];
            int[] nextMember = Arrays.copyOf(memberStart, groups);
            for (int j = 0; j < joins; j++) {
                members[nextMember[joinGroup[j]]++] = joinVcpu[j];
            }
            int[] groupsOf;
            if (joinsInVcpuOrder && joinGroup.length == joins) {
                // Joined one virtual CPU after another (as the solver does): the groups are in place already.
                groupsOf = joinGroup;
            } else {
                groupsOf = new int[joins];
                int[] nextGroup = Arrays.copyOf(groupStart, vcpus);
                for (int j = 0; j < joins; j++) {
                    groupsOf[nextGroup[joinVcpu[j]]++] = joinGroup[j];
                }
            }
            // Sized exactly by the caller, the arrays are handed over as they are.
            return new ProgressiveFilling(weight.length == vcpus ? weight : Arrays.copyOf(weight, vcpus),
                    cap.length == vcpus ? cap : Arrays.copyOf(cap, vcpus), groups,
                    memberStart, members, groupStart, groupsOf);
        }
    }

    /** One fill: the mutable state of a walk over the filling level. */
    private final class Run {
        private final double[] floor;
        private final double[] x;
        private final byte[] state;
        /**
         * Group g's sums, side by side because each event reads or writes all of a group's state at once and
         * groups come up in no useful order: {@code sums[4g]} its constant, {@code sums[4g + 1]} its slope,
         * {@code sums[4g + 2]} the level of its live event if it has one (at or before its saturation level,
         * else NaN), {@code sums[4g + 3]} its cap. One cache line instead of one per array.
         */
        private final double[] sums;
        /** Group g's counts: {@code counts[3g]} its rising members, {@code counts[3g + 1]} its version,
         * {@code counts[3g + 2]} its {@link #DIRTY} and {@link #SATURATED} flags. */
        private final int[] counts;
        private final int[] dirtyList;
        private int dirtyCount;
        /** Virtual CPUs still waiting or rising: once none is, the events left are all stale. */
        private int unsettled;
        private final int[] stopping;
        private final EventQueue queue;
        private double level;

        Run(double[] floor, boolean[] moving, double[] groupCap) {
            int n = vcpus();
            this.floor = floor;
            x = floor == null ? new double[n] : floor.clone();
            // Every entry is set below (each virtual CPU's state, each group's four sums and three counts), so
            // arrays left by the last fill need no clearing; the dirty list is read only below its count.
            state = spareState != null ? spareState : new byte[n];
            sums = spareSums != null ? spareSums : new double[4 * groupCount];
            counts = spareCounts != null ? spareCounts : new int[3 * groupCount];
            dirtyList = spareDirty != null ? spareDirty : new int[groupCount];
            spareState = null;
            spareSums = null;
            spareCounts = null;
            spareDirty = null;
            for (int g = 0; g < groupCount; g++) {
                sums[4 * g] = 0;
                sums[4 * g + 1] = 0;
                sums[4 * g + 2] = Double.NaN;
                sums[4 * g + 3] = groupCap[g];
                counts[3 * g] = 0;
                counts[3 * g + 1] = 0;
                counts[3 * g + 2] = 0;
            }
            stopping = spareStopping != null ? spareStopping : new int[n];
            spareStopping = null;
            if (spare != null) {
                queue = spare;
                spare = null;
                queue.clear();
            } else {
                // Each moving virtual CPU has one event of its own at a time and each group one live event;
                // stale group events are rare, and the queue grows if they are not.
                queue = new EventQueue(n + 2 * groupCount + 16);
            }
            for (int v = 0; v < n; v++) {
                if (!(floorOf(v) >= 0)) {
                    throw new IllegalArgumentException("a floor must be non-negative");
                }
                if ((moving != null && !moving[v]) || weight[v] == 0 || cap[v] <= floorOf(v)) {
                    state[v] = FIXED;
                } else if (floorOf(v) > 0) {
                    state[v] = WAITING;
                    unsettled++;
                    queue.push(floorOf(v) / weight[v], EventQueue.item(START_RISING, v, 0));
                } else {
                    state[v] = RISING;
                    unsettled++;
                    queue.push(cap[v] / weight[v], EventQueue.item(REACH_CAP, v, 0));
                }
                for (int k = groupStart[v]; k < groupStart[v + 1]; k++) {
                    int g = groupsOf[k];
                    if (state[v] == RISING) {
                        sums[4 * g + 1] += weight[v];
                        counts[3 * g]++;
                    } else {
                        sums[4 * g] += x[v];
                    }
                }
            }
            for (int g = 0; g < groupCount; g++) {
                schedule(g);
            }
        }

        double[] run() {
            while (unsettled > 0 && !queue.isEmpty()) {
                long item = queue.pop();
                level = Math.max(level, queue.lastLevel());
                int i = EventQueue.index(item);
                switch (EventQueue.kind(item)) {
                    case REACH_CAP -> {
                        if (state[i] == RISING) {
                            reachCap(i);
                        }
                    }
                    case START_RISING -> {
                        if (state[i] == WAITING) {
                            startRising(i);
                        }
                    }
                    default -> {
                        if ((counts[3 * i + 2] & SATURATED) == 0 && EventQueue.version(item) == counts[3 * i + 1]) {
                            reachLevel(i);
                        }
                    }
                }
                for (int d = 0; d < dirtyCount; d++) {
                    counts[3 * dirtyList[d] + 2] &= ~DIRTY;
                    schedule(dirtyList[d]);
                }
                dirtyCount = 0;
            }
            return x;
        }

        private void startRising(int v) {
            state[v] = RISING;
            for (int k = groupStart[v]; k < groupStart[v + 1]; k++) {
                int g = groupsOf[k];
                sums[4 * g] -= x[v];
                sums[4 * g + 1] += weight[v];
                counts[3 * g]++;
                touch(g);
            }
            queue.push(cap[v] / weight[v], EventQueue.item(REACH_CAP, v, 0));
        }

        private void reachCap(int v) {
            state[v] = SETTLED;
            unsettled--;
            x[v] = cap[v];
            stopRising(v, -1);
        }

        /** Moves a virtual CPU that was rising, now settled at x[v], from its groups' slopes to their constants. */
        private void stopRising(int v, int except) {
            for (int k = groupStart[v]; k < groupStart[v + 1]; k++) {
                int g = groupsOf[k];
                if (g == except) {
                    continue;
                }
                sums[4 * g] += x[v];
                // Reset rather than subtract the last weight, so an emptied slope is exactly 0.
                sums[4 * g + 1] = --counts[3 * g] == 0 ? 0 : sums[4 * g + 1] - weight[v];
                touch(g);
            }
        }

        /**
         * Group g has reached its cap: its waiting and rising virtual CPUs stop. The level at which
         * it is full is recomputed here from the members themselves, not taken from the event: the
         * running constant and slope have absorbed many updates, and with weights spanning orders of
         * magnitude their rounding would show as unequal x/w among the members stopping now. The
         * last rounding residue goes to the heaviest of them, where it disturbs x/w least, so a
         * saturated group sums to its cap to the last bits.
         */
        private void saturate(int g) {
            counts[3 * g + 2] |= SATURATED;
            double settled = 0;
            double rate = 0;
            for (int k = memberStart[g]; k < memberStart[g + 1]; k++) {
                int v = members[k];
                if (state[v] == RISING) {
                    rate += weight[v];
                } else {
                    settled += x[v];
                }
            }
            double full = (sums[4 * g + 3] - settled) / rate;
            int count = 0;
            int heaviest = -1;
            double total = 0;
            for (int k = memberStart[g]; k < memberStart[g + 1]; k++) {
                int v = members[k];
                if (state[v] == RISING) {
                    x[v] = Math.min(cap[v], Math.max(floorOf(v), weight[v] * full));
                    state[v] = SETTLED;
                    unsettled--;
                    stopping[count++] = v;
                    if (heaviest < 0 || weight[v] > weight[heaviest]) {
                        heaviest = v;
                    }
                } else if (state[v] == WAITING) {
                    // It never started rising: it keeps its floor, which its groups already count.
                    state[v] = SETTLED;
                    unsettled--;
                }
                total += x[v];
            }
            double residue = sums[4 * g + 3] - total;
            if (heaviest >= 0) {
                residue -= shift(heaviest, residue);
            }
            for (int s = 0; s < count && residue != 0; s++) {
                residue -= shift(stopping[s], residue);
            }
            // Once nothing is waiting or rising the fill is over and the groups' sums are never read again:
            // the saturation of a dispatch pool that stops every virtual CPU left need not update them.
            if (unsettled > 0) {
                for (int s = 0; s < count; s++) {
                    stopRising(stopping[s], g);
                }
            }
        }

        /** Moves x[v] by as much of {@code amount} as its floor and cap allow; returns the move. */
        private double shift(int v, double amount) {
            double step = amount > 0 ? Math.min(amount, cap[v] - x[v]) : Math.max(amount, floorOf(v) - x[v]);
            x[v] += step;
            return step;
        }

        private double floorOf(int v) {
            return floor == null ? 0 : floor[v];
        }

        private void touch(int g) {
            if ((counts[3 * g + 2] & (DIRTY | SATURATED)) == 0) {
                counts[3 * g + 2] |= DIRTY;
                dirtyList[dirtyCount++] = g;
            }
        }

        /**
         * Group g's live event has come up. It may be early: the group's saturation level moves later
         * whenever a member stops rising, and {@link #schedule} does not chase it then. So the level
         * is computed afresh and the event put back if the group is not full yet.
         */
        private void reachLevel(int g) {
            sums[4 * g + 2] = Double.NaN;
            double at = saturationLevel(g);
            if (at > level) {
                push(g, at);
            } else if (at == level) {
                saturate(g);
            }
            // NaN: no member is rising any more; a member that starts rising will schedule it again.
        }

        /**
         * Makes sure group g has a live event no later than its saturation level. Lazy in both
         * directions: a later level keeps the earlier event, which {@link #reachLevel} re-checks when
         * it comes up; an earlier level (a member started rising) gets a new event and bumps the
         * group's version, so the old one is dropped when popped. Without this, every change to a
         * large group (a dispatch pool changes with each of its members' events) would leave a stale
         * event in the queue, and popping those dominated the solve.
         */
        private void schedule(int g) {
            double at = saturationLevel(g);
            if (at == at && !(sums[4 * g + 2] <= at)) {
                counts[3 * g + 1]++;
                push(g, at);
            }
        }

        private void push(int g, double at) {
            sums[4 * g + 2] = at;
            queue.push(at, EventQueue.item(SATURATE, g, counts[3 * g + 1]));
        }

        /** Where group g's sum reaches its cap if nothing changes first; NaN if it cannot. */
        private double saturationLevel(int g) {
            double groupCap = sums[4 * g + 3];
            if ((counts[3 * g + 2] & SATURATED) != 0 || counts[3 * g] == 0 || groupCap == Double.POSITIVE_INFINITY) {
                return Double.NaN;
            }
            return Math.max(level, (groupCap - sums[4 * g]) / sums[4 * g + 1]);
        }
    }
}
