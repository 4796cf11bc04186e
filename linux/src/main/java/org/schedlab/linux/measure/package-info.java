/**
 * Measuring a run on the real kernel, interval by interval: what each burner thread got (its CPU clock) and how
 * long it waited to run ({@code /proc/PID/task/TID/schedstat}), how the partition's CPUs spent the interval
 * (idle time and steal), and from that whether the machine disturbed the interval
 * ({@link org.schedlab.linux.measure.Disturbance}). Reading ({@link org.schedlab.linux.measure.ProcReader})
 * is kept apart from the arithmetic ({@link org.schedlab.linux.measure.IntervalMeter}), which tests drive with
 * made-up readings.
 */
package org.schedlab.linux.measure;
