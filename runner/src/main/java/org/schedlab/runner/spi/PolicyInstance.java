package org.schedlab.runner.spi;

/**
 * One run's policy state. Virtual CPUs and buckets are identified by their indexes in
 * {@link PolicyContext#vcpus()} and {@link PolicyContext#buckets()}.
 *
 * <p><b>Threading contract.</b> During a window of virtual time, {@link #urgency} and {@link #charged}
 * are called concurrently from the worker threads, each for the virtual CPUs of the cores it owns: they
 * may write only that virtual CPU's own state and read state shared across virtual CPUs only as it stood
 * at the last window edge. {@link #windowEnd} and {@link #onLimitList} run alone, at the window edge,
 * and may update shared state. Keeping to this is what makes results identical for any thread count.
 */
public interface PolicyInstance {

    /**
     * The dispatch priority of a virtual CPU entering a dispatch vector: lower runs sooner; ties go to the
     * lower index. Called when it becomes ready after a wait ({@link Reprice#WAKE}) and when its minor
     * time slice ends or it is preempted ({@link Reprice#SLICE_END}). On the dispatch hot path: keep it
     * cheap and allocation-free.
     */
    long urgency(int vcpu, Reprice why, long nowMicros);

    /**
     * The virtual CPU stopped running after {@code rawMicros} of raw (thread) time on a logical CPU. Under
     * {@code DispatchMode.GLOBAL_ORDER} a virtual CPU still running at a window edge is also charged there for what
     * it ran since, and priced afresh ({@link Reprice#EDGE}).
     */
    void charged(int vcpu, long rawMicros, long nowMicros);

    /** A window of virtual time has ended: update shared bookkeeping. */
    void windowEnd(WindowView window);

    /** Whether the bucket is on the limit list (not dispatchable) for the next window. Asked after {@link #windowEnd}. */
    boolean onLimitList(int bucket, WindowView window);

    /**
     * Whether {@link #onLimitList} may ever answer true, or {@link #runningLimit} anything but no cap, for this
     * bucket. Asked once per bucket, after the policy starts; the dispatcher then asks those two every window only
     * about the buckets this allows, and takes the others as never listed and never capped. A policy whose limits
     * hold few buckets spares the dispatcher a walk over all of them every 250 us. Default: every bucket.
     */
    default boolean mayLimit(int bucket) {
        return true;
    }

    /**
     * Under {@code DispatchMode.GLOBAL_ORDER}: at most how many of the bucket's virtual CPUs may run at once during
     * the next window; the most urgent of them do, the others wait. Asked at the edge after {@link #onLimitList},
     * for buckets not on the limit list. It lets a limit hold a bucket to a fraction of its virtual CPUs instead of
     * all or none. Default: no cap.
     */
    default int runningLimit(int bucket, WindowView window) {
        return Integer.MAX_VALUE;
    }

    /**
     * Whether the bucket's dispatchable virtual CPUs must be priced afresh for the next window because their
     * standing changed at this edge (fair: a soft-limited bucket starting or stopping to scavenge). Asked at the
     * edge after {@link #onLimitList}, for buckets not on the limit list; the dispatcher then calls
     * {@link #urgency} with {@link Reprice#EDGE} for each of their ready and running virtual CPUs. Default: never.
     */
    default boolean repriceAtEdge(int bucket, WindowView window) {
        return false;
    }

    /**
     * Whether a virtual CPU back from a short wait (it stayed on the dispatch list and its minor time slice is
     * still open) keeps the dispatch priority it had, or (the default) is priced afresh ({@link Reprice#WAKE}).
     * Burners leave SIE every couple of milliseconds, so a key kept over those waits misses what they ran.
     */
    default boolean keepsPriorityOverShortWait() {
        return false;
    }

    /**
     * Under {@code DispatchMode.DISPATCH_VECTORS}: whether a virtual CPU preempted before its minor time slice ends
     * goes back into its dispatch vector with the priority and slice it had, or (the default) is priced afresh
     * ({@link Reprice#SLICE_END}) with a new slice.
     */
    default boolean keepsPriorityWhenPreempted() {
        return false;
    }

    /**
     * Whether an always-ready virtual CPU leaving SIE (its clock-comparator wait,
     * {@link ModelConstants#sieWaitMicros()}) keeps its logical CPU although another VMDBK is ready for it: it is
     * dispatched again at once, as when nobody waits. Default: no, the waiting VMDBK takes the CPU and the burner
     * comes back after its wait, as CP re-decides at every exit. Asked by the worker that owns the CPU, on the
     * dispatch path: read only state that stands still within a window.
     */
    default boolean keepsCpuAtSieExit(int vcpu) {
        return false;
    }

    /** Why a virtual CPU is being priced. */
    enum Reprice {
        /** It was waiting (or is dispatchable for the first time) and is now ready. */
        WAKE,
        /** Its minor time slice ended, or it was preempted or put on the limit list, and it goes back into a dispatch vector. */
        SLICE_END,
        /**
         * At a window edge, under {@code DispatchMode.GLOBAL_ORDER}: it is running (just charged), or its bucket
         * came off the limit list; or the policy asked for it ({@link #repriceAtEdge}).
         */
        EDGE
    }
}
