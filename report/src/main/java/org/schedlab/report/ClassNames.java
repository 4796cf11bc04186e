package org.schedlab.report;

import java.nio.file.Path;

/**
 * The class name a scenario file takes in JUnit reports. CI servers group test cases by a dotted
 * {@code classname} and show it as packages and a class, so a file path is turned into one:
 * {@code scenarios/infinite/INF01.scn} is {@code scenarios.infinite.INF01}.
 */
public final class ClassNames {

    private ClassNames() {
    }

    /**
     * The path's segments joined with dots, {@code .scn} dropped; an absolute path under the working
     * directory is taken relative to it, {@code .} and {@code ..} segments are left out, and a dot inside
     * a segment becomes {@code _} so it does not read as a package boundary.
     */
    public static String of(String file) {
        String s = file.replace('\\', '/');
        try {
            Path p = Path.of(s);
            Path cwd = Path.of("").toAbsolutePath();
            if (p.isAbsolute() && p.normalize().startsWith(cwd)) {
                s = cwd.relativize(p.normalize()).toString().replace('\\', '/');
            }
        } catch (RuntimeException e) {
            // not a path on this system: use the text as it is
        }
        if (s.endsWith(".scn")) {
            s = s.substring(0, s.length() - ".scn".length());
        }
        StringBuilder out = new StringBuilder();
        for (String part : s.split("/")) {
            if (part.isEmpty() || part.equals(".") || part.equals("..")) {
                continue;
            }
            if (out.length() > 0) {
                out.append('.');
            }
            out.append(part.replace('.', '_'));
        }
        return out.length() == 0 ? "scenario" : out.toString();
    }
}
