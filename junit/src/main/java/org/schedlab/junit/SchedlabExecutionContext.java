package org.schedlab.junit;

import java.util.Objects;
import org.junit.platform.engine.EngineExecutionListener;
import org.junit.platform.engine.support.hierarchical.EngineExecutionContext;

/** What every check of an execution shares: the settings its plan was discovered with, and where to report. */
record SchedlabExecutionContext(EngineSettings settings, EngineExecutionListener listener)
        implements EngineExecutionContext {

    SchedlabExecutionContext {
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(listener, "listener");
    }
}
