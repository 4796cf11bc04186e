/**
 * Reading users' files and writing outputs the way every command does: UTF-8 input with a
 * {@code file:line:col} error at the first bad byte, bounded in size and line length as it is read
 * ({@link org.schedlab.core.io.Utf8Text}); outputs that replace only what schedlab wrote
 * ({@link org.schedlab.core.io.OutputGuard}, {@link org.schedlab.core.io.RefusedOutputException}) and appear
 * together or not at all ({@link org.schedlab.core.io.OutputTransaction}, and its one-file and one-set forms
 * {@link org.schedlab.core.io.AtomicOutput} and {@link org.schedlab.core.io.AtomicFileSet}), cleaned up on
 * Ctrl-C by {@link org.schedlab.core.io.OpenOutputs}; write failures told apart from bad input
 * ({@link org.schedlab.core.io.WriteException}), and byte-stable JSON ({@link org.schedlab.core.io.JsonWriter},
 * {@link org.schedlab.core.io.JsonReader}).
 *
 * <p>API: the public classes. Internal: {@code TargetWriter}, {@code TargetStream}.
 */
package org.schedlab.core.io;
