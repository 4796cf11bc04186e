package org.schedlab.core;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * One virtual CPU of a user (z/VM: a VMDBK). {@code address} is the hex address as written,
 * upper-cased ({@code 0}..{@code 3F}).
 */
public record VirtualCpu(String address, EngineType type, Demand demand, boolean stopped, SourceLocation location) {

    public static final int MAX_ADDRESS = Limits.MAX_VCPU_ADDRESS;

    public VirtualCpu {
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(demand, "demand");
        Objects.requireNonNull(location, "location");
        address = address.toUpperCase(Locale.ROOT);
        addressProblem(address).ifPresent(m -> {
            throw new IllegalArgumentException(m);
        });
    }

    /** What is wrong with a written address, or empty if it is valid. */
    public static Optional<String> addressProblem(String text) {
        try {
            int n = Integer.parseInt(text, 16);
            if (n >= 0 && n <= MAX_ADDRESS && !text.startsWith("+") && !text.startsWith("-")) {
                return Optional.empty();
            }
        } catch (NumberFormatException e) {
            // fall through to the message
        }
        return Optional.of("virtual CPU address must be hex from 0 to 3F, got " + text);
    }

    /** The address as a number; {@code 0A} and {@code A} are the same virtual CPU. */
    public int number() {
        return Integer.parseInt(address, 16);
    }
}
