/**
 * What schedlab reads about the machine it runs on: where {@code /proc}, {@code /sys} and the cgroup
 * mounts are ({@link org.schedlab.linux.host.HostPaths}, replaceable by a temporary directory in tests),
 * which CPUs it may use and how they pair into cores ({@link org.schedlab.linux.host.HostTopology}), and
 * the kernel's version and {@code sched_ext} scheduler ({@link org.schedlab.linux.host.KernelInfo}).
 */
package org.schedlab.linux.host;
