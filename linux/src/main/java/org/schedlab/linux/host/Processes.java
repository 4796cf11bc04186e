package org.schedlab.linux.host;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.OptionalLong;

/** What {@code /proc} says about processes: whether one is alive, and since when. */
public final class Processes {

    private Processes() {
    }

    /**
     * The start time of process {@code pid} in clock ticks after boot (field 22 of {@code proc/PID/stat}),
     * empty when there is no such process. With the pid it names a process for good: a pid is reused, the pair
     * is not.
     */
    public static OptionalLong startTime(HostPaths paths, long pid) throws IOException {
        return startTime(paths.proc().resolve(Long.toString(pid)).resolve("stat"));
    }

    /** The start time of this process, as {@link #startTime(HostPaths, long)}. */
    public static long ownStartTime(HostPaths paths) throws IOException {
        return startTime(paths.proc().resolve("self/stat"))
                .orElseThrow(() -> new IOException(paths.proc() + "/self/stat is missing"));
    }

    private static OptionalLong startTime(Path stat) throws IOException {
        String text;
        try {
            text = Files.readString(stat);
        } catch (NoSuchFileException e) {
            return OptionalLong.empty();
        }
        // The command name (field 2) is in parentheses and may hold spaces and parentheses itself.
        int close = text.lastIndexOf(')');
        String[] rest = text.substring(close + 2).strip().split(" +");
        // rest[0] is field 3 (state); field 22 is rest[19].
        if (rest.length < 20) {
            throw new IOException(stat + " has too few fields");
        }
        return OptionalLong.of(Long.parseLong(rest[19]));
    }
}
