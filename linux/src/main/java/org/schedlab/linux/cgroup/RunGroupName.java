package org.schedlab.linux.cgroup;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A run group's name, {@code schedlab-PID-START-N}: the process that made it, that process's start time (clock
 * ticks after boot, so that a reused pid does not pass for the run's process) and the run's number within the
 * process. A sweep recognises these names and nothing else.
 */
public record RunGroupName(long pid, long startTime, int sequence) {

    /** Exactly the names this class makes. */
    public static final Pattern PATTERN = Pattern.compile("schedlab-(\\d{1,19})-(\\d{1,19})-(\\d{1,9})");

    private static final AtomicInteger NEXT = new AtomicInteger(1);

    public RunGroupName {
        if (pid <= 0 || startTime < 0 || sequence < 1) {
            throw new IllegalArgumentException("bad run group name parts: " + pid + ", " + startTime + ", " + sequence);
        }
    }

    /** The next name for a run of this process. */
    public static RunGroupName next(long pid, long startTime) {
        return new RunGroupName(pid, startTime, NEXT.getAndIncrement());
    }

    /** The name's parts, empty for any other name. */
    public static Optional<RunGroupName> parse(String name) {
        Matcher m = PATTERN.matcher(name);
        if (!m.matches()) {
            return Optional.empty();
        }
        try {
            return Optional.of(new RunGroupName(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)),
                    Integer.parseInt(m.group(3))));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    @Override
    public String toString() {
        return "schedlab-" + pid + "-" + startTime + "-" + sequence;
    }
}
