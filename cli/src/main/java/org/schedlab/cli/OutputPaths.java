package org.schedlab.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import org.schedlab.cell.Scenarios;
import org.schedlab.core.io.RefusedOutputException;
import org.schedlab.report.Outputs;

/**
 * Checks made before any work starts, so that a wrong path is said at once, naming the option,
 * and not after minutes of running (or never, as a leaked temporary file name).
 */
final class OutputPaths {

    private OutputPaths() {
    }

    /** {@code option}'s file {@code file} can be written: not a directory, and its directory exists or can be made. */
    static void checkFile(String option, Path file) {
        if (Files.isDirectory(file)) {
            throw new UsageException(option + " " + file + " is a directory; expected a file name");
        }
        Path parent = file.toAbsolutePath().getParent();
        checkCanHold(option, file, parent);
    }

    /** {@code option}'s directory {@code dir} can hold new files: it is a directory, or it can be made. */
    static void checkDirectory(String option, Path dir) {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new UsageException(option + " " + dir + " is a file; expected a directory for the output files");
        }
        checkCanHold(option, dir, dir.toAbsolutePath());
    }

    /**
     * {@code option}'s report directory {@code dir} can be made or replaced: it is built beside itself, so its
     * parent must be writable; and it may be replaced ({@link Outputs#checkHtmlReport}): it holds none of
     * {@code inputs}, and it is missing, empty or a report schedlab wrote.
     */
    static void checkReportDirectory(String option, Path dir, Collection<Path> inputs) {
        guard(option, () -> Outputs.checkHtmlReport(dir, inputs));
        Path parent = dir.toAbsolutePath().normalize().getParent();
        checkCanHold(option, dir, parent);
    }

    /** A check of {@code core/io}'s or the reports' guard, its refusal a usage error naming the option. */
    static void guard(String option, Runnable check) {
        try {
            check.run();
        } catch (RefusedOutputException e) {
            throw new UsageException(option + " " + e.getMessage());
        }
    }

    private static void checkCanHold(String option, Path given, Path dir) {
        Path existing = dir;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return;
        }
        if (!Files.isDirectory(existing)) {
            throw new UsageException(option + " " + given + ": " + existing + " is a file, not a directory");
        }
        if (!Files.isWritable(existing)) {
            throw new UsageException(option + " " + given + ": cannot write in " + existing + " ("
                    + (readOnly(existing) ? "read-only file system" : "permission denied") + ")");
        }
    }

    private static boolean readOnly(Path dir) {
        try {
            return Files.getFileStore(dir).isReadOnly();
        } catch (IOException e) {
            return false;
        }
    }

    /** Every directory among {@code paths} holds at least one scenario file; a directory with none is a mistake. */
    static void checkScenarioDirectories(List<Path> paths) throws IOException {
        for (Path p : paths) {
            if (Files.isDirectory(p) && Scenarios.expand(List.of(p)).isEmpty()) {
                throw new UsageException("no .scn files in " + p);
            }
        }
    }
}
