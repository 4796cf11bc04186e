package org.schedlab.solver;

import java.util.AbstractList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.RandomAccess;
import org.schedlab.core.Problem;

/**
 * The per-VCPU answers of a {@link Solution}, kept as the solver computed them (the placed virtual CPUs, their
 * buckets and the filling's allocations) and made into {@link VcpuAnswer} records only when read: most outputs
 * read each answer once, so a large solve need not hold a record and its optionals per virtual CPU. Immutable,
 * like every list a {@code Solution} returns.
 */
final class AnswerList extends AbstractList<VcpuAnswer> implements RandomAccess {

    private final Entitlements.Layout layout;
    private final List<Bucket> buckets;
    private final int[] fillIndex;
    private final double[] correct;

    AnswerList(Entitlements.Layout layout, int[] fillIndex, double[] correct) {
        this.layout = layout;
        this.buckets = layout.buckets();
        this.fillIndex = fillIndex;
        this.correct = correct;
    }

    @Override
    public VcpuAnswer get(int i) {
        Problem.Placed p = layout.placed().get(i);
        OptionalDouble demand = p.vcpu().demand().unbounded()
                ? OptionalDouble.empty()
                : OptionalDouble.of(p.vcpu().demand().percent());
        int b = layout.bucketOf(i);
        if (b < 0) {
            return new VcpuAnswer(p, demand, 0, OptionalDouble.empty(), 0);
        }
        Bucket bucket = buckets.get(b);
        return new VcpuAnswer(p, demand, bucket.entitlementPerVcpu(),
                bucket.hasLimit() ? OptionalDouble.of(bucket.limit()) : OptionalDouble.empty(), correct[fillIndex[i]]);
    }

    @Override
    public int size() {
        return layout.size();
    }
}
