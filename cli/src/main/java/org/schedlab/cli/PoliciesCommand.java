package org.schedlab.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.schedlab.runner.policy.Policies;
import org.schedlab.runner.spi.PolicyOption;
import org.schedlab.runner.spi.SchedulerPolicy;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code schedlab policies}: every registered policy with its spec-string options and their defaults. */
@Command(name = "policies",
        mixinStandardHelpOptions = true,
        description = "List the scheduler policies --policy accepts, with their options, types and defaults.",
        footer = {"", "A policy with options is written NAME:KEY=VALUE[,KEY=VALUE...].",
                "Exit codes: 0 ok, 2 a registered policy could not be loaded.",
                "Example:", "  schedlab policies"})
final class PoliciesCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        List<SchedulerPolicy> all;
        try {
            all = Policies.all();
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        for (SchedulerPolicy p : all) {
            out.println(p.name());
            List<PolicyOption> options = p.options();
            if (options.isEmpty()) {
                out.println("  (no options)");
            }
            int width = options.stream().mapToInt(o -> o.name().length()).max().orElse(0);
            for (PolicyOption o : options) {
                out.printf("  %-" + width + "s  %s  default %s  %s%n", o.name(), o.type(), o.defaultValue(), o.meaning());
            }
        }
        out.flush();
        return ExitCodes.OK;
    }
}
