package org.schedlab.linux.mapping;

import java.util.Objects;
import java.util.Optional;

/**
 * A share bucket's group in the {@code cpu} controller's hierarchy, and the group whose bandwidth cap holds it
 * back, if any: its own (a LIMITHARD) or its CPU pool's.
 *
 * @param id  {@code USER/TYPE}, as the solver names buckets
 * @param cap the capped group's path, whose {@code cpu.stat} counts the periods it was throttled
 */
public record BucketGroup(String id, String path, Optional<String> cap) {

    public BucketGroup {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(cap, "cap");
    }
}
