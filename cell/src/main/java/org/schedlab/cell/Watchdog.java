package org.schedlab.cell;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs a policy's code (its creation, a run) where a policy that never returns cannot hold the pipeline:
 * on a thread of its own, in a thread group of its own (so that the runner's worker threads, which it
 * starts, belong to it too), waited for at most the timeout. A task still running then is ended:
 * every thread of its group is interrupted and stopped ({@link Thread#stop}, so that a policy spinning in
 * a loop gives its processor back to the checks still running) and abandoned, not waited for. The threads
 * are daemons: one that survives even that (a policy that catches {@link ThreadDeath}) never keeps the
 * process from exiting.
 *
 * <p>Why {@code Thread.stop}, which Java deprecates because it can leave shared objects half-updated: what
 * a run's threads update is the run's own (its dispatcher, its policy instance, its result listener),
 * and all of it is thrown away with the run. On a Java where {@code stop} is gone it is skipped; the
 * thread is then only interrupted and abandoned.
 *
 * <p>The running tasks are listed ({@link #activity}), so that a process ended by a policy's
 * {@code System.exit} can say which policy did it ({@link ExitCause}).
 */
public final class Watchdog {

    /**
     * How long after its timeout a run is ended from outside. The runner checks the clock itself between
     * windows and ends a run that is over its time with a message that says where it was; this margin gives it
     * the chance, and bounds the wait for a policy that does not return.
     */
    public static final Duration MARGIN = Duration.ofSeconds(1);

    /** What a watched task is doing, for messages: the policy (as the user named it) and what it is at. */
    public record Activity(String policy, String doing) {

        public Activity {
            Objects.requireNonNull(policy, "policy");
            Objects.requireNonNull(doing, "doing");
        }
    }

    /** How a watched task ended. */
    public sealed interface Outcome<T> {
    }

    /** It returned {@code value}. */
    public record Done<T>(T value) implements Outcome<T> {
    }

    /** It threw {@code error}. */
    public record Threw<T>(Throwable error) implements Outcome<T> {
    }

    /**
     * It was still running at its limit ({@code interrupted} false) or when the waiting thread was interrupted,
     * and was ended and abandoned; {@code where} is the policy's method it was in, when one was on its stack.
     */
    public record Abandoned<T>(boolean interrupted, Optional<String> where) implements Outcome<T> {
    }

    private static final Map<ThreadGroup, Activity> RUNNING = new ConcurrentHashMap<>();
    private static final AtomicInteger COUNT = new AtomicInteger();

    /** Stack frames of Java's own code; with schedlab's (but its shipped policies') not a policy's. */
    private static final String[] JAVA = {"java.", "javax.", "jdk.", "sun.", "com.sun."};
    private static final String SCHEDLAB = "org.schedlab.";
    private static final String SHIPPED_POLICIES = "org.schedlab.runner.policy.";

    private Watchdog() {
    }

    /**
     * Runs {@code task} as described above, waiting at most {@code limit} (none: as long as it takes).
     * Interrupting the calling thread ends the task too.
     */
    @SuppressWarnings("removal")
    public static <T> Outcome<T> call(Activity activity, Optional<Duration> limit, Callable<T> task) {
        ThreadGroup group = new ThreadGroup("schedlab " + activity.policy() + " " + activity.doing());
        // A daemon group is removed when its last thread ends, so that groups do not pile up over a long plan.
        group.setDaemon(true);
        FutureTask<T> future = new FutureTask<>(task);
        Thread thread = new Thread(group, future, "schedlab-watched-" + COUNT.incrementAndGet());
        thread.setDaemon(true);
        thread.setContextClassLoader(Thread.currentThread().getContextClassLoader());
        RUNNING.put(group, activity);
        thread.start();
        // An abandoned task stays listed: should it still end the process, the message names its policy.
        try {
            T value = limit.isPresent() ? future.get(limit.get().toNanos(), TimeUnit.NANOSECONDS) : future.get();
            RUNNING.remove(group);
            return new Done<>(value);
        } catch (ExecutionException e) {
            RUNNING.remove(group);
            return new Threw<>(e.getCause());
        } catch (TimeoutException e) {
            return new Abandoned<>(false, end(group));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Abandoned<>(true, end(group));
        }
    }

    /** Where the group's policy is, then every thread of the group interrupted, stopped and left. */
    @SuppressWarnings("deprecation")
    private static Optional<String> end(ThreadGroup group) {
        Thread[] threads = new Thread[group.activeCount() + 8];
        int n = group.enumerate(threads, true);
        Optional<String> where = Optional.empty();
        for (int i = 0; i < n && where.isEmpty(); i++) {
            where = policyFrame(threads[i].getStackTrace());
        }
        for (int i = 0; i < n; i++) {
            threads[i].interrupt();
            try {
                threads[i].stop();
            } catch (UnsupportedOperationException | SecurityException e) {
                // Not on this Java: interrupted and abandoned only.
            }
        }
        return where;
    }

    /** The innermost frame of code that is neither Java's nor schedlab's pipeline: the policy's, as {@code Class.method}. */
    static Optional<String> policyFrame(StackTraceElement[] stack) {
        for (StackTraceElement f : stack) {
            if (!own(f.getClassName())) {
                return Optional.of(f.getClassName() + "." + f.getMethodName());
            }
        }
        return Optional.empty();
    }

    /** Whether a frame of {@code className} is Java's or schedlab's pipeline, not a policy's. */
    static boolean own(String className) {
        for (String p : JAVA) {
            if (className.startsWith(p)) {
                return true;
            }
        }
        return className.startsWith(SCHEDLAB) && !className.startsWith(SHIPPED_POLICIES);
    }

    /** What the watched task {@code thread} belongs to is doing, when it belongs to one. */
    public static Optional<Activity> activity(Thread thread) {
        for (ThreadGroup g = thread.getThreadGroup(); g != null; g = g.getParent()) {
            Activity a = RUNNING.get(g);
            if (a != null) {
                return Optional.of(a);
            }
        }
        return Optional.empty();
    }
}
