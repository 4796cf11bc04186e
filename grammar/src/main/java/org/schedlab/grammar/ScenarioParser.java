package org.schedlab.grammar;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.ListTokenSource;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;
import org.schedlab.core.Diagnostic;
import org.schedlab.core.InputException;
import org.schedlab.core.Scenario;
import org.schedlab.core.SourceLocation;
import org.schedlab.core.io.Utf8Text;
import org.schedlab.grammar.ScenarioLanguageParser.StatementContext;

/**
 * Reads scenario files (the language: docs/language.md). Every error of a
 * file, syntax and semantic, comes back at once in one {@link InputException}; a file with any
 * error yields no {@link Scenario}.
 */
public final class ScenarioParser {

    private ScenarioParser() {
    }

    /**
     * Reads and parses a file; the file name in locations is path.toString() as given. A file that is
     * not UTF-8, larger than {@link org.schedlab.core.Limits#MAX_SCENARIO_BYTES} or with a line longer than
     * {@link Utf8Text#MAX_LINE_BYTES}, is an {@link InputException} too.
     */
    public static Scenario parse(Path file) throws InputException, IOException {
        // Bounded while reading (a pipe has no size up front), lines included: see Utf8Text.
        return parse(file.toString(), Utf8Text.read(file, Utf8Text.SCENARIO));
    }

    /** Parses text; fileName is used in every SourceLocation / message. */
    public static Scenario parse(String fileName, String text) throws InputException {
        List<Diagnostic> diagnostics = new ArrayList<>();
        ScenarioLanguageLexer lexer = new ScenarioLanguageLexer(CharStreams.fromString(withoutByteOrderMark(text), fileName));
        lexer.removeErrorListeners();
        // One parser for all lines; each line gets its own token stream below.
        ScenarioLanguageParser parser = new ScenarioLanguageParser(null);
        parser.removeErrorListeners();
        parser.addErrorListener(new Collector(fileName, diagnostics));
        parser.setErrorHandler(new SyntaxErrorStrategy());

        ScenarioBuilder builder = new ScenarioBuilder(fileName, diagnostics);
        // Each line is parsed on its own, so a bad line costs only itself: the lines after it
        // are still read and their errors reported too.
        for (List<Token> line : lines(lexer.getAllTokens())) {
            parser.setTokenStream(new CommonTokenStream(new ListTokenSource(line)));
            StatementContext statement = parser.statement();
            builder.accept(statement, parser.getNumberOfSyntaxErrors() == 0);
        }
        return builder.finish();
    }

    /** A byte order mark is not text: it would be an unknown statement, and editors give it no column. */
    private static String withoutByteOrderMark(String text) {
        return text.startsWith("\uFEFF") ? text.substring(1) : text;
    }

    /**
     * Tokens grouped by line. Blank and annotation-only lines have none, and a line whose first
     * token is {@code *} is a comment: neither kind appears.
     */
    private static List<List<Token>> lines(List<? extends Token> tokens) {
        List<List<Token>> lines = new ArrayList<>();
        List<Token> line = List.of();
        for (Token token : tokens) {
            if (line.isEmpty() || line.get(0).getLine() != token.getLine()) {
                line = new ArrayList<>();
                if (token.getType() != ScenarioLanguageLexer.STAR) {
                    lines.add(line);
                }
            }
            line.add(token);
        }
        return lines;
    }

    /** Turns the syntax errors that {@link SyntaxErrorStrategy} phrases into diagnostics. */
    private static final class Collector extends BaseErrorListener {

        private final String fileName;
        private final List<Diagnostic> diagnostics;

        Collector(String fileName, List<Diagnostic> diagnostics) {
            this.fileName = fileName;
            this.diagnostics = diagnostics;
        }

        @Override
        public void syntaxError(Recognizer<?, ?> recognizer, Object offendingSymbol, int line, int charPositionInLine,
                                String message, RecognitionException e) {
            diagnostics.add(new Diagnostic(new SourceLocation(fileName, line, charPositionInLine + 1), message));
        }
    }
}
