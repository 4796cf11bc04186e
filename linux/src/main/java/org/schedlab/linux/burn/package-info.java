/**
 * The burner for a hypervisor's guest ({@code schedlab burn}): a guest logged on as one user of a problem burns
 * that user's virtual CPUs, its intervals aligned to a wall-clock start instant shared by every guest, and writes
 * the observed CSV that {@code compare} reads. No cgroups: the guest's virtual CPUs are the user's, and the
 * hypervisor, not this kernel, is under test.
 */
package org.schedlab.linux.burn;
