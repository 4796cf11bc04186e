package org.schedlab.cli;

import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.schedlab.cell.GuardedPolicy;
import picocli.CommandLine.Option;

/**
 * {@code --policy-path}: jars and class directories to find user policies in. {@code java -jar}
 * ignores the class path, so this is the way to add a policy to {@code bin/schedlab}; the policy is
 * then named like a shipped one ({@code --policy NAME} via its service file, or its class name).
 */
final class PolicyPath {

    static final String ENV = "SCHEDLAB_POLICY_PATH";

    @Option(names = "--policy-path", paramLabel = "PATH", defaultValue = "${env:" + ENV + "}",
            description = "Jars and class directories with your own policies, separated by ':' (';' on Windows) "
                    + "(default: $" + ENV + ").")
    String path;

    private ClassLoader loader;

    /** The loader to look policies up in: schedlab's own, plus the path's entries when there are any. */
    ClassLoader loader() {
        if (loader == null) {
            loader = open(path);
        }
        return loader;
    }

    /**
     * A policy spec resolved with this path: an unknown name or a bad entry is a usage error (exit 2). The policy
     * is created and first asked what the runner needs within {@code timeout}; a fault there is kept as the
     * policy's ({@link GuardedPolicy#fault()}): its checks end in ERROR, the others run.
     */
    GuardedPolicy create(String spec, Optional<Duration> timeout) {
        ClassLoader l = loader();
        try {
            return GuardedPolicy.create(spec, l, timeout);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    private static ClassLoader open(String path) {
        ClassLoader parent = PolicyPath.class.getClassLoader();
        if (path == null || path.isBlank()) {
            return parent;
        }
        List<URL> urls = new ArrayList<>();
        for (String entry : path.split(File.pathSeparator)) {
            if (entry.isBlank()) {
                continue;
            }
            Path p = Path.of(entry.trim());
            if (!Files.isDirectory(p) && !(Files.isRegularFile(p) && Files.isReadable(p))) {
                throw new UsageException("--policy-path: " + entry.trim() + ": no such jar or directory");
            }
            try {
                urls.add(p.toAbsolutePath().toUri().toURL());
            } catch (MalformedURLException e) {
                throw new UsageException("--policy-path: " + entry.trim() + ": " + e.getMessage());
            }
        }
        // Left open for the life of the process: policy classes load lazily while runs go on.
        return urls.isEmpty() ? parent : new URLClassLoader("schedlab-policy-path", urls.toArray(URL[]::new), parent);
    }
}
