package org.schedlab.runner.spi;

import java.util.Objects;

/**
 * One option of a policy's spec string ({@code name:key=value}), as {@code schedlab policies} lists it.
 *
 * @param name         the key in a spec string
 * @param type         what values it takes, e.g. {@code on|off}
 * @param defaultValue the value when the spec string does not set it
 * @param meaning      one line
 */
public record PolicyOption(String name, String type, String defaultValue, String meaning) {

    public PolicyOption {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(defaultValue, "defaultValue");
        Objects.requireNonNull(meaning, "meaning");
        if (name.isBlank()) {
            throw new IllegalArgumentException("option name must not be blank");
        }
    }
}
