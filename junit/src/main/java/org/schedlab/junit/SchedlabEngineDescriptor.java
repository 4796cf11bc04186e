package org.schedlab.junit;

import java.util.Objects;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.EngineDescriptor;

/** The engine's root, carrying the settings discovery read so execution runs the same plan. */
final class SchedlabEngineDescriptor extends EngineDescriptor {

    private final EngineSettings settings;

    SchedlabEngineDescriptor(UniqueId id, EngineSettings settings) {
        super(id, "schedlab scenarios");
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    EngineSettings settings() {
        return settings;
    }
}
