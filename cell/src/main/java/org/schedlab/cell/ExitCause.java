package org.schedlab.cell;

import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Why a process is ending when its command did not decide so, found from a shutdown hook by looking at
 * the threads that are still there: a signal (the JVM runs a thread named {@code SIGTERM handler}), or a
 * call to {@code System.exit} from somewhere, a policy most likely, named by the task it was running
 * ({@link Watchdog#activity}) or by the code that called it. {@code Runtime.halt} runs no hook and cannot
 * be caught this way.
 *
 * @param kind    what ended it
 * @param message one line for the user, without the {@code schedlab:} prefix
 * @param signal  the signal's number for {@link Kind#SIGNAL}, else 0
 */
public record ExitCause(Kind kind, String message, int signal) {

    /** What ended the process. */
    public enum Kind {
        /** Ctrl-C, {@code kill}: an interruption the user asked for. */
        SIGNAL,
        /** {@code System.exit} called by a policy, or by other code that is not schedlab's. */
        FOREIGN_EXIT,
        /** {@code System.exit} called by schedlab's own code before the command completed: a defect. */
        OWN_EXIT,
        /** Nothing to tell by. */
        UNKNOWN
    }

    private static final Pattern SIGNAL_THREAD = Pattern.compile("SIG([A-Z]+) handler");
    private static final Map<String, Integer> SIGNALS = Map.of("HUP", 1, "INT", 2, "TERM", 15);

    /**
     * Looks at every live thread (see the class comment); a call of {@code System.exit} from {@code planned}
     * ({@code Class.method}: the front end's own, made once the command completed) is not a cause. A foreign
     * {@code System.exit} comes first, as the root of what followed; then a signal; then schedlab's own exit.
     */
    public static ExitCause find(String planned) {
        ExitCause signal = null;
        ExitCause own = null;
        for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
            Optional<ExitCause> exit = exitCall(e.getKey(), e.getValue(), planned);
            if (exit.isPresent() && exit.get().kind() == Kind.FOREIGN_EXIT) {
                return exit.get();
            }
            if (exit.isPresent()) {
                own = exit.get();
            }
            Matcher m = SIGNAL_THREAD.matcher(e.getKey().getName());
            if (m.matches()) {
                signal = new ExitCause(Kind.SIGNAL, "interrupted (SIG" + m.group(1) + ")",
                        SIGNALS.getOrDefault(m.group(1), 15));
            }
        }
        if (signal != null) {
            return signal;
        }
        return own != null ? own : new ExitCause(Kind.UNKNOWN, "ended before the command completed", 0);
    }

    /** The thread's call of {@code System.exit} or {@code Runtime.exit}, if it is in one, and who called it. */
    static Optional<ExitCause> exitCall(Thread thread, StackTraceElement[] stack, String planned) {
        int exit = -1;
        for (int i = 0; i < stack.length; i++) {
            String c = stack[i].getClassName();
            String m = stack[i].getMethodName();
            if ((c.equals("java.lang.System") || c.equals("java.lang.Runtime")) && m.equals("exit")) {
                exit = i;
            }
        }
        if (exit < 0 || exit + 1 >= stack.length) {
            return Optional.empty();
        }
        StackTraceElement caller = stack[exit + 1];
        String by = caller.getClassName() + "." + caller.getMethodName();
        if (by.equals(planned)) {
            return Optional.empty();
        }
        Optional<Watchdog.Activity> activity = Watchdog.activity(thread);
        if (activity.isPresent()) {
            return Optional.of(new ExitCause(Kind.FOREIGN_EXIT, "policy " + activity.get().policy() + " called System.exit ("
                    + by + ") while " + activity.get().doing(), 0));
        }
        if (Watchdog.own(caller.getClassName())) {
            return Optional.of(new ExitCause(Kind.OWN_EXIT, "System.exit was called by " + by, 0));
        }
        return Optional.of(new ExitCause(Kind.FOREIGN_EXIT, "System.exit was called by " + by, 0));
    }
}
