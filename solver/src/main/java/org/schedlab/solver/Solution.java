package org.schedlab.solver;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.schedlab.core.User;

/**
 * The solver's answer for one problem: per dispatch pool, per share bucket, and per virtual CPU
 * (all of them, in file order, stopped ones at 0).
 */
public record Solution(org.schedlab.core.Problem problem, List<PoolAllocation> pools, List<Bucket> buckets,
                       List<VcpuAnswer> vcpus) {

    public Solution {
        Objects.requireNonNull(problem, "problem");
        pools = List.copyOf(pools);
        buckets = List.copyOf(buckets);
        // The solver's own answers are immutable already, and made into records only when read.
        vcpus = vcpus instanceof AnswerList ? vcpus : List.copyOf(vcpus);
    }

    /** The running virtual CPUs in file order: the dimensions of the comparator's vectors. */
    public List<VcpuAnswer> running() {
        return vcpus.stream().filter(v -> !v.stopped()).toList();
    }

    /** Looks a virtual CPU up by user (case-insensitive) and hex address ({@code 0A} = {@code A}). */
    public Optional<VcpuAnswer> find(String user, String address) {
        String key = User.key(user);
        int number;
        try {
            number = Integer.parseInt(address.trim(), 16);
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        return vcpus.stream()
                .filter(v -> v.placed().user().key().equals(key) && v.placed().vcpu().number() == number)
                .findFirst();
    }
}
