package org.schedlab.junit;

import java.util.Optional;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.engine.support.hierarchical.Node;

/**
 * One scenario file: the container of its checks, named like a class ({@code scenarios.infinite.INF01}):
 * Surefire's report uses a container's name as the class of its tests, and CI servers read the dots as
 * packages. Its source is the file, for an IDE to open. A file that does not parse has no checks and fails
 * itself, with every diagnostic of the file ({@code file:line:col: message}), so the other files still run.
 */
final class ScenarioFileDescriptor extends AbstractTestDescriptor implements Node<SchedlabExecutionContext> {

    private final ScenarioSource scenario;
    private final Optional<String> loadError;

    ScenarioFileDescriptor(UniqueId id, ScenarioSource scenario, Optional<String> loadError) {
        super(id, scenario.className(), scenario.testSource());
        this.scenario = scenario;
        this.loadError = loadError;
    }

    ScenarioSource scenario() {
        return scenario;
    }

    @Override
    public Type getType() {
        return Type.CONTAINER;
    }

    /** A file that failed to load has no checks but must still be reported, not pruned as empty. */
    @Override
    public boolean mayRegisterTests() {
        return loadError.isPresent();
    }

    @Override
    public SchedlabExecutionContext before(SchedlabExecutionContext context) {
        if (loadError.isPresent()) {
            throw new ScenarioFileException(loadError.get());
        }
        return context;
    }

    /** A scenario file that does not parse or cannot be read; the stack trace would say nothing about it. */
    static final class ScenarioFileException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ScenarioFileException(String message) {
            super(message, null, false, false);
        }
    }
}
