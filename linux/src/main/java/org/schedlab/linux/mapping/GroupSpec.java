package org.schedlab.linux.mapping;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One group to make, and what to write in it, in order.
 *
 * @param path   relative to the hierarchy's base, segments separated by {@code /}, starting with the run
 *               group's name
 * @param writes written in this order after the group is made (and after its parent's writes)
 */
public record GroupSpec(Hierarchy hierarchy, String path, List<FileWrite> writes) {

    public GroupSpec {
        Objects.requireNonNull(hierarchy, "hierarchy");
        Objects.requireNonNull(path, "path");
        writes = List.copyOf(writes);
        if (path.isEmpty() || path.startsWith("/") || path.endsWith("/") || path.contains("//")
                || path.contains("..")) {
            throw new IllegalArgumentException("a relative group path: " + path);
        }
    }

    /** The value written to {@code file}, if any (the last one when written twice). */
    public Optional<String> value(String file) {
        Optional<String> v = Optional.empty();
        for (FileWrite w : writes) {
            if (w.file().equals(file)) {
                v = Optional.of(w.value());
            }
        }
        return v;
    }

    /** The parent's path, empty for the run group itself. */
    public Optional<String> parent() {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? Optional.empty() : Optional.of(path.substring(0, slash));
    }
}
