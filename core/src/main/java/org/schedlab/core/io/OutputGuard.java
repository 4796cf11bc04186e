package org.schedlab.core.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What an output may replace: only what schedlab wrote. A file is replaced when it is missing, empty,
 * or recognised by its first bytes as the kind of file the writer writes ({@link Signature}); a report
 * directory, which is replaced as a whole, when it is missing, empty, or holds the marker file
 * {@value #REPORT_MARKER} every report gets. Anything else (a user's file or folder, the folder of the
 * inputs, the working directory) is a {@link RefusedOutputException}, said before anything runs.
 * Messages name the path as given; front ends put the option in front.
 */
public final class OutputGuard {

    /** The file a report directory carries, so that the next report may replace it. */
    public static final String REPORT_MARKER = ".schedlab-report";
    /** What {@link #REPORT_MARKER} says to whoever opens it. */
    public static final String REPORT_MARKER_TEXT = "This directory is a report written by schedlab. schedlab replaces "
            + "it as a whole when asked to write a report here again;\nit never replaces a directory without this file.\n";
    /** How much of a file its {@link Signature} sees. */
    public static final int HEAD_BYTES = 4096;

    /** Pages of a report written before reports carried the marker. */
    private static final Pattern LEGACY_PAGE = Pattern.compile("index\\.html|p\\d{3,}\\.html");

    /** Recognises a kind of file schedlab writes by its first bytes (at most {@link #HEAD_BYTES}). */
    @FunctionalInterface
    public interface Signature {
        boolean matches(byte[] head);

        /** Files that start with {@code prefix} (UTF-8). */
        static Signature startsWith(String prefix) {
            byte[] p = prefix.getBytes(StandardCharsets.UTF_8);
            return head -> head.length >= p.length && java.util.Arrays.equals(head, 0, p.length, p, 0, p.length);
        }
    }

    private OutputGuard() {
    }

    /**
     * {@code target} may be replaced by a file of the kind {@code ours} recognises, called {@code what} in the
     * message ("a JUnit report").
     *
     * @throws RefusedOutputException when it is a directory, not a regular file, or a file schedlab did not write
     */
    public static void checkFile(Path target, String what, Signature ours) {
        if (!Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        if (Files.isDirectory(target)) {
            throw new RefusedOutputException(target + " is a directory; expected a file name");
        }
        if (Files.isSymbolicLink(target) || !Files.isRegularFile(target)) {
            throw new RefusedOutputException(target + " exists and is not a regular file; schedlab replaces only "
                    + "files it wrote: remove it or choose another name");
        }
        byte[] head;
        try (InputStream in = Files.newInputStream(target)) {
            head = in.readNBytes(HEAD_BYTES);
        } catch (IOException e) {
            throw new RefusedOutputException(target + " exists and cannot be read (" + WriteException.of(target, e)
                    .getMessage().replaceFirst("^could not write [^:]*: ", "") + "), so schedlab cannot tell that it "
                    + "wrote it; remove it or choose another name");
        }
        if (head.length > 0 && !ours.matches(head)) {
            throw new RefusedOutputException(target + " exists and is not " + what + " schedlab wrote; schedlab replaces "
                    + "only files it wrote: remove it or choose another name");
        }
    }

    /**
     * {@code dir} may be replaced as a whole by a report: it is missing, empty, or a report schedlab wrote; it
     * holds none of {@code inputs}; it is not the working directory or above it.
     *
     * @throws RefusedOutputException otherwise
     */
    public static void checkReportDirectory(Path dir, Collection<Path> inputs) {
        Path abs = dir.toAbsolutePath().normalize();
        Path cwd = Path.of("").toAbsolutePath().normalize();
        if (cwd.startsWith(abs)) {
            throw new RefusedOutputException(dir + " is the working directory" + (cwd.equals(abs) ? "" : " or above it")
                    + "; a report directory is replaced as a whole: name a new directory for it");
        }
        if (!Files.exists(abs, LinkOption.NOFOLLOW_LINKS)) {
            checkApart(dir, abs, inputs);
            return;
        }
        if (Files.isSymbolicLink(abs)) {
            throw new RefusedOutputException(dir + " is a symbolic link; a report directory is replaced as a whole: "
                    + "name a new directory for it");
        }
        if (!Files.isDirectory(abs)) {
            throw new RefusedOutputException(dir + " is a file; expected a directory for the report");
        }
        checkApart(dir, abs, inputs);
        List<String> entries;
        try (Stream<Path> s = Files.list(abs)) {
            entries = s.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new RefusedOutputException(dir + " cannot be listed, so schedlab cannot tell that it wrote it: name "
                    + "a new directory for the report");
        }
        if (entries.isEmpty() || entries.contains(REPORT_MARKER) || legacyReport(abs, entries)) {
            return;
        }
        throw new RefusedOutputException(dir + " is not empty and is not a report schedlab wrote (it has no "
                + REPORT_MARKER + "); schedlab replaces only its own reports: name a new or empty directory");
    }

    /** No input lies in {@code dir}: a report would delete it. */
    private static void checkApart(Path dir, Path abs, Collection<Path> inputs) {
        Path real = realOrNormal(abs);
        for (Path input : inputs) {
            Path in = realOrNormal(input.toAbsolutePath().normalize());
            if (in.startsWith(real) || in.startsWith(abs)) {
                throw new RefusedOutputException(dir + " holds the input " + input + "; a report directory is replaced "
                        + "as a whole: name a directory apart from the inputs");
            }
        }
    }

    /**
     * {@code output} (a file) is none of {@code inputs}, and in no report directory of {@code reportDirs}: the
     * report would replace it the moment it is written.
     */
    public static void checkApart(Path output, Collection<Path> inputs, Collection<Path> reportDirs) {
        Path out = realOrNormal(output.toAbsolutePath().normalize());
        for (Path input : inputs) {
            if (realOrNormal(input.toAbsolutePath().normalize()).equals(out)) {
                throw new RefusedOutputException(output + " is an input of this command; choose another name");
            }
        }
        for (Path d : reportDirs) {
            if (out.startsWith(realOrNormal(d.toAbsolutePath().normalize()))) {
                throw new RefusedOutputException(output + " is inside the report directory " + d
                        + ", which is replaced as a whole; choose a name outside it");
            }
        }
    }

    /** A report written before the marker existed: only its pages and PNG charts, and its title. */
    private static boolean legacyReport(Path dir, List<String> entries) {
        if (!entries.contains("index.html")) {
            return false;
        }
        for (String e : entries) {
            Path p = dir.resolve(e);
            if (e.equals("img")) {
                if (!Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    return false;
                }
                try (Stream<Path> s = Files.list(p)) {
                    if (!s.allMatch(f -> f.getFileName().toString().endsWith(".png")
                            && Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS))) {
                        return false;
                    }
                } catch (IOException x) {
                    return false;
                }
            } else if (!LEGACY_PAGE.matcher(e).matches() || !Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                return false;
            }
        }
        try (InputStream in = Files.newInputStream(dir.resolve("index.html"))) {
            return new String(in.readNBytes(HEAD_BYTES), StandardCharsets.UTF_8)
                    .contains("<title>schedlab test report</title>");
        } catch (IOException e) {
            return false;
        }
    }

    private static Path realOrNormal(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            // Not there yet: the nearest existing directory above it, resolved, with the rest appended.
            Path parent = p.getParent();
            return parent == null ? p : realOrNormal(parent).resolve(p.getFileName());
        }
    }
}
