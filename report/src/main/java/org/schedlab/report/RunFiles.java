package org.schedlab.report;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.schedlab.cell.RunMetrics;
import org.schedlab.comparator.Comparison;
import org.schedlab.core.io.AtomicOutput;
import org.schedlab.runner.RunListener;
import org.schedlab.solver.Solution;
import org.schedlab.solver.VcpuAnswer;

/**
 * A run's files, streamed as the intervals arrive and moved into place only when the run
 * finishes: a failed or interrupted run leaves nothing behind. Made by {@link Reporter#runFiles}.
 */
public abstract class RunFiles implements RunListener, AutoCloseable {

    protected final Solution solution;
    protected final List<VcpuAnswer> running;
    private final List<AtomicOutput> files = new ArrayList<>();

    protected RunFiles(Solution solution) {
        this.solution = solution;
        this.running = solution.running();
    }

    /** Opens a file of this run; it appears under {@code path} only on {@link #finish}. */
    protected final Writer file(Path path) throws IOException {
        AtomicOutput out = AtomicOutput.create(path);
        files.add(out);
        return out.writer();
    }

    /** Paths written, once {@link #finish} has committed them. */
    public final List<Path> paths() {
        return files.stream().map(AtomicOutput::target).toList();
    }

    /** Writes the summary (and, where the format has room, the comparison) and moves every file into place. */
    public final void finish(Comparison comparison, RunMetrics metrics) throws IOException {
        writeSummary(comparison, metrics);
        for (AtomicOutput f : files) {
            f.commit();
        }
    }

    protected abstract void writeSummary(Comparison comparison, RunMetrics metrics) throws IOException;

    /** Discards whatever was not committed. */
    @Override
    public final void close() {
        files.forEach(AtomicOutput::close);
    }
}
