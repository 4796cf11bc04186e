package org.schedlab.junit;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.platform.engine.EngineDiscoveryRequest;
import org.junit.platform.engine.ExecutionRequest;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.hierarchical.HierarchicalTestEngine;
import org.schedlab.core.InputException;
import org.schedlab.core.Problem;
import org.schedlab.core.Scenario;
import org.schedlab.junit.ScenarioDiscovery.CaseKey;
import org.schedlab.junit.ScenarioDiscovery.Selection;

/**
 * Runs scenario files as JUnit tests: one container per {@code *.scn} file, one test per problem and
 * policy (and seed, when {@code schedlab.seeds} names several). Files come from class path roots,
 * class path resources and packages, directories and files, the way feature files reach Cucumber's
 * engine; a unique ID re-runs one check. What runs is set by configuration parameters, see
 * {@link EngineSettings}. Checks run one after another: each run already uses the machine's cores.
 */
public final class SchedlabTestEngine extends HierarchicalTestEngine<SchedlabExecutionContext> {

    /** The engine's ID, for {@code @IncludeEngines} and unique IDs. */
    public static final String ID = "schedlab";

    @Override
    public String getId() {
        return ID;
    }

    @Override
    public Optional<String> getGroupId() {
        return Optional.of("org.schedlab");
    }

    @Override
    public Optional<String> getArtifactId() {
        return Optional.of("schedlab-junit-engine");
    }

    @Override
    public TestDescriptor discover(EngineDiscoveryRequest request, UniqueId uniqueId) {
        Map<ScenarioSource, Selection> files = ScenarioDiscovery.discover(request, uniqueId);
        // Settings are read only when there is something to run, so a project whose tests hold no
        // scenarios is never stopped by this engine's configuration.
        if (files.isEmpty()) {
            return new SchedlabEngineDescriptor(uniqueId, EngineSettings.DEFAULTS);
        }
        EngineSettings settings = EngineSettings.from(request.getConfigurationParameters());
        SchedlabEngineDescriptor engine = new SchedlabEngineDescriptor(uniqueId, settings);
        files.forEach((source, selection) -> engine.addChild(file(source, selection, engine.getUniqueId(), settings)));
        return engine;
    }

    private static TestDescriptor file(ScenarioSource source, Selection selection, UniqueId engineId,
                                       EngineSettings settings) {
        UniqueId id = source.uniqueId(engineId);
        Scenario scenario;
        try {
            scenario = source.load();
        } catch (InputException e) {
            return new ScenarioFileDescriptor(id, source, Optional.of(e.getMessage()));
        } catch (IOException e) {
            return new ScenarioFileDescriptor(id, source, Optional.of("cannot read " + source.displayName() + ": "
                    + e.getMessage()));
        }
        ScenarioFileDescriptor file = new ScenarioFileDescriptor(id, source, Optional.empty());
        boolean showSeed = settings.seeds().size() > 1;
        for (Problem p : scenario.problems()) {
            for (CaseKey k : cases(p, selection, settings)) {
                file.addChild(ScenarioCaseDescriptor.of(id, source, scenario, p, k.policy(), k.seed(),
                        showSeed || !selection.all()));
            }
        }
        return file;
    }

    /** The checks of one problem: every configured policy and seed, or those a unique ID named. */
    private static List<CaseKey> cases(Problem p, Selection selection, EngineSettings settings) {
        List<CaseKey> out = new ArrayList<>();
        if (!selection.all()) {
            selection.cases().stream().filter(k -> k.problem().equals(p.name())).forEach(out::add);
            return out;
        }
        for (String policy : settings.policies()) {
            if (settings.seeds().isEmpty()) {
                out.add(new CaseKey(p.name(), policy, Optional.empty()));
            }
            for (long seed : settings.seeds()) {
                out.add(new CaseKey(p.name(), policy, Optional.of(seed)));
            }
        }
        return out;
    }

    @Override
    protected SchedlabExecutionContext createExecutionContext(ExecutionRequest request) {
        EngineSettings settings = request.getRootTestDescriptor() instanceof SchedlabEngineDescriptor e
                ? e.settings() : EngineSettings.from(request.getConfigurationParameters());
        return new SchedlabExecutionContext(settings, request.getEngineExecutionListener());
    }
}
