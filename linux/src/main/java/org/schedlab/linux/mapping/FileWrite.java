package org.schedlab.linux.mapping;

import java.util.Objects;

/** One value written to one control file of a group, e.g. {@code cpu.shares} {@code 2048}. */
public record FileWrite(String file, String value) {

    public FileWrite {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(value, "value");
        if (file.isEmpty() || file.contains("/")) {
            throw new IllegalArgumentException("a control file name, not a path: " + file);
        }
    }

    @Override
    public String toString() {
        return file + " = " + value;
    }
}
