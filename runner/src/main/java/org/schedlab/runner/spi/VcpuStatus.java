package org.schedlab.runner.spi;

/** Where a virtual CPU (VMDBK) is at a window edge. */
public enum VcpuStatus {
    /** Its burner has done this period's work (or has demand 0) and waits for the next period. */
    WAITING,
    /** In a dispatch vector, waiting for a logical CPU. */
    READY,
    /** Dispatched on a logical CPU. */
    RUNNING,
    /** Wants to run but its bucket (or CPU pool) is on the limit list. */
    LIMITED,
    /**
     * Not there at all in a problem that changes while it runs: its user is not logged on, or the virtual CPU is
     * stopped. It is never dispatched and wants nothing. A static problem's virtual CPUs are never absent.
     */
    ABSENT;

    /** Ready, running or held back: it would use a CPU now. */
    public boolean wanting() {
        return this == READY || this == RUNNING || this == LIMITED;
    }
}
