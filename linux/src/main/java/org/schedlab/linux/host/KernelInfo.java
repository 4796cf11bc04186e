package org.schedlab.linux.host;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * The kernel under test, for a run's metadata.
 *
 * @param release  {@code uname -r} ({@code proc/sys/kernel/osrelease})
 * @param schedExt the loaded {@code sched_ext} scheduler's name, {@code none} when the kernel has
 *                 {@code sched_ext} but no scheduler is loaded, or when it has no {@code sched_ext} at all
 *                 (the fair class, CFS or EEVDF, then schedules every task schedlab runs)
 */
public record KernelInfo(String release, String schedExt) {

    /** The value of {@link #schedExt()} when no BPF scheduler is in charge. */
    public static final String NONE = "none";

    public KernelInfo {
        Objects.requireNonNull(release, "release");
        Objects.requireNonNull(schedExt, "schedExt");
    }

    /**
     * Reads {@code proc/sys/kernel/osrelease} and {@code sys/kernel/sched_ext/state} and
     * {@code root/ops} (present only with {@code CONFIG_SCHED_CLASS_EXT}).
     */
    public static KernelInfo read(HostPaths paths) throws IOException {
        String release = Files.readString(paths.proc().resolve("sys/kernel/osrelease")).strip();
        Path ext = paths.sys().resolve("kernel/sched_ext");
        String scheduler = NONE;
        if (Files.isDirectory(ext)) {
            Path state = ext.resolve("state");
            Path ops = ext.resolve("root/ops");
            boolean enabled = Files.exists(state) && Files.readString(state).strip().equals("enabled");
            if (enabled && Files.exists(ops)) {
                String name = Files.readString(ops).strip();
                scheduler = name.isEmpty() ? NONE : name;
            }
        }
        return new KernelInfo(release, scheduler);
    }
}
