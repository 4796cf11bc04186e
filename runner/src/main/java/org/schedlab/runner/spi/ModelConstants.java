package org.schedlab.runner.spi;

import java.util.List;
import org.schedlab.core.Topology;

/**
 * Every fixed number of the dispatching model in one place, so the dispatcher and the policies read the same
 * values and a recalibration touches one record. {@link #DEFAULT} is the model docs/runner.md and
 * docs/policies.md describe; the golden hashes pin it.
 *
 * @param windowMicros          length of a synchronous window of virtual time
 * @param reshuffleMicros       RESHUFFLE redistributes ready VMDBKs over the dispatch vectors this often
 * @param rebalanceMicros       REBALANCE (SRM DSPWDMETHOD REBALANCE) runs this often, as in HCPHIPTM
 * @param dropMicros            a VMDBK waiting longer than this drops from the dispatch list and is repriced
 *                              when it returns
 * @param stealBarrierMicros    per {@link Topology.Distance} (by ordinal): how long the victim dispatch vector's
 *                              head must have waited before an idle logical CPU at that distance may take it;
 *                              SAME_CORE never steals (the threads share the dispatch vector)
 * @param fullSpeed             work units per microsecond of a thread running alone (MT1 speed)
 * @param limitBurstMicros      limit-list credit cap, in microseconds of full-rate consumption
 * @param limitRateTauMicros    time constant of the per-bucket consumption rate the limit list keeps
 * @param forgetTauMicros       z/VM 6.4 forgetting window: consumption decays with this time constant (fitted
 *                              with the 6.3 constants, docs/validation.md)
 * @param normalizeMicros       the z/VM normalizer runs this often
 * @param normalizerGain        how far one defective normalizer pass moves an entitlement toward its value
 *                              over the current dispatch list (0.2% per 10 ms pass: a time constant of 5 s)
 * @param feedbackClampMicros   z/VM 6.3 heuristic: the since-logon feedback (how far a VMDBK's consumption is
 *                              ahead of its entitlement, in microseconds of its entitlement) is clamped into
 *                              {@code [-clamp, +clamp]}
 * @param burnerPeriodDrift     each burner period is drawn as {@code P x (1 + U)}, U uniform in
 *                              {@code [-drift, +drift]}, so burners' phases drift apart as real ones do
 * @param sieRunMicros          mean raw run of a burner between two exits from SIE (Diag x'0C' and clock
 *                              comparator waits; runs drawn exponentially)
 * @param sieWaitMicros         how long the burner waits on its clock comparator after leaving SIE
 * @param deadlineScale         z/VM 6.3 dispatch priority: the deadline offset is this many minor time slices
 *                              divided by the VMDBK's entitlement in CPUs (its normalized share times the
 *                              processors)
 * @param logonHistoryMicros    z/VM 6.3: how long the users ran under the default share before the measurement
 *                              (their since-logon consumption starts from it)
 * @param logonHistoryJitter    each VMDBK's consumption over that history is its default-share part times
 *                              {@code 1 + U}, U uniform in {@code [-jitter, +jitter]}
 */
