package org.schedlab.core;

import java.util.Objects;
import java.util.OptionalDouble;

/**
 * Dispatcher knobs with z/VM's SET SRM names. {@code dispatchSliceMs} empty means CP's default
 * minor time slice: 5 ms, or 10 ms when the partition runs SMT-2.
 */
public record Srm(OptionalDouble dispatchSliceMs, WorkDistribution workDistribution, Polarization polarization) {

    public static final Srm DEFAULT = new Srm(OptionalDouble.empty(), WorkDistribution.RESHUFFLE, Polarization.VERTICAL);

    public Srm {
        Objects.requireNonNull(dispatchSliceMs, "dispatchSliceMs");
        Objects.requireNonNull(workDistribution, "workDistribution");
        Objects.requireNonNull(polarization, "polarization");
        if (dispatchSliceMs.isPresent()) {
            double ms = dispatchSliceMs.getAsDouble();
            if (!Limits.DSPSLICE_MS.contains(ms)) {
                throw new IllegalArgumentException("DSPSLICE must be " + Limits.DSPSLICE_MS.rule() + " ms, got " + ms);
            }
        }
    }

    /** The minor time slice in microseconds: the explicit value, else 5 ms (10 ms under SMT-2). */
    public long dispatchSliceMicros(boolean smt) {
        if (dispatchSliceMs.isPresent()) {
            return Math.round(dispatchSliceMs.getAsDouble() * 1000);
        }
        return smt ? 10_000 : 5_000;
    }

    public Srm withDispatchSliceMs(double ms) {
        return new Srm(OptionalDouble.of(ms), workDistribution, polarization);
    }

    public Srm withWorkDistribution(WorkDistribution w) {
        return new Srm(dispatchSliceMs, w, polarization);
    }

    public Srm withPolarization(Polarization p) {
        return new Srm(dispatchSliceMs, workDistribution, p);
    }

    /** {@code SRM DSPWDMETHOD}: how CP spreads VMDBKs over dispatch vectors. */
    public enum WorkDistribution { RESHUFFLE, REBALANCE }

    /** {@code SRM POLARIZATION}: vertical concentrates entitlement on few logical CPUs. */
    public enum Polarization { VERTICAL, HORIZONTAL }
}
