package org.schedlab.core;

import java.util.Objects;
import java.util.Optional;

/**
 * A user's share setting for one engine type: z/VM's {@code SET SHARE user TYPE t min [limit]}.
 * Written in a scenario as a token such as {@code ZIIP.200-R,50-RL}.
 */
public record Share(EngineType type, ShareAmount min, Optional<LimitShare> limit, SourceLocation location) {

    public Share {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(min, "min");
        Objects.requireNonNull(limit, "limit");
        Objects.requireNonNull(location, "location");
    }

    /** z/VM's default when no share is given for a type: RELATIVE 100, no limit. */
    public static Share defaultFor(EngineType type, SourceLocation location) {
        return new Share(type, ShareAmount.DEFAULT, Optional.empty(), location);
    }

    @Override
    public String toString() {
        return type + " " + min + limit.map(l -> " " + l).orElse("");
    }
}
