package org.schedlab.runner.spi;

import java.util.List;
import org.schedlab.core.Change;

/**
 * What a policy learns when a problem changes while it runs ({@link PolicyInstance#changed}): the changes that took
 * effect at this instant, as the scenario wrote them, and the run as it stands after them. Valid only during the call
 * it is passed to.
 *
 * <p>Indexes are the run's: a run's virtual CPUs (VMDBKs) and share buckets are every one that exists at some
 * instant of it, numbered once for the whole run ({@link PolicyContext}). A user who logs on gets new VMDBKs and new
 * buckets, even if a user of that name was logged on before (z/VM builds new VMDBKs at logon); a virtual CPU that is
 * stopped and started again keeps its VMDBK.
 */
public interface ChangeView {

    /** The instant of the changes, in microseconds of virtual time: a window edge. */
    long nowMicros();

    /** The changes, in the order written. */
    List<Change> changes();

    /**
     * The run as it stands after the changes, with the run's indexes: the problem as it stands now, every bucket with
     * its share, entitlement and limit now, every virtual CPU with its weight, demand and presence now, and the CPU
     * pool caps now. A bucket none of whose virtual CPUs is present does not exist now; its record is as it last stood.
     */
    PolicyContext context();

    /** Whether virtual CPU {@code vcpu} became present now: its user logged on, or it was started. */
    boolean arrived(int vcpu);

    /** Whether virtual CPU {@code vcpu} stopped being present now: its user logged off, or it was stopped. */
    boolean departed(int vcpu);

    /** Whether virtual CPU {@code vcpu} is present for the first time: its user logged on now (a new VMDBK). */
    boolean loggedOn(int vcpu);
}
