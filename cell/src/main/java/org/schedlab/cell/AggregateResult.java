package org.schedlab.cell;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.schedlab.cell.Expectations.Expected;
import org.schedlab.comparator.PhaseComparison;
import org.schedlab.comparator.Verdict;

/**
 * One problem under one policy, judged over every seed it ran under (issue "seed-robust verdicts"): the
 * verdict is the worst seed's, so a check whose outcome hangs on the burners' phases cannot pass by luck.
 * Worst means: ERROR when any seed's run failed, else FAIL when any seed failed (the largest max error and
 * the largest mean error are held to the thresholds), else PASS. Expectations apply to that verdict.
 *
 * @param runs the same file, problem and policy under each seed, in the plan's seed order; never empty
 */
public record AggregateResult(List<TestResult> runs) {

    public AggregateResult {
        runs = List.copyOf(runs);
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("an aggregate needs at least one run");
        }
        TestCase first = runs.get(0).testCase();
        for (TestResult r : runs) {
            TestCase c = r.testCase();
            if (!c.file().equals(first.file()) || !c.problem().name().equals(first.problem().name())
                    || !c.policySpec().equals(first.policySpec())) {
                throw new IllegalArgumentException("runs of different checks: " + first.problem().name() + " "
                        + first.policySpec() + " and " + c.problem().name() + " " + c.policySpec());
            }
        }
    }

    /**
     * Groups a plan's results (files x problems x policies x seeds, in that order) by check, keeping the plan's
     * order: one aggregate per file, problem and policy.
     */
    public static List<AggregateResult> group(List<TestResult> results) {
        Map<List<Object>, List<TestResult>> byCheck = new LinkedHashMap<>();
        for (TestResult r : results) {
            TestCase c = r.testCase();
            byCheck.computeIfAbsent(List.of(c.file(), c.problem().name(), c.policySpec()), k -> new ArrayList<>()).add(r);
        }
        return byCheck.values().stream().map(AggregateResult::new).toList();
    }

    private TestResult first() {
        return runs.get(0);
    }

    public String file() {
        return first().file();
    }

    public String problem() {
        return first().problem();
    }

    public String policy() {
        return first().policy();
    }

    /** The seeds, in the order they ran. */
    public List<Long> seeds() {
        return runs.stream().map(TestResult::seed).toList();
    }

    /** The worst seed's verdict: ERROR over FAIL over PASS. */
    public Verdict verdict() {
        Verdict worst = Verdict.PASS;
        for (TestResult r : runs) {
            worst = worse(worst, r.verdict());
        }
        return worst;
    }

    private static Verdict worse(Verdict a, Verdict b) {
        return rank(b) > rank(a) ? b : a;
    }

    private static int rank(Verdict v) {
        return switch (v) {
            case PASS -> 0;
            case FAIL -> 1;
            case ERROR -> 2;
        };
    }

    /** Mean error over the seeds whose run completed; empty when none did. */
    public Optional<SeedSpread> meanError() {
        return SeedSpread.of(runs.stream().mapToDouble(r -> r.trial().meanErrorPct()).toArray());
    }

    /** Max error over the seeds whose run completed; empty when none did. */
    public Optional<SeedSpread> maxError() {
        return SeedSpread.of(runs.stream().mapToDouble(r -> r.trial().maxErrorPct()).toArray());
    }

    /** Mean dispatch delay over the seeds whose run completed; empty when none did. */
    public Optional<SeedSpread> dispatchDelay() {
        return SeedSpread.of(runs.stream().mapToDouble(r -> r.trial().meanDispatchDelayUs()).toArray());
    }

    /**
     * For a problem that changes while it runs, one entry per change (phase 1 on): over the seeds whose run completed
     * and measured that phase, the spread of its settling time (seconds from the change until every interval's error
     * is within the max threshold for good; for a phase that did not settle, the time measured), the worst error of
     * its transient, and the seeds on which it did not settle. Empty for a static problem.
     */
    public List<ChangeSettling> settling() {
        List<ChangeSettling> out = new ArrayList<>();
        int phases = runs.stream().flatMap(r -> r.trial().comparison().stream()).mapToInt(c -> c.phases().size())
                .max().orElse(0);
        for (int k = 1; k < phases; k++) {
            int phase = k;
            List<double[]> figures = new ArrayList<>();
            List<Long> unsettled = new ArrayList<>();
            double at = Double.NaN;
            for (TestResult r : runs) {
                if (r.trial().comparison().isEmpty() || r.trial().comparison().get().phases().size() <= phase) {
                    continue;
                }
                PhaseComparison p = r.trial().comparison().get().phases().get(phase);
                at = p.startS();
                if (!p.measured()) {
                    continue;
                }
                figures.add(new double[] {p.settleS(), p.worstErrorPct()});
                if (!p.settled()) {
                    unsettled.add(r.seed());
                }
            }
            if (!figures.isEmpty()) {
                out.add(new ChangeSettling(phase, at,
                        SeedSpread.of(figures.stream().mapToDouble(f -> f[0]).toArray()).orElseThrow(),
                        SeedSpread.of(figures.stream().mapToDouble(f -> f[1]).toArray()).orElseThrow(),
                        List.copyOf(unsettled)));
            }
        }
        return out;
    }

    /**
     * How the phase a change starts settled over the seeds ({@link #settling}).
     *
     * @param phase      the phase's index (1 for the first change)
     * @param atS        the change's instant
     * @param settleS    its settling time in seconds
     * @param worstError its worst interval error, percent
     * @param unsettled  the seeds on which its error was still above the threshold when it ended
     */
    public record ChangeSettling(int phase, double atS, SeedSpread settleS, SeedSpread worstError, List<Long> unsettled) {
        public ChangeSettling {
            unsettled = List.copyOf(unsettled);
        }
    }

    /** The seeds each verdict came out on, verdicts in PASS, FAIL, ERROR order, only those that occurred. */
    public Map<Verdict, List<Long>> seedsByVerdict() {
        Map<Verdict, List<Long>> m = new EnumMap<>(Verdict.class);
        for (TestResult r : runs) {
            m.computeIfAbsent(r.verdict(), v -> new ArrayList<>()).add(r.seed());
        }
        m.replaceAll((v, seeds) -> List.copyOf(seeds));
        return m;
    }

    /** Whether the seeds disagree on the verdict: the check is then flaky, whatever the worst seed says. */
    public boolean seedDependent() {
        return seedsByVerdict().size() > 1;
    }

    /** {@code verdict depends on the seed: PASS on 1,2,4, FAIL on 3,5}, when it does. */
    public Optional<String> seedNote() {
        if (!seedDependent()) {
            return Optional.empty();
        }
        return Optional.of("verdict depends on the seed: " + seedsByVerdict().entrySet().stream()
                .map(e -> e.getKey() + " on " + e.getValue().stream().map(String::valueOf).collect(Collectors.joining(",")))
                .collect(Collectors.joining(", ")));
    }

    /** The runs that failed, in seed order. */
    public List<TestResult> errors() {
        return runs.stream().filter(r -> r.trial().error().isPresent()).toList();
    }

    /** The reason of the first seed whose run failed. */
    public Optional<String> error() {
        return errors().stream().findFirst().flatMap(r -> r.trial().error());
    }

    /** The expectation as listed; empty when no file names the check (it is then expected to PASS). */
    public Optional<Expected> expected() {
        return first().expected();
    }

    /** The expectation applied: the listed one, else PASS. */
    public Expected expectation() {
        return expected().orElse(Expected.PASS);
    }

    /** Whether the worst seed's verdict is the expected one; ANY accepts every verdict but ERROR. */
    public boolean asExpected() {
        return switch (expectation()) {
            case ANY -> verdict() != Verdict.ERROR;
            case PASS -> verdict() == Verdict.PASS;
            case FAIL -> verdict() == Verdict.FAIL;
        };
    }

    /** Wall time of every seed's run together. */
    public double wallSeconds() {
        return runs.stream().mapToDouble(TestResult::wallSeconds).sum();
    }
}
