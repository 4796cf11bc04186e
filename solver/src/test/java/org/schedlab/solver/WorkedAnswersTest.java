package org.schedlab.solver;

import static org.schedlab.solver.Answers.assertPool;

import org.junit.jupiter.api.Test;
import org.schedlab.core.EngineType;

/** The report's worked answers (docs/solver.md), from the seed scenarios (built in code, same content). */
class WorkedAnswersTest {

    @Test
    void j1_fourEqualRelativeUsers_splitTwoCpsEvenly() {
        Solution s = Fixture.lpar("CP.2")
                .user("QGP00000", "CP.100-R").vcpu("0 CP *")
                .user("QGP00001", "CP.100-R").vcpu("0 CP *")
                .user("QGP00002", "CP.100-R").vcpu("0 CP *")
                .user("QGP00003", "CP.100-R").vcpu("0 CP *")
                .solve("J1");
        assertPool(s, EngineType.CP, 50, 50, 50, 50);
    }

    @Test
    void j2_relativeShares_splitInProportion() {
        Solution s = Fixture.lpar("CP.2")
                .user("QGP00000", "CP.100-R").vcpu("0 CP *")
                .user("QGP00001", "CP.200-R").vcpu("0 CP *")
                .user("QGP00002", "CP.100-R").vcpu("0 CP *")
                .user("QGP00003", "CP.400-R").vcpu("0 CP *")
                .solve("J2");
        assertPool(s, EngineType.CP, 25, 50, 25, 100);
    }

    @Test
    void j3_donorsExcess_goesToRecipientsByShare() {
        Solution s = Fixture.lpar("CP.2")
                .user("QGP00000", "CP.100-R").vcpu("0 CP *")
                .user("QGP00001", "CP.200-R").vcpu("0 CP *")
                .user("QGP00002", "CP.100-R").vcpu("0 CP *")
                .user("QGP00003", "CP.400-R").vcpu("0 CP *")
                .user("QGP00004", "CP.400-R").vcpu("0 CP 2")
                .user("QGP00005", "CP.400-R").vcpu("0 CP 2")
                .solve("J3");
        assertPool(s, EngineType.CP, 24.5, 49, 24.5, 98, 2, 2);
    }

    @Test
    void mz0_zIipDonorsAndRecipients_matchHandCalculation() {
        Solution s = Fixture.lpar("CP.1 zIIP.2")
                .user("QGP00000", "CP.100-R zIIP.10000-R").vcpu("0 CP 0").vcpu("1 zIIP 2").vcpu("2 zIIP 5")
                .user("QGP00001", "CP.100-R zIIP.10000-R").vcpu("0 CP 0").vcpu("1 zIIP 4").vcpu("2 zIIP 3")
                .vcpu("3 zIIP 8")
                .user("QGP00002", "CP.100-R zIIP.100-R").vcpu("0 CP 0").vcpu("1 zIIP *").vcpu("2 zIIP *")
                .user("QGP00003", "CP.100-R zIIP.200-R").vcpu("0 CP 0").vcpu("1 zIIP *").vcpu("2 zIIP *")
                .user("QGP00004", "CP.100-R zIIP.300-R").vcpu("0 CP 0").vcpu("1 zIIP *").vcpu("2 zIIP *")
                .solve("MZ0");
        assertPool(s, EngineType.ZIIP, 2, 5, 4, 3, 8, 89.0 / 6, 89.0 / 6, 89.0 / 3, 89.0 / 3, 44.5, 44.5);
        assertPool(s, EngineType.CP, 0, 0, 0, 0, 0);
    }

    @Test
    void al1_absoluteLimitHard_holdsUserAtFiftyAndRecipientAtOneVcpu() {
        Solution s = Fixture.lpar("CP.1 ZIIP.2")
                .user("QGP00001", "CP.100-R ZIIP.100-R").vcpu("0 CP 0").vcpu("1 ZIIP 10")
                .user("QGP00002", "CP.100-R ZIIP.100-R").vcpu("0 CP 0").vcpu("1 ZIIP 20")
                .user("QGP00003", "CP.100-R ZIIP.100-R").vcpu("0 CP 0").vcpu("1 ZIIP *")
                .user("QGP00004", "CP.100-R ZIIP.25-AL").vcpu("0 CP 0").vcpu("1 ZIIP *")
                .solve("AL1");
        assertPool(s, EngineType.ZIIP, 10, 20, 100, 50);
    }

    @Test
    void sl3_absoluteLimitSoft_heldBelowEntitlementWhileOthersWantMore() {
        Solution s = Fixture.lpar("CP.1 ZIIP.1")
                .user("QGP00001", "CP.100-R ZIIP.100-R").vcpu("0 CP 0").vcpu("1 ZIIP 2")
                .user("QGP00003", "CP.100-R ZIIP.100-R").vcpu("0 CP 0").vcpu("1 ZIIP *")
                .user("QGP00004", "CP.100-R ZIIP.100-R,10-AS").vcpu("0 CP 0").vcpu("1 ZIIP *")
                .solve("SL3");
        assertPool(s, EngineType.ZIIP, 2, 88, 10);
    }

    @Test
    void mr2_relativeLimitHard_isSetSEntitlement() {
        Solution s = Fixture.lpar("CP.1 ZIIP.2")
                .user("QGP00000", "CP.100-R ZIIP.200-R").vcpu("0 CP 0").vcpu("1 ZIIP *")
                .user("QGP00001", "CP.100-R ZIIP.200-R,50-RL").vcpu("0 CP 0").vcpu("1 ZIIP *")
                .solve("MR2");
        assertPool(s, EngineType.ZIIP, 100, 40);
    }
}
