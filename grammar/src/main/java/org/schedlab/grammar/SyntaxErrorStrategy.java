package org.schedlab.grammar;

import org.antlr.v4.runtime.DefaultErrorStrategy;
import org.antlr.v4.runtime.InputMismatchException;
import org.antlr.v4.runtime.Parser;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.atn.ATNState;
import org.antlr.v4.runtime.misc.IntervalSet;

/**
 * Error handling for one line: the first error is reported in the user's terms
 * ({@link SyntaxMessages}) and the rest of the line is skipped. ANTLR's single-token insertion and
 * deletion are off: guessing at a repair would only produce follow-on errors and half-built
 * statements.
 */
final class SyntaxErrorStrategy extends DefaultErrorStrategy {

    @Override
    public void reportError(Parser recognizer, RecognitionException e) {
        if (inErrorRecoveryMode(recognizer)) {
            return;
        }
        beginErrorCondition(recognizer);
        recognizer.notifyErrorListeners(e.getOffendingToken(), SyntaxMessages.describe(e, recognizer.getVocabulary()), e);
    }

    @Override
    public void recover(Parser recognizer, RecognitionException e) {
        while (recognizer.getInputStream().LA(1) != Token.EOF) {
            recognizer.consume();
        }
    }

    @Override
    public Token recoverInline(Parser recognizer) {
        throw new InputMismatchException(recognizer);
    }

    /**
     * Fails at once when the next token cannot follow, rather than skipping tokens. Every statement
     * rule ends in EOF, so at a loop or an option the set of what could follow is complete and the
     * message can list all of it ("a share like CP.100-R, POOL, CPUAFFINITY or end of line").
     */
    @Override
    public void sync(Parser recognizer) {
        if (inErrorRecoveryMode(recognizer)) {
            return;
        }
        ATNState state = recognizer.getInterpreter().atn.states.get(recognizer.getState());
        IntervalSet next = recognizer.getATN().nextTokens(state);
        int la = recognizer.getInputStream().LA(1);
        if (!next.contains(la) && !next.contains(Token.EPSILON)) {
            throw new InputMismatchException(recognizer);
        }
    }
}
