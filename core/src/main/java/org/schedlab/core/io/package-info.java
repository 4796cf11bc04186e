/**
 * Reading users' files and writing outputs the way every command does: UTF-8 input with a
 * {@code file:line:col} error at the first bad byte ({@link org.schedlab.core.io.Utf8Text}), outputs that
 * appear whole or not at all ({@link org.schedlab.core.io.AtomicOutput}, {@link org.schedlab.core.io.AtomicFileSet},
 * cleaned up on Ctrl-C by {@link org.schedlab.core.io.OpenOutputs}), write failures told apart from bad input
 * ({@link org.schedlab.core.io.WriteException}), and byte-stable JSON ({@link org.schedlab.core.io.JsonWriter},
 * {@link org.schedlab.core.io.JsonReader}).
 *
 * <p>API: the public classes. Internal: {@code TargetWriter}.
 */
package org.schedlab.core.io;
