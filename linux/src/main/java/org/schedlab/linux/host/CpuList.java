package org.schedlab.linux.host;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The kernel's CPU list format ({@code 0-3,8,10-11}, as in {@code /sys/devices/system/cpu/online},
 * {@code cpuset.cpus} and {@code Cpus_allowed_list}), both ways.
 */
public final class CpuList {

    private CpuList() {
    }

    /**
     * The CPUs of a list, ascending, without repeats; an empty or blank text is no CPU.
     *
     * @throws IllegalArgumentException for text that is not a CPU list
     */
    public static List<Integer> parse(String text) {
        TreeSet<Integer> out = new TreeSet<>();
        String t = text.strip();
        if (t.isEmpty()) {
            return List.of();
        }
        for (String part : t.split(",")) {
            String p = part.strip();
            int dash = p.indexOf('-');
            try {
                if (dash < 0) {
                    out.add(Integer.parseInt(p));
                } else {
                    int from = Integer.parseInt(p.substring(0, dash));
                    int to = Integer.parseInt(p.substring(dash + 1));
                    if (to < from || from < 0) {
                        throw new IllegalArgumentException("not a CPU list: " + text.strip());
                    }
                    for (int c = from; c <= to; c++) {
                        out.add(c);
                    }
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("not a CPU list: " + text.strip(), e);
            }
        }
        return List.copyOf(out);
    }

    /** The shortest list text for {@code cpus} (any order), ranges joined: {@code 0-2,5}. */
    public static String format(List<Integer> cpus) {
        List<Integer> sorted = new ArrayList<>(new TreeSet<>(cpus));
        StringBuilder sb = new StringBuilder();
        int i = 0;
        while (i < sorted.size()) {
            int j = i;
            while (j + 1 < sorted.size() && sorted.get(j + 1) == sorted.get(j) + 1) {
                j++;
            }
            if (sb.length() > 0) {
                sb.append(',');
            }
            sb.append(sorted.get(i));
            if (j > i) {
                sb.append('-').append(sorted.get(j));
            }
            i = j + 1;
        }
        return sb.toString();
    }
}
