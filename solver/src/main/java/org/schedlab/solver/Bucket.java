package org.schedlab.solver;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.schedlab.core.CpuPool;
import org.schedlab.core.EngineType;
import org.schedlab.core.LimitMode;
import org.schedlab.core.LimitShare;
import org.schedlab.core.Share;
import org.schedlab.core.User;
import org.schedlab.core.VirtualCpu;

/**
 * A share bucket: one user's running virtual CPUs of one virtual type, all in one dispatch pool,
 * holding the user's share for that type. Entitlement and limit are the bucket's totals (percent of
 * one logical CPU); its virtual CPUs split the entitlement equally.
 *
 * @param limit the bucket's cap from its limit-share, {@link Double#POSITIVE_INFINITY} when it has none
 */
public record Bucket(User user, EngineType virtualType, EngineType pool, Share share, List<VirtualCpu> running,
                     Optional<CpuPool> cpuPool, double entitlement, double limit) {

    public Bucket {
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(virtualType, "virtualType");
        Objects.requireNonNull(pool, "pool");
        Objects.requireNonNull(share, "share");
        Objects.requireNonNull(cpuPool, "cpuPool");
        running = List.copyOf(running);
        if (running.isEmpty()) {
            throw new IllegalArgumentException("a bucket has at least one running virtual CPU");
        }
        if (!(entitlement >= 0) || !(limit >= 0)) {
            throw new IllegalArgumentException("entitlement and limit must be non-negative");
        }
    }

    /** LIMITHARD, LIMITSOFT, or empty when the share has no limit. */
    public Optional<LimitMode> limitMode() {
        return share.limit().map(LimitShare::mode);
    }

    public boolean hasLimit() {
        return limit != Double.POSITIVE_INFINITY;
    }

    /** Each running virtual CPU's part of the entitlement: its weight in progressive filling. */
    public double entitlementPerVcpu() {
        return entitlement / running.size();
    }

    /** {@code USER/TYPE}, e.g. {@code QGP00004/ZIIP}. */
    public String id() {
        return user.name() + "/" + virtualType;
    }
}
