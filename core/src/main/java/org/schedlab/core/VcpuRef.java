package org.schedlab.core;

import java.util.Locale;
import java.util.Objects;

/**
 * A virtual CPU named by its user and address, {@code B.0} in a scenario: how a change names the virtual
 * CPU it acts on, and how a problem whose users come and go names the dimensions of its answers
 * ({@link Problem#runningVcpus()}). The user keeps its spelling and the address is upper-cased, as
 * {@link VirtualCpu} keeps it; two references to the same virtual CPU may still be spelled differently
 * ({@code b.0A} and {@code B.A}), so compare them with {@link #sameVcpu}.
 */
public record VcpuRef(String user, String address) {

    public VcpuRef {
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(address, "address");
        address = address.toUpperCase(Locale.ROOT);
        VirtualCpu.addressProblem(address).ifPresent(m -> {
            throw new IllegalArgumentException(m);
        });
    }

    /** The reference to {@code vcpu} of {@code user}, spelled as they are. */
    public static VcpuRef of(User user, VirtualCpu vcpu) {
        return new VcpuRef(user.name(), vcpu.address());
    }

    /** The address as a number: {@code 0A} and {@code A} are the same virtual CPU. */
    public int number() {
        return Integer.parseInt(address, 16);
    }

    /** The user as maps key it: names are case-insensitive. */
    public String userKey() {
        return User.key(user);
    }

    /** Whether both name the same virtual CPU: same user whatever the case, same address whatever the spelling. */
    public boolean sameVcpu(VcpuRef other) {
        return userKey().equals(other.userKey()) && number() == other.number();
    }

    /** Whether this names {@code vcpu} of {@code user}. */
    public boolean names(User user, VirtualCpu vcpu) {
        return userKey().equals(user.key()) && number() == vcpu.number();
    }

    /** {@code USER.ADDR}, the name reports and measurement files use. */
    public String id() {
        return user + "." + address;
    }

    @Override
    public String toString() {
        return id();
    }
}
