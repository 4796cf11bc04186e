package org.schedlab.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;
import org.schedlab.runner.example.FifoPolicy;
import org.schedlab.runner.policy.FairPolicy;
import org.schedlab.runner.policy.Policies;
import org.schedlab.runner.policy.zvm.Defect;
import org.schedlab.runner.policy.zvm.Zvm63Policy;
import org.schedlab.runner.policy.zvm.Zvm63Settings;
import org.schedlab.runner.policy.zvm.Zvm64Policy;
import org.schedlab.runner.policy.zvm.Zvm64Settings;
import org.schedlab.runner.spi.PolicyOption;
import org.schedlab.runner.spi.SchedulerPolicy;

class PoliciesTest {

    @Test
    void names_shippedAndServiceLoaded_listed() {
        assertTrue(Policies.names().containsAll(java.util.List.of("fair", "zvm64", "zvm63", "fifo")));
    }

    @Test
    void create_shippedName_caseInsensitive() {
        assertInstanceOf(FairPolicy.class, Policies.create("FAIR"));
        assertInstanceOf(Zvm63Policy.class, Policies.create("zvm63"));
        assertInstanceOf(Zvm64Policy.class, Policies.create("zvm64"));
    }

    @Test
    void create_serviceLoadedName_findsExample() {
        assertInstanceOf(FifoPolicy.class, Policies.create("fifo"));
    }

    @Test
    void create_className_instantiates() {
        assertInstanceOf(FifoPolicy.class, Policies.create(FifoPolicy.class.getName()));
    }

    @Test
    void serviceLoadedPolicy_run_works() throws Exception {
        Runs.Result r = Runs.run(Runs.file("J1"), "fifo", Runs.seconds(2));
        assertEquals(200, java.util.Arrays.stream(r.meanBusy(500_000)).sum(), 0.5);
    }

    @Test
    void create_unknownName_listsKnown() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Policies.create("cfs"));
        assertTrue(e.getMessage().contains("fair") && e.getMessage().contains("zvm63") && e.getMessage().contains("fifo"),
                e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Policies.create("org.example.Missing"));
        assertThrows(IllegalArgumentException.class, () -> Policies.create(String.class.getName()));
    }

    @Test
    void defectSwitches_specString_toggleDefects() {
        Zvm63Policy p = (Zvm63Policy) Policies.create("zvm63:since-logon-memory=off, heuristics=off");
        assertEquals(Set.of(Defect.DISPATCH_LIST_ENTITLEMENT, Defect.RELATIVE_LIMIT, Defect.NORMALIZER,
                Defect.LIMITSOFT_LEAK), p.defects());
        assertEquals("zvm63:since-logon-memory=off,heuristics=off", p.spec());
        Zvm64Policy q = (Zvm64Policy) Policies.create("zvm64:limitsoft-leak=off");
        assertEquals(Set.of(Defect.RELATIVE_LIMIT), q.defects());
        assertEquals("zvm64", Policies.create("zvm64").spec());
    }

    @Test
    void defectSwitches_unknownOrMalformed_rejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Policies.create("zvm64:heuristics=off"));
        assertTrue(e.getMessage().contains("limitsoft-leak"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Policies.create("zvm63:heuristics=maybe"));
        assertThrows(IllegalArgumentException.class, () -> Policies.create("zvm63:heuristics"));
        assertThrows(IllegalArgumentException.class, () -> Policies.create("fair:x=1"));
    }

    @Test
    void settings_specOptions_parseIntoTypedRecords() {
        assertEquals(new Zvm64Settings(false, true, false), ((Zvm64Policy) Policies.create("zvm64:limitsoft-leak=off")).settings());
        assertEquals(Zvm63Settings.DEFAULT, ((Zvm63Policy) Policies.create("zvm63")).settings());
        assertEquals(new Zvm63Settings(true, true, false, true, true, true), Zvm63Settings.parse(java.util.Map.of("heuristics", "off")));
    }

    @Test
    void options_everyPolicy_listsItsSwitchesAndDefaults() {
        assertEquals(java.util.List.of("relative-limit", "limitsoft-leak", "updprio2"),
                new Zvm64Policy().options().stream().map(PolicyOption::name).toList());
        assertTrue(new Zvm63Policy().options().stream().allMatch(o -> o.defaultValue().equals("on") && o.type().equals("on|off")));
        assertEquals(6, new Zvm63Policy().options().size());
        assertEquals(java.util.List.of("weights"), new FairPolicy().options().stream().map(PolicyOption::name).toList());
        assertTrue(Policies.all().stream().map(SchedulerPolicy::name).toList().containsAll(java.util.List.of("fair", "zvm64", "zvm63", "fifo")));
    }

    @Test
    void fair_unknownOptionOrValue_rejectedInOneLineNamingTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Policies.create("fair:lag=2"));
        assertEquals("policy fair has no option lag (it has: weights)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Policies.create("fair:weights=heavy"));
        assertEquals("policy fair option weights takes share or fluid, got heavy", e.getMessage());
    }

    @Test
    void fair_weightsOption_specRoundTrips() {
        assertEquals("fair", Policies.create("fair").spec());
        assertEquals("fair", Policies.create("fair:weights=share").spec());
        assertEquals("fair:weights=fluid", Policies.create("fair:weights=fluid").spec());
        assertEquals("fair:weights=fluid", Policies.create(Policies.create("fair:weights=fluid").spec()).spec());
    }
}
