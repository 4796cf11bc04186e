package org.schedlab.core;

/**
 * Models with every {@link SourceLocation} set to {@link SourceLocation#UNKNOWN}: records compare their
 * locations too, so two models read from different texts (a file and its canonical rewrite, a generated
 * problem and the file it was saved as) are compared through this.
 */
public final class Unlocated {

    private static final SourceLocation U = SourceLocation.UNKNOWN;

    private Unlocated() {
    }

    /** The scenario with its problems unlocated; its file name is kept. */
    public static Scenario of(Scenario s) {
        return new Scenario(s.file(), s.problems().stream().map(Unlocated::of).toList());
    }

    public static Problem of(Problem p) {
        Partition q = p.partition();
        Topology t = q.topology();
        Partition partition = new Partition(q.cores(), q.threads(), new Topology(t.coresPerChip(), t.chipsPerNode(), U),
                q.srm(), q.cpuPools().stream().map(c -> new CpuPool(c.name(), c.type(), c.kind(), c.value(), U)).toList(), U);
        return new Problem(p.name(), partition, p.users().stream().map(Unlocated::of).toList(), p.runControl(), U);
    }

    private static User of(User u) {
        return new User(u.name(),
                u.shares().stream().map(s -> new Share(s.type(), s.min(), s.limit(), U)).toList(),
                u.cpuPool(), u.cpuAffinity(),
                u.vcpus().stream().map(v -> new VirtualCpu(v.address(), v.type(), v.demand(), v.stopped(), U)).toList(),
                U);
    }
}
