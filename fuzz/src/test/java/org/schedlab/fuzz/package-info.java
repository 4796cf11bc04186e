/**
 * Jazzer fuzz targets for the two readers of user files (docs/fuzzing.md): the scenario parser and the
 * observed-CSV import. In the normal build they run their seed inputs as tests; {@code JAZZER_FUZZ=1} fuzzes.
 * Test code only: nothing here is published.
 */
package org.schedlab.fuzz;
