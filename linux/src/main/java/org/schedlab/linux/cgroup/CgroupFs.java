package org.schedlab.linux.cgroup;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The file operations a cgroup hierarchy answers: a directory is a group, a file a control value. The kernel's
 * ({@link #KERNEL}) makes a group's control files itself on {@code mkdir} and takes them away on {@code rmdir};
 * a test's stands in for it on a temporary directory.
 */
public interface CgroupFs {

    /** The real cgroup file systems. */
    CgroupFs KERNEL = new KernelCgroupFs();

    /** Makes a group; the parent exists. */
    void mkdir(Path group) throws IOException;

    /** Writes {@code value} to an existing control file in one write, as {@code echo value > file} does. */
    void write(Path file, String value) throws IOException;

    /** A control file's text. */
    String read(Path file) throws IOException;

    /** Removes an empty group: no tasks, no child groups. */
    void rmdir(Path group) throws IOException;

    /** The child groups of a group, by name order. */
    List<Path> children(Path group) throws IOException;
}
