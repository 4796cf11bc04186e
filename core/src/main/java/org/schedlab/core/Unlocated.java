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
        return new Problem(p.name(), partition, p.users().stream().map(Unlocated::of).toList(), p.runControl(), U,
                p.timeline().stream().map(Unlocated::of).toList());
    }

    private static Moment of(Moment m) {
        return new Moment(m.at(), m.changes().stream().map(Unlocated::of).toList(), U);
    }

    private static Change of(Change c) {
        return c.accept(new Change.Visitor<Change>() {
            @Override
            public Change setShare(Change.SetShare s) {
                return new Change.SetShare(s.user(), s.shares().stream().map(Unlocated::of).toList(), U);
            }

            @Override
            public Change setDemand(Change.SetDemand s) {
                return new Change.SetDemand(s.vcpu(), s.demand(), U);
            }

            @Override
            public Change logon(Change.Logon s) {
                return new Change.Logon(Unlocated.of(s.user()));
            }

            @Override
            public Change logoff(Change.Logoff s) {
                return new Change.Logoff(s.user(), U);
            }

            @Override
            public Change stop(Change.Stop s) {
                return new Change.Stop(s.vcpu(), U);
            }

            @Override
            public Change start(Change.Start s) {
                return new Change.Start(s.vcpu(), U);
            }

            @Override
            public Change setCpuPool(Change.SetCpuPool s) {
                return new Change.SetCpuPool(s.pool(), s.kind(), s.value(), U);
            }
        });
    }

    private static Share of(Share s) {
        return new Share(s.type(), s.min(), s.limit(), U);
    }

    private static User of(User u) {
        return new User(u.name(),
                u.shares().stream().map(Unlocated::of).toList(),
                u.cpuPool(), u.cpuAffinity(),
                u.vcpus().stream().map(v -> new VirtualCpu(v.address(), v.type(), v.demand(), v.stopped(), U)).toList(),
                U);
    }
}
