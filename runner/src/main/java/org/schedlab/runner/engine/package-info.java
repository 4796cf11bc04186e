/**
 * Internal, not an API: the model of z/VM CP dispatching that {@code org.schedlab.runner.Runner} drives window by
 * window. It is left out of the published javadoc and may change without notice. Its few public types are public
 * only because {@code Runner}, the runner's test kit and the JMH benchmarks (module {@code benchmarks}) sit in
 * other packages: a policy sees the model through {@code org.schedlab.runner.spi} and never imports this package,
 * and an application runs a problem with {@code Runner}.
 *
 * <p>What the benchmarks may use, and nothing else: {@code Dispatcher} (set up one run and drive its windows
 * without {@code Runner}'s threads), {@code IndexedHeap}'s constructor, {@code add} and {@code poll} (a dispatch
 * vector's queue on its own), and {@code SpinBarrier} (the barrier the worker threads cross at each window edge).
 *
 * <p>The parts follow the seams of the model: {@code Layout} (partition, cores, logical CPUs, dispatch pools, the
 * policy's context), {@code State} (flat arrays per VMDBK, core, logical CPU and bucket; a VMDBK, z/VM's
 * virtual machine definition block, is one virtual CPU), {@code Burners} (the CPU burners that make the demand),
 * {@code UnitDispatch} (dispatching inside a window, per dispatch unit), {@code RunSlots} (CPU pool and bucket
 * slots), {@code WindowEdge} and {@code WorkDistribution} (what crosses dispatch vectors, serially at each edge),
 * {@code Meters} and {@code DelayHistogram} (statistics), {@code EdgeView} (what a policy sees at an edge).
 */
package org.schedlab.runner.engine;
