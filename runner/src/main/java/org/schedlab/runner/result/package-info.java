/**
 * What a run measured: per interval, what each running virtual CPU consumed
 * ({@link org.schedlab.runner.result.IntervalSample}, {@link org.schedlab.runner.result.VcpuSample}), and over
 * the whole run after warm-up, dispatch delays, logical CPUs and limit-list time
 * ({@link org.schedlab.runner.result.RunSummary}). API: every type here; all are immutable records.
 */
package org.schedlab.runner.result;
