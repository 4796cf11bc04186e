/**
 * The Linux kernel under test: {@link org.schedlab.linux.LinuxRunner#run} runs a problem with real CPU burners in
 * cgroups on the machine schedlab runs on and reports what each virtual CPU got, interval by interval, in the
 * model runner's own result types, so that everything after the run (comparator, reports) is the same code.
 * docs/linux.md describes the mapping, the burners, the measurement and the disturbance rule.
 */
package org.schedlab.linux;
