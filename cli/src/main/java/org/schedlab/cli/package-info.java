/**
 * The {@code schedlab} command line (docs/cli.md): one picocli class per subcommand, all thin faces on the
 * library modules. Nothing depends on this module.
 *
 * <p>API: {@link org.schedlab.cli.Schedlab} (the entry point) and {@link org.schedlab.cli.ExitCodes} (the exit
 * statuses every command uses). Everything else is internal: the commands, their options and converters,
 * progress and error handling.
 */
package org.schedlab.cli;
