/**
 * Models of the z/VM CP scheduler, as the IBM "z/VM 6.4 Performance Report" describes it in its section
 * "CP Scheduler Improvements": {@code zvm63} (the scheduler the report found wanting) and {@code zvm64} (the
 * repaired one as shipped), each defect a switch of its spec string (docs/policies.md).
 *
 * <p>API: {@link org.schedlab.runner.policy.zvm.Zvm63Policy}, {@link org.schedlab.runner.policy.zvm.Zvm64Policy},
 * their common {@link org.schedlab.runner.policy.zvm.ZvmPolicy}, their settings records and
 * {@link org.schedlab.runner.policy.zvm.Defect}. Internal: the scheduler both run ({@code ZvmScheduler}) and
 * the parsing of the defect switches ({@code DefectSwitches}).
 */
package org.schedlab.runner.policy.zvm;
