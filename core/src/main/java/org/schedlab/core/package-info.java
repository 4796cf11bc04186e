/**
 * The model every stage shares: a scenario's problems as immutable records, with the source location of each
 * part, so an error found at any stage points at the line the user wrote.
 *
 * <p>API: the model ({@link org.schedlab.core.Scenario}, {@link org.schedlab.core.Problem},
 * {@link org.schedlab.core.Partition}, {@link org.schedlab.core.User}, {@link org.schedlab.core.VirtualCpu},
 * {@link org.schedlab.core.Share} and the records and enums they are made of), the language's limits
 * ({@link org.schedlab.core.Limits}), bad input ({@link org.schedlab.core.InputException} with its
 * {@link org.schedlab.core.Diagnostic}s) and the numeric conventions ({@link org.schedlab.core.Numbers}).
 * Nothing here is internal. The words are z/VM's: a <em>VMDBK</em> (virtual machine definition block) is one
 * virtual CPU, a <em>dispatch pool</em> the logical CPUs of one engine type, a <em>CPU pool</em> a
 * {@code DEFINE CPUPOOL} cap on a group of guests.
 */
package org.schedlab.core;
