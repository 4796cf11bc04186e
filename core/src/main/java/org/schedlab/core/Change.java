package org.schedlab.core;

import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One change to a problem while it runs: a statement of an {@code AT} block. The changes of a
 * {@link Moment} take effect at its instant, one after another in the order written, so a later change
 * of the block sees what an earlier one did ({@code LOGOFF A} then {@code LOGON A} logs A on afresh).
 * What each may act on (a user logged on at that point, a running or a stopped virtual CPU) is checked
 * by {@link ProblemState#check}.
 *
 * <p>Users and CPU pools are named as written; names are case-insensitive. Use {@link #accept} to
 * handle every kind: a new kind of change then fails to compile where it is not handled.
 */
public sealed interface Change {

    /** Where the statement was written. */
    SourceLocation location();

    <R> R accept(Visitor<R> visitor);

    /** One method per kind of change. */
    interface Visitor<R> {
        R setShare(SetShare change);

        R setDemand(SetDemand change);

        R logon(Logon change);

        R logoff(Logoff change);

        R stop(Stop change);

        R start(Start change);

        R setCpuPool(SetCpuPool change);
    }

    /**
     * {@code SET SHARE user <share>...}: z/VM's SET SHARE for each engine type given. A share replaces the
     * user's whole setting for its type, limit included ({@code CP.300-R} leaves no limit); types not given
     * keep theirs.
     */
    record SetShare(String user, List<Share> shares, SourceLocation location) implements Change {
        public SetShare {
            Objects.requireNonNull(user, "user");
            Objects.requireNonNull(location, "location");
            shares = List.copyOf(shares);
            if (shares.isEmpty()) {
                throw new IllegalArgumentException("SET SHARE needs at least one share");
            }
            Set<EngineType> types = EnumSet.noneOf(EngineType.class);
            for (Share s : shares) {
                if (!types.add(s.type())) {
                    throw new IllegalArgumentException("duplicate " + s.type() + " share for user " + user);
                }
            }
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.setShare(this);
        }
    }

    /**
     * {@code SET DEMAND user.addr demand}: what the virtual CPU's burner now tries to consume. A stopped
     * virtual CPU takes the demand and stays stopped.
     */
    record SetDemand(VcpuRef vcpu, Demand demand, SourceLocation location) implements Change {
        public SetDemand {
            Objects.requireNonNull(vcpu, "vcpu");
            Objects.requireNonNull(demand, "demand");
            Objects.requireNonNull(location, "location");
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.setDemand(this);
        }
    }

    /**
     * {@code LOGON user <USER options>} with its {@code VCPU} lines: a user logs on, with the settings
     * and virtual CPUs a {@code USER} statement gives. It joins the end of the problem's user list.
     */
    record Logon(User user) implements Change {
        public Logon {
            Objects.requireNonNull(user, "user");
        }

        @Override
        public SourceLocation location() {
            return user.location();
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.logon(this);
        }
    }

    /** {@code LOGOFF user}: the user and its virtual CPUs leave; its share no longer counts anywhere. */
    record Logoff(String user, SourceLocation location) implements Change {
        public Logoff {
            Objects.requireNonNull(user, "user");
            Objects.requireNonNull(location, "location");
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.logoff(this);
        }
    }

    /** {@code STOP user.addr}: a running virtual CPU stops; its user's share goes to its running siblings. */
    record Stop(VcpuRef vcpu, SourceLocation location) implements Change {
        public Stop {
            Objects.requireNonNull(vcpu, "vcpu");
            Objects.requireNonNull(location, "location");
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.stop(this);
        }
    }

    /** {@code START user.addr}: a stopped virtual CPU runs again, with the demand it has. */
    record Start(VcpuRef vcpu, SourceLocation location) implements Change {
        public Start {
            Objects.requireNonNull(vcpu, "vcpu");
            Objects.requireNonNull(location, "location");
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.start(this);
        }
    }

    /**
     * {@code SET CPUPOOL name LIMITHARD p%} or {@code CAPACITY n}: z/VM's SET CPUPOOL, a new cap for a CPU
     * pool of the partition. Its type and its members stay.
     */
    record SetCpuPool(String pool, CpuPool.Kind kind, double value, SourceLocation location) implements Change {
        public SetCpuPool {
            Objects.requireNonNull(pool, "pool");
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(location, "location");
            // The value rule of CpuPool; the language's size limit on CAPACITY is Limits.exceeded's.
            if (!(value > 0) || (kind == CpuPool.Kind.LIMITHARD && value > 100) || !Double.isFinite(value)) {
                throw new IllegalArgumentException("bad CPU pool value " + value);
            }
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.setCpuPool(this);
        }
    }
}
