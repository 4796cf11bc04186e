package org.schedlab.linux.cgroup;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@link CgroupFs} on the kernel's cgroup file systems: plain file calls, with writes that never create a file
 * (a missing control file is an error, not a new file) and that reach the kernel as one {@code write(2)}.
 */
final class KernelCgroupFs implements CgroupFs {

    @Override
    public void mkdir(Path group) throws IOException {
        Files.createDirectory(group);
    }

    @Override
    public void write(Path file, String value) throws IOException {
        Files.write(file, value.getBytes(StandardCharsets.US_ASCII), StandardOpenOption.WRITE);
    }

    @Override
    public String read(Path file) throws IOException {
        return Files.readString(file, StandardCharsets.US_ASCII);
    }

    @Override
    public void rmdir(Path group) throws IOException {
        Files.delete(group);
    }

    @Override
    public List<Path> children(Path group) throws IOException {
        try (Stream<Path> s = Files.list(group)) {
            return s.filter(Files::isDirectory).sorted().toList();
        }
    }
}
