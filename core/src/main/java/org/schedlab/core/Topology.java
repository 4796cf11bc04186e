package org.schedlab.core;

/**
 * How the cores of each type are grouped: {@code coresPerChip} cores to a chip and
 * {@code chipsPerNode} chips to a node (book or drawer), numbered in that order.
 * Zero means unbounded: the default puts all cores on one chip of one node.
 * Used by steal barriers, which grow with topological distance.
 */
public record Topology(int coresPerChip, int chipsPerNode, SourceLocation location) {

    public static Topology singleChip(SourceLocation location) {
        return new Topology(0, 0, location);
    }

    public Topology {
        if (coresPerChip < 0 || chipsPerNode < 0) {
            throw new IllegalArgumentException("topology sizes must not be negative");
        }
        java.util.Objects.requireNonNull(location, "location");
    }

    public int chipOf(int core) {
        return coresPerChip == 0 ? 0 : core / coresPerChip;
    }

    public int nodeOf(int core) {
        return chipsPerNode == 0 ? 0 : chipOf(core) / chipsPerNode;
    }

    /** How far apart two cores are, for steal barriers. */
    public Distance distance(int coreA, int coreB) {
        if (coreA == coreB) {
            return Distance.SAME_CORE;
        }
        if (chipOf(coreA) == chipOf(coreB)) {
            return Distance.SAME_CHIP;
        }
        return nodeOf(coreA) == nodeOf(coreB) ? Distance.OTHER_CHIP : Distance.OTHER_NODE;
    }

    /** Topological distance between two cores, nearest first. */
    public enum Distance {
        /** Same core: under SMT-2 the sibling thread shares the dispatch vector, no steal needed. */
        SAME_CORE,
        SAME_CHIP,
        OTHER_CHIP,
        OTHER_NODE
    }
}
