package org.schedlab.linux.host;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Where the kernel's files are. {@link #SYSTEM} is the machine's own; tests give directories laid out the
 * same way, so that everything that reads the machine reads them instead.
 *
 * @param proc the procfs root ({@code /proc})
 * @param sys  the sysfs root ({@code /sys})
 */
public record HostPaths(Path proc, Path sys) {

    /** {@code /proc} and {@code /sys}. */
    public static final HostPaths SYSTEM = new HostPaths(Path.of("/proc"), Path.of("/sys"));

    public HostPaths {
        Objects.requireNonNull(proc, "proc");
        Objects.requireNonNull(sys, "sys");
    }

    /** {@code sys/devices/system/cpu}. */
    public Path cpuDir() {
        return sys.resolve("devices/system/cpu");
    }
}
