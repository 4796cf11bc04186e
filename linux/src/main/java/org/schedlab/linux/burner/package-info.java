/**
 * Real CPU burners: one platform thread per virtual CPU doing what IBM's burner did. Each period it runs until
 * its own thread CPU clock has advanced by its demand's share of the period, then sleeps to the next period
 * (time it could not get is dropped: demand is a rate); {@code *} spins; {@code 0} never runs. Periods and
 * phases are drawn from the run's seed exactly as the model's burners draw them. A burner allocates nothing
 * while it burns. {@link org.schedlab.linux.burner.Burners} starts a set of them, reports each thread's kernel id
 * so it can be put in its cgroup, and releases them together at one instant.
 */
package org.schedlab.linux.burner;
