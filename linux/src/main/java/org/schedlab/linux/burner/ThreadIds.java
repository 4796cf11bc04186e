package org.schedlab.linux.burner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The kernel's id of the calling Java thread (its tid), which cgroups and {@code /proc} know it by. */
public final class ThreadIds {

    private static final Path THREAD_SELF = Path.of("/proc/thread-self");

    private ThreadIds() {
    }

    /** Reads {@code /proc/thread-self}, a link to {@code PID/task/TID} (Linux 3.17 and later). */
    public static long current() throws IOException {
        String target = Files.readSymbolicLink(THREAD_SELF).toString();
        int slash = target.lastIndexOf('/');
        try {
            return Long.parseLong(target.substring(slash + 1));
        } catch (NumberFormatException e) {
            throw new IOException("/proc/thread-self links to " + target + ", not PID/task/TID", e);
        }
    }
}
