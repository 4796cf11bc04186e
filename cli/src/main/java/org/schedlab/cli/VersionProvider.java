package org.schedlab.cli;

import picocli.CommandLine;

/** The version from the jar manifest (set by the build), so it cannot drift from the pom. */
final class VersionProvider implements CommandLine.IVersionProvider {

    @Override
    public String[] getVersion() {
        String v = Schedlab.class.getPackage().getImplementationVersion();
        return new String[] {"schedlab " + (v == null ? "(development build)" : v),
                "Java " + System.getProperty("java.version")};
    }
}
