package org.schedlab.linux.kernel;

import static org.junit.jupiter.api.Assumptions.abort;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.schedlab.core.InputException;
import org.schedlab.core.Problem;
import org.schedlab.core.Scenario;
import org.schedlab.grammar.ScenarioParser;
import org.schedlab.linux.cgroup.CgroupMounts;
import org.schedlab.linux.host.HostAccessException;
import org.schedlab.linux.host.HostPaths;

/**
 * What the tests on the machine's own kernel need, as JUnit assumptions with the reason when it is missing (so the
 * skipped count shows it): Linux, and cgroups with the cpu and cpuset controllers that this process may write
 * (root with cgroup v1, or a cgroup v2 delegated subtree).
 */
final class RealKernel {

    private RealKernel() {
    }

    static CgroupMounts assumeUsable() {
        assumeTrue(System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux"),
                "the kernel under test is Linux; this is " + System.getProperty("os.name"));
        try {
            return CgroupMounts.detect(HostPaths.SYSTEM);
        } catch (HostAccessException e) {
            return abort("no writable cgroups with cpu and cpuset here: " + e.getMessage());
        }
    }

    /** A problem of the scenario library, by file name ({@code J1.scn}). */
    static Problem library(String file) throws Exception {
        Scenario s = ScenarioParser.parse(Path.of("..", "scenarios", file));
        return s.problems().get(0);
    }

    static Problem parse(String text) throws InputException {
        return ScenarioParser.parse("kernel.scn", text).problems().get(0);
    }

    static List<String> ids(Problem p) {
        return p.vcpus().stream().filter(v -> !v.vcpu().stopped()).map(Problem.Placed::id).toList();
    }
}
