package org.schedlab.report;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.file.Path;
import java.util.List;
import org.schedlab.cell.RunMetrics;
import org.schedlab.comparator.Comparison;
import org.schedlab.core.io.AtomicFileSet;
import org.schedlab.runner.RunListener;
import org.schedlab.core.VcpuRef;
import org.schedlab.solver.PhasedSolution;
import org.schedlab.solver.Solution;
import org.schedlab.solver.VcpuAnswer;

/**
 * A run's files {@code DIR/BASE.*}, streamed as the intervals arrive and moved into place only when
 * the run finishes, as one {@link AtomicFileSet}: a failed or interrupted run leaves nothing behind,
 * and the previous run's files are replaced as a set. Made by {@link Reporter#runFiles}.
 */
public abstract class RunFiles implements RunListener, AutoCloseable {

    protected final Solution solution;
    protected final List<VcpuAnswer> running;
    private final Path dir;
    private final AtomicFileSet files;

    protected RunFiles(Solution solution, Path dir, String base) throws IOException {
        this(solution, solution.running(), dir, base);
    }

    /**
     * For a problem that changes while it runs: {@code solution} is its first phase's, and {@code running} has one
     * answer per dimension, each as of the first phase it runs in ({@link #dimensions}).
     */
    protected RunFiles(Solution solution, List<VcpuAnswer> running, Path dir, String base) throws IOException {
        this.solution = solution;
        this.running = List.copyOf(running);
        this.dir = dir.toAbsolutePath();
        this.files = AtomicFileSet.create(dir, base);
    }

    /**
     * The rows of a run of a problem solved phase by phase, one per dimension ({@code PhasedSolution.dimensions()}):
     * each its answer in the first phase it runs in (its name, type and pool; its correct value there). A static
     * problem's are {@code Solution.running()}.
     */
    public static List<VcpuAnswer> dimensions(PhasedSolution solution) {
        if (!solution.dynamic()) {
            return solution.phases().get(0).solution().running();
        }
        List<VcpuRef> dims = solution.dimensions();
        VcpuAnswer[] out = new VcpuAnswer[dims.size()];
        int left = out.length;
        for (int k = 0; k < solution.phases().size() && left > 0; k++) {
            for (VcpuAnswer a : solution.phases().get(k).solution().running()) {
                for (int i = 0; i < dims.size(); i++) {
                    if (out[i] == null && dims.get(i).names(a.placed().user(), a.placed().vcpu())) {
                        out[i] = a;
                        left--;
                    }
                }
            }
        }
        return List.of(out);
    }

    /**
     * Opens a file of this run, {@code DIR/BASE.something}; it appears under {@code path} only on {@link #finish}.
     *
     * @throws org.schedlab.core.io.RefusedOutputException when a file of that name is there that schedlab did not write
     */
    protected final Writer file(Path path) throws IOException {
        Path p = path.toAbsolutePath();
        if (!dir.equals(p.getParent())) {
            throw new IllegalArgumentException(path + " is not in " + dir);
        }
        Outputs.checkRunFile(p);
        return files.file(p.getFileName().toString());
    }

    /**
     * Opens a further file of this run's set, {@code DIR/name} with {@code name} {@code BASE.something} (a chart),
     * so that it is replaced together with the others.
     */
    public final OutputStream stream(String name) throws IOException {
        Outputs.checkRunFile(dir.resolve(name));
        return files.stream(name);
    }

    /** The directory the files appear in. */
    public final Path dir() {
        return dir;
    }

    /** Paths written, once {@link #finish} has committed them. */
    public final List<Path> paths() {
        return files.targets();
    }

    /**
     * Writes the summary (and, where the format has room, the comparison) and moves every file into place, those
     * opened with {@link #stream} included.
     */
    public final void finish(Comparison comparison, RunMetrics metrics) throws IOException {
        writeSummary(comparison, metrics);
        files.commit();
    }

    protected abstract void writeSummary(Comparison comparison, RunMetrics metrics) throws IOException;

    /** Discards whatever was not committed. */
    @Override
    public final void close() {
        files.close();
    }
}
