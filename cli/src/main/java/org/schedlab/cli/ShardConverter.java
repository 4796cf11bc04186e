package org.schedlab.cli;

import org.schedlab.cell.Shards;
import picocli.CommandLine;

/** {@code --shard K/N}; anything else is a usage error. */
final class ShardConverter implements CommandLine.ITypeConverter<Shards.Spec> {

    @Override
    public Shards.Spec convert(String value) {
        try {
            return Shards.Spec.parse(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
