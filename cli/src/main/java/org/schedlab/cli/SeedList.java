package org.schedlab.cli;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/**
 * {@code test --seeds}: the seeds every check runs under. {@code N} alone is seeds 1..N; otherwise a
 * comma-separated list of seeds and inclusive ranges {@code A..B}, e.g. {@code 3..7} or {@code 1,4,9} or
 * {@code 1..3,10}. Seeds run in the order written; each may appear once.
 */
record SeedList(List<Long> seeds) {

    /** More would be a typo, not a study: 1,000 seeds of the whole library is days of runs. */
    static final int MAX_SEEDS = 1000;

    private static final Pattern ITEM = Pattern.compile("(\\d{1,18})(?:\\.\\.(\\d{1,18}))?");

    SeedList {
        seeds = List.copyOf(seeds);
        if (seeds.isEmpty()) {
            throw new IllegalArgumentException("no seeds");
        }
    }

    static SeedList parse(String text) {
        String t = text.strip();
        if (t.matches("\\d{1,18}")) {
            long n = Long.parseLong(t);
            if (n < 1 || n > MAX_SEEDS) {
                throw bad(text, "N alone means seeds 1..N, so N must be 1 to " + MAX_SEEDS);
            }
            List<Long> all = new ArrayList<>();
            for (long s = 1; s <= n; s++) {
                all.add(s);
            }
            return new SeedList(all);
        }
        Set<Long> seen = new LinkedHashSet<>();
        for (String item : t.split(",", -1)) {
            Matcher m = ITEM.matcher(item.strip());
            if (!m.matches()) {
                throw bad(text, "'" + item.strip() + "' is neither a seed nor a range A..B");
            }
            long from = Long.parseLong(m.group(1));
            long to = m.group(2) == null ? from : Long.parseLong(m.group(2));
            if (to < from) {
                throw bad(text, "range " + item.strip() + " runs backwards");
            }
            if (to - from >= MAX_SEEDS || seen.size() + (to - from + 1) > MAX_SEEDS) {
                throw bad(text, "more than " + MAX_SEEDS + " seeds");
            }
            for (long s = from; s <= to; s++) {
                if (!seen.add(s)) {
                    throw bad(text, "seed " + s + " is listed twice");
                }
            }
        }
        return new SeedList(new ArrayList<>(seen));
    }

    private static CommandLine.TypeConversionException bad(String text, String why) {
        return new CommandLine.TypeConversionException("'" + text + "' is not a seed list: " + why
                + " (expected N for 1..N, or seeds and ranges like 3..7 or 1,4,9)");
    }

    /** picocli's hook. */
    static final class Converter implements CommandLine.ITypeConverter<SeedList> {
        @Override
        public SeedList convert(String value) {
            return parse(value);
        }
    }
}
