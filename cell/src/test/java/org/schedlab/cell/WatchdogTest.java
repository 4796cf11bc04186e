package org.schedlab.cell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.policy.Spinner;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.schedlab.runner.spi.DispatchMode;
import org.schedlab.runner.spi.PolicyContext;
import org.schedlab.runner.spi.PolicyInstance;
import org.schedlab.runner.spi.SchedulerPolicy;

@Timeout(value = 1, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class WatchdogTest {

    private static final Watchdog.Activity ACTIVITY = new Watchdog.Activity("spinner", "running P");

    @Test
    void call_returnsOrThrows_passedOnAsTheTaskEnded() {
        assertEquals(new Watchdog.Done<>(42), Watchdog.call(ACTIVITY, Optional.of(Duration.ofSeconds(10)), () -> 42));
        IllegalStateException boom = new IllegalStateException("boom");
        assertEquals(new Watchdog.Threw<>(boom), Watchdog.call(ACTIVITY, Optional.empty(), () -> {
            throw boom;
        }));
    }

    @Test
    void call_taskNeverReturns_abandonedAtTheLimitSayingWhereAndItsThreadsStopped() throws Exception {
        long started = System.nanoTime();
        AtomicReference<Thread> worker = new AtomicReference<>();
        Watchdog.Outcome<Object> o = Watchdog.call(ACTIVITY, Optional.of(Duration.ofMillis(300)), () -> {
            // A second thread started by the task, as the runner's workers are: it belongs to the task's group.
            Thread t = new Thread(Spinner::spin);
            t.setDaemon(true);
            worker.set(t);
            t.start();
            return Spinner.spin();
        });
        double seconds = (System.nanoTime() - started) / 1e9;
        Watchdog.Abandoned<Object> a = assertInstanceOf(Watchdog.Abandoned.class, o);
        assertFalse(a.interrupted());
        assertEquals(Optional.of(Spinner.class.getName() + ".spin"), a.where());
        assertTrue(seconds >= 0.3 && seconds < 10, "ended at its limit: " + seconds);
        worker.get().join(5_000);
        assertFalse(worker.get().isAlive(), "a thread the task started is stopped too");
        assertTrue(Thread.getAllStackTraces().values().stream().noneMatch(s -> List.of(s).stream()
                .anyMatch(f -> f.getClassName().equals(Spinner.class.getName()))), "nothing spins any more");
    }

    @Test
    void call_waitingThreadInterrupted_taskEndedToo() throws Exception {
        AtomicReference<Watchdog.Outcome<Object>> outcome = new AtomicReference<>();
        Thread waiter = new Thread(() -> outcome.set(Watchdog.call(ACTIVITY, Optional.empty(), Spinner::spin)));
        waiter.start();
        Thread.sleep(200);
        waiter.interrupt();
        waiter.join(10_000);
        assertEquals(new Watchdog.Abandoned<>(true, Optional.of(Spinner.class.getName() + ".spin")), outcome.get());
    }

    @Test
    void activity_ofATaskThread_namesThePolicyAndElseEmpty() {
        Watchdog.Outcome<Optional<Watchdog.Activity>> o = Watchdog.call(ACTIVITY, Optional.empty(),
                () -> Watchdog.activity(Thread.currentThread()));
        assertEquals(new Watchdog.Done<>(Optional.of(ACTIVITY)), o);
        assertEquals(Optional.empty(), Watchdog.activity(Thread.currentThread()));
    }

    @Test
    void exitCall_callersOfSystemExit_foreignOwnOrPlanned() {
        StackTraceElement[] byPolicy = {frame("java.lang.Shutdown", "exit"), frame("java.lang.Runtime", "exit"),
                frame("java.lang.System", "exit"), frame("com.example.Mine$1", "urgency"),
                frame("org.schedlab.runner.engine.UnitDispatch", "advance")};
        Optional<ExitCause> foreign = ExitCause.exitCall(Thread.currentThread(), byPolicy, "x.Main.main");
        assertEquals(Optional.of(new ExitCause(ExitCause.Kind.FOREIGN_EXIT,
                "System.exit was called by com.example.Mine$1.urgency", 0)), foreign);
        StackTraceElement[] byMain = {frame("java.lang.Runtime", "exit"), frame("java.lang.System", "exit"),
                frame("x.Main", "main")};
        assertEquals(Optional.empty(), ExitCause.exitCall(Thread.currentThread(), byMain, "x.Main.main"));
        StackTraceElement[] byCell = {frame("java.lang.System", "exit"), frame("org.schedlab.cell.TestPlan", "run")};
        assertEquals(ExitCause.Kind.OWN_EXIT, ExitCause.exitCall(Thread.currentThread(), byCell, "x.Main.main")
                .orElseThrow().kind());
        assertEquals(Optional.empty(), ExitCause.exitCall(Thread.currentThread(), new StackTraceElement[] {
                frame("java.lang.Object", "wait")}, "x.Main.main"));
    }

    private static StackTraceElement frame(String cls, String method) {
        return new StackTraceElement(cls, method, null, -1);
    }

    /** A policy whose first calls misbehave as {@code how} says. */
    private static SchedulerPolicy policy(Map<String, Object> answers) {
        return new SchedulerPolicy() {
            @Override
            public String name() {
                return (String) answer("name");
            }

            @Override
            public String spec() {
                return (String) answer("spec");
            }

            @Override
            public DispatchMode dispatchMode() {
                return (DispatchMode) answer("mode");
            }

            private Object answer(String what) {
                Object a = answers.get(what);
                if (a instanceof RuntimeException e) {
                    throw e;
                }
                if (a == Spinner.class) {
                    return Spinner.spin();
                }
                return a;
            }

            @Override
            public PolicyInstance start(PolicyContext context) {
                throw new UnsupportedOperationException();
            }
        };
    }

    @Test
    void guardedPolicy_faultsOfItsFirstCalls_keptAsOneLineAndStartRefused() {
        Map<String, Object> good = Map.of("name", "mine", "spec", "mine:x=1", "mode", DispatchMode.GLOBAL_ORDER);
        GuardedPolicy ok = GuardedPolicy.of(policy(good), "mine:x=1", Optional.empty());
        assertEquals(Optional.empty(), ok.fault());
        assertEquals("mine:x=1", ok.spec());
        assertEquals(DispatchMode.GLOBAL_ORDER, ok.dispatchMode());

        Map<String, String> faults = Map.of(
                "name", "policy given: name() returned null",
                "mode", "policy given: dispatchMode() returned null");
        for (Map.Entry<String, String> f : faults.entrySet()) {
            Map<String, Object> answers = new java.util.HashMap<>(good);
            answers.remove(f.getKey());
            GuardedPolicy g = GuardedPolicy.of(policy(answers), "given", Optional.empty());
            assertEquals(Optional.of(f.getValue()), g.fault());
            assertEquals("given", g.spec(), "named as the user named it");
            assertThrows(IllegalStateException.class, () -> g.start(null));
        }
        Map<String, Object> throwing = new java.util.HashMap<>(good);
        throwing.put("spec", new IllegalArgumentException("bad spec"));
        assertTrue(GuardedPolicy.of(policy(throwing), "given", Optional.empty()).fault().orElseThrow()
                .startsWith("policy given: spec() threw java.lang.IllegalArgumentException: bad spec (at "));

        Map<String, Object> hanging = new java.util.HashMap<>(good);
        hanging.put("name", Spinner.class);
        assertEquals(Optional.of("policy given: its first calls did not return within the timeout of 0.2 s (in "
                + Spinner.class.getName() + ".spin)"),
                GuardedPolicy.of(policy(hanging), "given", Optional.of(Duration.ofMillis(200))).fault());
    }

    @Test
    void guardedPolicy_unknownName_staysTheUsersMistake() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> GuardedPolicy.create("no-such-policy", getClass().getClassLoader(), Optional.empty()));
        assertTrue(e.getMessage().startsWith("unknown policy 'no-such-policy'"), e.getMessage());
    }
}
