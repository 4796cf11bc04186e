package org.schedlab.runner.spi;

/**
 * How the dispatcher pairs ready VMDBKs with logical CPUs, chosen by the policy ({@link SchedulerPolicy#dispatchMode()})
 * and fixed for a run.
 */
public enum DispatchMode {
    /**
     * z/VM's own mechanics: one dispatch vector per core, work distribution (RESHUFFLE or REBALANCE), steals at
     * window edges behind the topology's steal barriers, preemption only on single-threaded cores, and a CPU pool
     * put on the limit list as a whole. Its imperfections are part of what the z/VM policies model.
     */
    DISPATCH_VECTORS,
    /**
     * One ready queue per dispatch pool, shared by all its logical CPUs: a logical CPU that frees up takes the
     * most urgent ready VMDBK of its pool, so the most urgent VMDBKs meet the CPUs that free first. A newly ready
     * VMDBK more urgent than the pool's least urgent running one preempts it, SMT-2 included. A CPU pool runs at
     * most as many members at once as its cap has whole CPUs (rounded up), chosen in urgency order.
     */
    GLOBAL_ORDER
}
