/**
 * The scenario language (docs/language.md): text to {@code org.schedlab.core} records and back.
 *
 * <p>API: {@link org.schedlab.grammar.ScenarioParser} (a file to a {@link org.schedlab.core.Scenario}, every
 * error of the file at once in one {@link org.schedlab.core.InputException}) and
 * {@link org.schedlab.grammar.ScenarioWriter} (a model to canonical scenario text). Internal: the builder that
 * makes the records, the syntax error wording, the range checks, and the ANTLR parser generated from
 * {@code ScenarioLanguage.g4} ({@code ScenarioLanguage*}, public only because ANTLR generates it so, and left out of the javadoc). The parse
 * tree never leaves this package.
 */
package org.schedlab.grammar;
