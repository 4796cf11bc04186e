package org.schedlab.cli;

import java.util.Map;
import org.schedlab.runner.spi.PolicyContext;
import org.schedlab.runner.spi.PolicyInstance;
import org.schedlab.runner.spi.SchedulerPolicy;

/**
 * A policy whose options throw a Java {@code Error} on the command's own thread, as a defect in
 * schedlab would ({@code --policy org.schedlab.cli.ErrorPolicy:error=oom}): {@code oom} an
 * OutOfMemoryError, {@code stack} a StackOverflowError. Nothing runs.
 */
public final class ErrorPolicy implements SchedulerPolicy {

    static final String CLASS = ErrorPolicy.class.getName();
    static final String MESSAGE = "from the test policy";

    @Override
    public String name() {
        return "error";
    }

    @Override
    public SchedulerPolicy withOptions(Map<String, String> options) {
        switch (options.getOrDefault("error", "")) {
            case "oom" -> throw new OutOfMemoryError(MESSAGE);
            case "stack" -> throw new StackOverflowError(MESSAGE);
            default -> {
                return this;
            }
        }
    }

    @Override
    public PolicyInstance start(PolicyContext context) {
        throw new UnsupportedOperationException("never started: its options throw first");
    }
}