public record ModelConstants(long windowMicros, long reshuffleMicros, long rebalanceMicros, long dropMicros,
                             List<Long> stealBarrierMicros, int fullSpeed, long limitBurstMicros,
                             double limitRateTauMicros, double forgetTauMicros, long normalizeMicros,
                             double normalizerGain, long feedbackClampMicros,
                             double burnerPeriodDrift, double sieRunMicros, long sieWaitMicros,
                             double deadlineScale, long logonHistoryMicros, double logonHistoryJitter) {

    /** The model as documented. */
    public static final ModelConstants DEFAULT = builder()
            .windowMicros(250)
            .reshuffleMicros(5_000)
            .rebalanceMicros(2_000_000)
            .dropMicros(300_000)
            .stealBarrierMicros(List.of(0L, 0L, 1_000L, 4_000L))
            .fullSpeed(1000)
            .limitBurstMicros(5_000)
            .limitRateTauMicros(100_000)
            .forgetTauMicros(300_000)
            .normalizeMicros(10_000)
            .normalizerGain(0.002)
            .feedbackClampMicros(25)
            .burnerPeriodDrift(0.1)
            .sieRunMicros(1_600)
            .sieWaitMicros(12)
            .deadlineScale(0.25)
            .logonHistoryMicros(60_000_000)
            .logonHistoryJitter(0.1)
            .build();

    public ModelConstants {
        stealBarrierMicros = List.copyOf(stealBarrierMicros);
        if (stealBarrierMicros.size() != Topology.Distance.values().length) {
            throw new IllegalArgumentException("need one steal barrier per topological distance, got "
                    + stealBarrierMicros.size());
        }
        if (windowMicros <= 0 || reshuffleMicros <= 0 || rebalanceMicros <= 0 || dropMicros <= 0 || fullSpeed <= 0
                || limitBurstMicros <= 0 || !(limitRateTauMicros > 0) || !(forgetTauMicros > 0) || normalizeMicros <= 0) {
            throw new IllegalArgumentException("model periods and speeds must be positive");
        }
        if (!(normalizerGain >= 0 && normalizerGain <= 1) || feedbackClampMicros <= 0) {
            throw new IllegalArgumentException("normalizer gain must be 0..1 and the feedback clamp positive");
        }
        if (!(sieRunMicros >= 1) || sieWaitMicros < 0 || !(deadlineScale > 0) || logonHistoryMicros < 0
                || !(logonHistoryJitter >= 0 && logonHistoryJitter < 1)) {
            throw new IllegalArgumentException("SIE run must be at least 1 us, waits and history not negative, deadline "
                    + "scale positive and history jitter in [0, 1)");
        }
        if (!(burnerPeriodDrift >= 0 && burnerPeriodDrift < 1)) {
            throw new IllegalArgumentException("burner period drift must be in [0, 1)");
        }
    }

    /**
     * These constants with the three fitted to the report's J2, J3 and MZ0 figures replaced (docs/validation.md):
     * for calibrating the z/VM models, never for everyday runs.
     */
    public ModelConstants withFitted(double deadlineScale, long feedbackClampMicros, double forgetTauMicros) {
        return toBuilder().deadlineScale(deadlineScale).feedbackClampMicros(feedbackClampMicros)
                .forgetTauMicros(forgetTauMicros).build();
    }

    /** A builder with every constant unset: {@link Builder#build()} names any left unset. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from these constants, e.g. {@code DEFAULT.toBuilder().sieRunMicros(800).build()}. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.windowMicros = windowMicros;
        b.reshuffleMicros = reshuffleMicros;
        b.rebalanceMicros = rebalanceMicros;
        b.dropMicros = dropMicros;
        b.stealBarrierMicros = stealBarrierMicros;
        b.fullSpeed = fullSpeed;
        b.limitBurstMicros = limitBurstMicros;
        b.limitRateTauMicros = limitRateTauMicros;
        b.forgetTauMicros = forgetTauMicros;
        b.normalizeMicros = normalizeMicros;
        b.normalizerGain = normalizerGain;
        b.feedbackClampMicros = feedbackClampMicros;
        b.burnerPeriodDrift = burnerPeriodDrift;
        b.sieRunMicros = sieRunMicros;
        b.sieWaitMicros = sieWaitMicros;
        b.deadlineScale = deadlineScale;
        b.logonHistoryMicros = logonHistoryMicros;
        b.logonHistoryJitter = logonHistoryJitter;
        return b;
    }

    /**
     * The constants by name, so a calibration changes one without counting positions. {@link #build()} validates
     * as the record does, after checking that every constant was set. The setters' meanings are the record
     * components'.
     */
    public static final class Builder {
        private Long windowMicros;
        private Long reshuffleMicros;
        private Long rebalanceMicros;
        private Long dropMicros;
        private List<Long> stealBarrierMicros;
        private Integer fullSpeed;
        private Long limitBurstMicros;
        private Double limitRateTauMicros;
        private Double forgetTauMicros;
        private Long normalizeMicros;
        private Double normalizerGain;
        private Long feedbackClampMicros;
        private Double burnerPeriodDrift;
        private Double sieRunMicros;
        private Long sieWaitMicros;
        private Double deadlineScale;
        private Long logonHistoryMicros;
        private Double logonHistoryJitter;

        private Builder() {
        }

        public Builder windowMicros(long v) {
            windowMicros = v;
            return this;
        }

        public Builder reshuffleMicros(long v) {
            reshuffleMicros = v;
            return this;
        }

        public Builder rebalanceMicros(long v) {
            rebalanceMicros = v;
            return this;
        }

        public Builder dropMicros(long v) {
            dropMicros = v;
            return this;
        }

        /** One per {@link Topology.Distance}, by ordinal. */
        public Builder stealBarrierMicros(List<Long> v) {
            stealBarrierMicros = v;
            return this;
        }

        public Builder fullSpeed(int v) {
            fullSpeed = v;
            return this;
        }

        public Builder limitBurstMicros(long v) {
            limitBurstMicros = v;
            return this;
        }

        public Builder limitRateTauMicros(double v) {
            limitRateTauMicros = v;
            return this;
        }

        public Builder forgetTauMicros(double v) {
            forgetTauMicros = v;
            return this;
        }

        public Builder normalizeMicros(long v) {
            normalizeMicros = v;
            return this;
        }

        public Builder normalizerGain(double v) {
            normalizerGain = v;
            return this;
        }

        public Builder feedbackClampMicros(long v) {
            feedbackClampMicros = v;
            return this;
        }

        public Builder burnerPeriodDrift(double v) {
            burnerPeriodDrift = v;
            return this;
        }

        public Builder sieRunMicros(double v) {
            sieRunMicros = v;
            return this;
        }

        public Builder sieWaitMicros(long v) {
            sieWaitMicros = v;
            return this;
        }

        public Builder deadlineScale(double v) {
            deadlineScale = v;
            return this;
        }

        public Builder logonHistoryMicros(long v) {
            logonHistoryMicros = v;
            return this;
        }

        public Builder logonHistoryJitter(double v) {
            logonHistoryJitter = v;
            return this;
        }

        /**
         * @throws IllegalArgumentException if a constant was never set (naming the first) or one is out of range
         */
        public ModelConstants build() {
            String unset = windowMicros == null ? "windowMicros"
                    : reshuffleMicros == null ? "reshuffleMicros"
                    : rebalanceMicros == null ? "rebalanceMicros"
                    : dropMicros == null ? "dropMicros"
                    : stealBarrierMicros == null ? "stealBarrierMicros"
                    : fullSpeed == null ? "fullSpeed"
                    : limitBurstMicros == null ? "limitBurstMicros"
                    : limitRateTauMicros == null ? "limitRateTauMicros"
                    : forgetTauMicros == null ? "forgetTauMicros"
                    : normalizeMicros == null ? "normalizeMicros"
                    : normalizerGain == null ? "normalizerGain"
                    : feedbackClampMicros == null ? "feedbackClampMicros"
                    : burnerPeriodDrift == null ? "burnerPeriodDrift"
                    : sieRunMicros == null ? "sieRunMicros"
                    : sieWaitMicros == null ? "sieWaitMicros"
                    : deadlineScale == null ? "deadlineScale"
                    : logonHistoryMicros == null ? "logonHistoryMicros"
                    : logonHistoryJitter == null ? "logonHistoryJitter"
                    : null;
            if (unset != null) {
                throw new IllegalArgumentException("model constant " + unset + " was not set");
            }
            return new ModelConstants(windowMicros, reshuffleMicros, rebalanceMicros, dropMicros, stealBarrierMicros,
                    fullSpeed, limitBurstMicros, limitRateTauMicros, forgetTauMicros, normalizeMicros,
                    normalizerGain, feedbackClampMicros, burnerPeriodDrift, sieRunMicros, sieWaitMicros,
                    deadlineScale, logonHistoryMicros, logonHistoryJitter);
        }
    }

    /** The steal barrier for a distance. */
    public long stealBarrierMicros(Topology.Distance d) {
        return stealBarrierMicros.get(d.ordinal());
    }
}
