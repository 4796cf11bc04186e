package org.schedlab.report.chart;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Which virtual CPUs a utilization chart draws in which panel: a pure function of the problem's shape, so
 * it is tested without drawing.
 *
 * <ul>
 *   <li>Up to {@link #MAX_LINES_PER_PANEL} virtual CPUs: one panel, one line each (the report's figures).
 *   <li>More: small multiples grouped by user. Users are packed whole, in file order, into panels of at most
 *       {@link #MAX_LINES_PER_PANEL} lines; a user with more virtual CPUs than that gets panels of its own.
 *       60 uniprocessor users make 8 panels of 7 or 8 lines.
 *   <li>When that needs more than {@link #MAX_PANELS} panels, each user becomes one line (the sum of its
 *       virtual CPUs against the sum of their correct values), packed the same way; past
 *       {@code MAX_PANELS × MAX_LINES_PER_PANEL} users, the first ones are shown and the title says so.
 * </ul>
 * Colours are by position in the panel ({@link Palette#line}), so no panel repeats a colour.
 *
 * @param panels     in reading order
 * @param perUser    true when lines are users' sums rather than virtual CPUs
 * @param totalLines lines there would be without the cap (virtual CPUs, or users when per user)
 */
public record ChartLayout(List<Panel> panels, boolean perUser, int totalLines) {

    /** Lines one panel holds: the palette's eight colours. */
    public static final int MAX_LINES_PER_PANEL = Palette.LINES.size();
    /** Panels one figure holds before lines become users. */
    public static final int MAX_PANELS = 12;

    public ChartLayout {
        panels = List.copyOf(panels);
        if (panels.isEmpty()) {
            throw new IllegalArgumentException("a layout needs at least one panel");
        }
    }

    /** One line: a virtual CPU, or a user's virtual CPUs summed. */
    public record Line(String label, int[] members) {
        public Line {
            members = members.clone();
            if (members.length == 0) {
                throw new IllegalArgumentException("a line needs at least one virtual CPU");
            }
        }

        @Override
        public int[] members() {
            return members.clone();
        }

        /** The line's value in point {@code p}: its members' busy values summed. */
        public double value(SeriesData data, int p) {
            double sum = 0;
            for (int v : members) {
                sum += data.busy(v, p);
            }
            return sum;
        }

        public double correct(SeriesData data) {
            double sum = 0;
            for (int v : members) {
                sum += data.correct(v);
            }
            return sum;
        }

        /** The line's correct value in phase {@code k} of a problem that changes while it runs. */
        public double correct(SeriesData data, int k) {
            double sum = 0;
            for (int v : members) {
                sum += data.phases().get(k).correct(v);
            }
            return sum;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Line l && l.label.equals(label) && Arrays.equals(l.members, members);
        }

        @Override
        public int hashCode() {
            return 31 * label.hashCode() + Arrays.hashCode(members);
        }

        @Override
        public String toString() {
            return label + Arrays.toString(members);
        }
    }

    /** One chart of the figure; {@code title} empty for a figure of one panel. */
    public record Panel(String title, List<Line> lines) {
        public Panel {
            lines = List.copyOf(lines);
            if (lines.isEmpty() || lines.size() > MAX_LINES_PER_PANEL) {
                throw new IllegalArgumentException("a panel holds 1.." + MAX_LINES_PER_PANEL + " lines, got "
                        + lines.size());
            }
        }
    }

    /** Lines shown: fewer than {@link #totalLines} when the cap cut some off. */
    public int shownLines() {
        return panels.stream().mapToInt(p -> p.lines().size()).sum();
    }

    public boolean truncated() {
        return shownLines() < totalLines;
    }

    /** Lays out the virtual CPUs {@code ids} whose users are {@code users} (same order, file order). */
    public static ChartLayout of(List<String> ids, List<String> users) {
        if (ids.size() != users.size()) {
            throw new IllegalArgumentException(ids.size() + " ids but " + users.size() + " users");
        }
        if (ids.isEmpty()) {
            throw new IllegalArgumentException("nothing to draw: no running virtual CPU");
        }
        if (ids.size() <= MAX_LINES_PER_PANEL) {
            List<Line> lines = new ArrayList<>();
            for (int v = 0; v < ids.size(); v++) {
                lines.add(new Line(ids.get(v), new int[] {v}));
            }
            return new ChartLayout(List.of(new Panel("", lines)), false, ids.size());
        }
        List<Group> groups = groups(users);
        List<Panel> byVcpu = pack(groups, ids, false);
        if (byVcpu.size() <= MAX_PANELS) {
            return new ChartLayout(byVcpu, false, ids.size());
        }
        List<Panel> byUser = pack(groups, ids, true);
        return new ChartLayout(byUser.subList(0, Math.min(byUser.size(), MAX_PANELS)), true, groups.size());
    }

    /** A user's virtual CPUs, consecutive in file order. */
    private record Group(String user, int[] members) {
    }

    private static List<Group> groups(List<String> users) {
        List<Group> groups = new ArrayList<>();
        int from = 0;
        for (int v = 1; v <= users.size(); v++) {
            if (v == users.size() || !users.get(v).equals(users.get(from))) {
                int[] m = new int[v - from];
                for (int i = 0; i < m.length; i++) {
                    m[i] = from + i;
                }
                groups.add(new Group(users.get(from), m));
                from = v;
            }
        }
        return groups;
    }

    private static List<Panel> pack(List<Group> groups, List<String> ids, boolean perUser) {
        List<Panel> panels = new ArrayList<>();
        List<Line> current = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (Group g : groups) {
            if (perUser) {
                if (current.size() == MAX_LINES_PER_PANEL) {
                    panels.add(new Panel(range(names), current));
                    current = new ArrayList<>();
                    names = new ArrayList<>();
                }
                current.add(new Line(g.user() + " (" + g.members().length + ")", g.members()));
                names.add(g.user());
                continue;
            }
            int n = g.members().length;
            if (n > MAX_LINES_PER_PANEL) {
                // A big user gets panels of its own, its virtual CPUs in chunks.
                if (!current.isEmpty()) {
                    panels.add(new Panel(range(names), current));
                    current = new ArrayList<>();
                    names = new ArrayList<>();
                }
                int chunks = (n + MAX_LINES_PER_PANEL - 1) / MAX_LINES_PER_PANEL;
                for (int c = 0; c < chunks; c++) {
                    List<Line> lines = new ArrayList<>();
                    for (int i = c * MAX_LINES_PER_PANEL; i < Math.min(n, (c + 1) * MAX_LINES_PER_PANEL); i++) {
                        lines.add(new Line(ids.get(g.members()[i]), new int[] {g.members()[i]}));
                    }
                    panels.add(new Panel(g.user() + " (" + (c + 1) + " of " + chunks + ")", lines));
                }
                continue;
            }
            if (current.size() + n > MAX_LINES_PER_PANEL) {
                panels.add(new Panel(range(names), current));
                current = new ArrayList<>();
                names = new ArrayList<>();
            }
            for (int v : g.members()) {
                current.add(new Line(ids.get(v), new int[] {v}));
            }
            names.add(g.user());
        }
        if (!current.isEmpty()) {
            panels.add(new Panel(range(names), current));
        }
        return panels;
    }

    private static String range(List<String> users) {
        return users.size() == 1 ? users.get(0) : users.get(0) + " .. " + users.get(users.size() - 1);
    }

    /** One value axis for every panel, so panels compare: over every shown line's values and correct values. */
    public AxisRange valueAxis(SeriesData data) {
        double max = 0;
        for (Panel panel : panels) {
            for (Line line : panel.lines()) {
                max = Math.max(max, line.correct(data));
                for (int p = 0; p < data.points(); p++) {
                    max = Math.max(max, line.value(data, p));
                }
            }
        }
        return AxisRange.utilization(max);
    }

    /** Columns of the small-multiples grid: 1 panel alone, up to 4 in two columns, more in three. */
    public int columns() {
        int n = panels.size();
        return n == 1 ? 1 : n <= 4 ? 2 : 3;
    }

    public int rows() {
        return (panels.size() + columns() - 1) / columns();
    }
}
