package org.schedlab.report.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ChartLayoutTest {

    /** Ids and users for users of the given sizes, named U000.. in order. */
    private static List<List<String>> shape(int... vcpusPerUser) {
        List<String> ids = new ArrayList<>();
        List<String> users = new ArrayList<>();
        for (int u = 0; u < vcpusPerUser.length; u++) {
            for (int v = 0; v < vcpusPerUser[u]; v++) {
                String user = String.format("U%03d", u);
                ids.add(user + "." + Integer.toHexString(v).toUpperCase());
                users.add(user);
            }
        }
        return List.of(ids, users);
    }

    private static ChartLayout layout(int... vcpusPerUser) {
        List<List<String>> s = shape(vcpusPerUser);
        return ChartLayout.of(s.get(0), s.get(1));
    }

    private static int[] repeat(int users, int each) {
        int[] a = new int[users];
        java.util.Arrays.fill(a, each);
        return a;
    }

    @Test
    void of_twoVcpus_onePanelOneLineEach() {
        ChartLayout l = layout(1, 1);
        assertEquals(1, l.panels().size());
        assertEquals(List.of("U000.0", "U001.0"), l.panels().get(0).lines().stream().map(ChartLayout.Line::label).toList());
        assertEquals("", l.panels().get(0).title());
        assertFalse(l.perUser());
    }

    @Test
    void of_eightVcpus_stillOnePanel() {
        assertEquals(1, layout(repeat(8, 1)).panels().size());
    }

    @Test
    void of_sixtyUniprocessorUsers_smallMultiplesOfEight() {
        ChartLayout l = layout(repeat(60, 1));
        assertFalse(l.perUser());
        assertEquals(8, l.panels().size());
        assertEquals(60, l.shownLines());
        assertFalse(l.truncated());
        assertEquals(3, l.columns());
        assertEquals(3, l.rows());
        assertEquals("U000 .. U007", l.panels().get(0).title());
    }

    @Test
    void of_thirtyDyadicUsers_usersNeverSplitAcrossPanels() {
        ChartLayout l = layout(repeat(30, 2));
        Map<String, Integer> panelOfUser = new HashMap<>();
        for (int p = 0; p < l.panels().size(); p++) {
            assertEquals(p < 7 ? 8 : 4, l.panels().get(p).lines().size(), "panel " + p + ": four whole users, then the rest");
            for (ChartLayout.Line line : l.panels().get(p).lines()) {
                String user = line.label().substring(0, 4);
                Integer before = panelOfUser.putIfAbsent(user, p);
                assertTrue(before == null || before == p, user + " split over panels " + before + " and " + p);
            }
        }
        assertEquals(60, l.shownLines());
    }

    @Test
    void of_userWithTwentyVcpus_ownChunkedPanels() {
        ChartLayout l = layout(1, 20, 1);
        List<String> titles = l.panels().stream().map(ChartLayout.Panel::title).toList();
        assertEquals(List.of("U000", "U001 (1 of 3)", "U001 (2 of 3)", "U001 (3 of 3)", "U002"), titles);
        assertEquals(22, l.shownLines());
    }

    @Test
    void of_twoHundredUsers_oneLinePerUserCapped() {
        ChartLayout l = layout(repeat(200, 2));
        assertTrue(l.perUser());
        assertEquals(ChartLayout.MAX_PANELS, l.panels().size());
        assertEquals(ChartLayout.MAX_PANELS * ChartLayout.MAX_LINES_PER_PANEL, l.shownLines());
        assertEquals(200, l.totalLines());
        assertTrue(l.truncated());
        ChartLayout.Line first = l.panels().get(0).lines().get(0);
        assertEquals("U000 (2)", first.label());
        assertEquals(2, first.members().length);
    }

    @Test
    void of_randomShapes_everyVcpuAtMostOnceAndPanelsWithinBounds() {
        Random random = new Random(7);
        for (int trial = 0; trial < 500; trial++) {
            int[] sizes = new int[1 + random.nextInt(150)];
            for (int u = 0; u < sizes.length; u++) {
                sizes[u] = 1 + (random.nextInt(10) == 0 ? random.nextInt(40) : random.nextInt(4));
            }
            int total = java.util.Arrays.stream(sizes).sum();
            ChartLayout l = layout(sizes);
            assertTrue(l.panels().size() <= ChartLayout.MAX_PANELS, "too many panels");
            Set<Integer> seen = new HashSet<>();
            int previous = -1;
            for (ChartLayout.Panel p : l.panels()) {
                assertTrue(p.lines().size() <= ChartLayout.MAX_LINES_PER_PANEL);
                for (ChartLayout.Line line : p.lines()) {
                    for (int v : line.members()) {
                        assertTrue(seen.add(v), "virtual CPU " + v + " drawn twice");
                        assertTrue(v > previous, "virtual CPUs out of file order");
                        previous = v;
                    }
                }
            }
            if (!l.truncated()) {
                assertEquals(total, seen.size(), "every virtual CPU drawn when nothing is cut off");
            }
            assertEquals(l.perUser() ? sizes.length : total, l.totalLines());
        }
    }

    @Test
    void valueAxis_perUserSums_axisCoversTheSums() {
        // 100 users of two virtual CPUs: more than 12 panels of 8 virtual CPUs, so one line per user.
        var s = ChartFixtures.problem(100, 2, 200);
        SeriesData data = ChartFixtures.series(s, ChartFixtures.intervals(s, 3));
        ChartLayout l = ChartLayout.of(data.ids(), data.users());
        double max = 0;
        for (ChartLayout.Panel p : l.panels()) {
            for (ChartLayout.Line line : p.lines()) {
                for (int i = 0; i < data.points(); i++) {
                    max = Math.max(max, line.value(data, i));
                }
            }
        }
        assertTrue(l.valueAxis(data).upper() >= max);
        assertTrue(max > 100, "a user of two busy virtual CPUs sums past 100: " + max);
    }

    @Test
    void of_mismatchedOrEmpty_rejected() {
        assertThrows(IllegalArgumentException.class, () -> ChartLayout.of(List.of("A.0"), List.of()));
        assertThrows(IllegalArgumentException.class, () -> ChartLayout.of(List.of(), List.of()));
    }
}
