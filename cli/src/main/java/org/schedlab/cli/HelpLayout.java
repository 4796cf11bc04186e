package org.schedlab.cli;

import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Help.Column;
import picocli.CommandLine.Help.TextTable;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * Help footers with examples that are never wrapped: an example broken across lines by the layout no
 * longer runs when pasted into a shell. Example lines (indented {@code schedlab ...}, and their
 * {@code \}-continuations) are printed as written; the other footer lines wrap at the help width as
 * picocli would wrap them. Examples are kept under 80 columns (SchedlabTest, TopLevelTest), so at the
 * usual widths nothing is wider than the terminal either.
 */
final class HelpLayout {

    private HelpLayout() {
    }

    /** Installs the footer layout on a command and all its subcommands. */
    static void install(CommandLine cl) {
        cl.getHelpSectionMap().put(UsageMessageSpec.SECTION_KEY_FOOTER, HelpLayout::footer);
        cl.getSubcommands().values().forEach(HelpLayout::install);
    }

    static boolean isExample(String line) {
        return line.startsWith("  schedlab ") || line.startsWith("      ");
    }

    private static String footer(Help help) {
        UsageMessageSpec usage = help.commandSpec().usageMessage();
        StringBuilder out = new StringBuilder();
        for (String line : usage.footer()) {
            if (isExample(line)) {
                out.append(line).append(System.lineSeparator());
            } else {
                TextTable table = TextTable.forColumns(help.colorScheme(), new Column(usage.width(), 0, Column.Overflow.WRAP));
                table.indentWrappedLines = 0;
                table.addRowValues(line);
                out.append(table);
            }
        }
        return out.toString();
    }
}
