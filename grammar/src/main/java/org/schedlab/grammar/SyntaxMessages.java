package org.schedlab.grammar;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.Vocabulary;
import org.antlr.v4.runtime.misc.IntervalSet;
import org.schedlab.grammar.ScenarioLanguageParser.AddressContext;
import org.schedlab.grammar.ScenarioLanguageParser.ChipsContext;
import org.schedlab.grammar.ScenarioLanguageParser.CpupoolContext;
import org.schedlab.grammar.ScenarioLanguageParser.DemandContext;
import org.schedlab.grammar.ScenarioLanguageParser.DspsliceContext;
import org.schedlab.grammar.ScenarioLanguageParser.DurationContext;
import org.schedlab.grammar.ScenarioLanguageParser.EngineTypeContext;
import org.schedlab.grammar.ScenarioLanguageParser.IntervalContext;
import org.schedlab.grammar.ScenarioLanguageParser.LogonContext;
import org.schedlab.grammar.ScenarioLanguageParser.LparContext;
import org.schedlab.grammar.ScenarioLanguageParser.NameContext;
import org.schedlab.grammar.ScenarioLanguageParser.NodesContext;
import org.schedlab.grammar.ScenarioLanguageParser.PoolCapContext;
import org.schedlab.grammar.ScenarioLanguageParser.ProblemContext;
import org.schedlab.grammar.ScenarioLanguageParser.SeedContext;
import org.schedlab.grammar.ScenarioLanguageParser.SetContext;
import org.schedlab.grammar.ScenarioLanguageParser.ShareAmountContext;
import org.schedlab.grammar.ScenarioLanguageParser.ShareContext;
import org.schedlab.grammar.ScenarioLanguageParser.StatementContext;
import org.schedlab.grammar.ScenarioLanguageParser.TypeCountContext;
import org.schedlab.grammar.ScenarioLanguageParser.UserContext;
import org.schedlab.grammar.ScenarioLanguageParser.VcpuRefContext;

/**
 * Says what a line should have had where it went wrong, in the words of the language reference and
 * never in the grammar's. The position is known by the slot it happened in: the part of the
 * statement being read (a share, a demand, a name...). Where the statement itself was choosing
 * what comes next, the choices are listed.
 */
final class SyntaxMessages {

    private static final String STATEMENTS =
            "LPAR, MULTITHREAD, TOPOLOGY, SRM, CPUPOOL, PROBLEM, USER, VCPU, RUNIT, AT, SET, LOGON, LOGOFF, STOP or START";

    private static final String CORES = "cores like CP.2";
    private static final String SHARE = "a share like CP.100-R";
    private static final String ENGINE_TYPE = "an engine type (CP, ZIIP, ZAAP, IFL, ICF)";
    private static final String TIME = "a time like 120S, 2M or 500MS";

    private SyntaxMessages() {
    }

    static String describe(RecognitionException e, Vocabulary vocabulary) {
        Token found = e.getOffendingToken();
        ParserRuleContext statement = (ParserRuleContext) e.getCtx();
        if (statement instanceof StatementContext) {
            return "unknown statement '" + found.getText() + "': expected " + STATEMENTS;
        }
        ParserRuleContext slot = null;
        while (!(statement.getParent() instanceof StatementContext)) {
            slot = statement;
            statement = statement.getParent();
        }
        String expected = slot == null ? null : slotPhrase(slot, statement);
        if (expected == null) {
            expected = choices(e.getExpectedTokens(), statement, vocabulary);
        }
        return "expected " + expected + ", found " + (found.getType() == Token.EOF ? "end of line" : "'" + found.getText() + "'");
    }

    /** What the slot holds, or null where listing its possible tokens says it (ON or OFF). */
    private static String slotPhrase(ParserRuleContext slot, ParserRuleContext statement) {
        if (slot instanceof TypeCountContext) {
            return statement instanceof LparContext ? CORES : "threads per core like IFL.2";
        }
        if (slot instanceof ShareContext) {
            return SHARE;
        }
        if (slot instanceof EngineTypeContext) {
            return ENGINE_TYPE;
        }
        if (slot instanceof AddressContext) {
            return "a virtual CPU address (hex 0 to 3F)";
        }
        if (slot instanceof DemandContext) {
            return "a demand: a percent from 0 to 100 or *";
        }
        if (slot instanceof NameContext) {
            return nameOf(statement);
        }
        if (slot instanceof ChipsContext) {
            return "cores per chip like CHIP.4";
        }
        if (slot instanceof NodesContext) {
            return "chips per node like NODE.2";
        }
        if (slot instanceof DspsliceContext) {
            return "a time slice in milliseconds like DSPSLICE 8";
        }
        if (slot instanceof PoolCapContext cap) {
            return capPhrase(cap);
        }
        if (slot instanceof DurationContext || slot instanceof IntervalContext) {
            return TIME;
        }
        if (slot instanceof VcpuRefContext) {
            return "a virtual CPU like B.0";
        }
        if (slot instanceof ShareAmountContext) {
            return "a share like RELATIVE 200 or ABSOLUTE 20%";
        }
        if (slot instanceof SeedContext) {
            return "a whole number like SEED 7";
        }
        return null;
    }

    private static String capPhrase(PoolCapContext cap) {
        if (cap.LIMITHARD() != null) {
            return "a percent like LIMITHARD 30%";
        }
        if (cap.CAPACITY() != null) {
            return "a number of logical CPUs like CAPACITY 1.5";
        }
        return "LIMITHARD <percent>% or CAPACITY <logical CPUs>";
    }

    private static String nameOf(ParserRuleContext statement) {
        if (statement instanceof ProblemContext) {
            return "a problem name";
        }
        if (statement instanceof CpupoolContext || statement instanceof UserContext user && user.POOL() != null
                || statement instanceof LogonContext logon && logon.POOL() != null
                || statement instanceof SetContext set && set.CPUPOOL() != null) {
            return "a CPU pool name";
        }
        return "a user name";
    }

    /** {@code a share like CP.100-R, POOL, CPUAFFINITY or end of line}. */
    private static String choices(IntervalSet expected, ParserRuleContext statement, Vocabulary vocabulary) {
        List<String> choices = new ArrayList<>();
        for (int type : expected.toArray()) {
            if (type == Token.EOF) {
                continue;
            }
            String choice = isEngineType(type) ? engineTypeChoice(statement) : phrase(vocabulary, type);
            if (!choices.contains(choice)) {
                choices.add(choice);
            }
        }
        if (expected.contains(Token.EOF)) {
            choices.add("end of line");
        }
        return either(choices);
    }

    private static boolean isEngineType(int type) {
        return type >= ScenarioLanguageParser.CP && type <= ScenarioLanguageParser.ICF;
    }

    /** Where a statement itself chooses on an engine type, it is the start of a longer item. */
    private static String engineTypeChoice(ParserRuleContext statement) {
        if (statement instanceof LparContext) {
            return CORES;
        }
        return statement instanceof UserContext || statement instanceof LogonContext || statement instanceof SetContext
                ? SHARE : ENGINE_TYPE;
    }

    /**
     * What a token stands for where a statement chooses it: a keyword as written, a time by example
     * ({@code AT}), and CP's share syntax by its start ({@code SET SHARE}).
     */
    private static String phrase(Vocabulary vocabulary, int type) {
        if (type == ScenarioLanguageParser.TIME) {
            return TIME;
        }
        if (type == ScenarioLanguageParser.TYPE) {
            return "TYPE CP RELATIVE 100";
        }
        return literal(vocabulary, type);
    }

    /** A keyword as the user writes it: {@code POOL}, not ANTLR's {@code 'POOL'}. */
    private static String literal(Vocabulary vocabulary, int type) {
        String literal = vocabulary.getLiteralName(type);
        return literal == null ? vocabulary.getSymbolicName(type).toLowerCase(Locale.ROOT)
                : literal.substring(1, literal.length() - 1);
    }

    private static String either(List<String> choices) {
        int last = choices.size() - 1;
        return last == 0 ? choices.get(0) : String.join(", ", choices.subList(0, last)) + " or " + choices.get(last);
    }
}
