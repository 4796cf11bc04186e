package org.schedlab.runner.policy;

import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.function.Supplier;
import org.schedlab.runner.policy.zvm.Zvm63Policy;
import org.schedlab.runner.policy.zvm.Zvm64Policy;
import org.schedlab.runner.spi.SchedulerPolicy;

/**
 * The one place policies are registered and found. A spec string is {@code name[:key=value[,key=value...]]};
 * {@code name} is a shipped policy, the {@link SchedulerPolicy#name()} of a policy listed in some
 * {@code META-INF/services/org.schedlab.runner.spi.SchedulerPolicy}, or a fully qualified class name
 * implementing {@link SchedulerPolicy} with a public no-argument constructor.
 */
public final class Policies {

    private static final Map<String, Supplier<SchedulerPolicy>> SHIPPED;

    static {
        Map<String, Supplier<SchedulerPolicy>> m = new LinkedHashMap<>();
        m.put(FairPolicy.NAME, FairPolicy::new);
        m.put(Zvm64Policy.NAME, Zvm64Policy::new);
        m.put(Zvm63Policy.NAME, Zvm63Policy::new);
        SHIPPED = Collections.unmodifiableMap(m);
    }

    private Policies() {
    }

    /**
     * The policy a spec string names, options applied.
     *
     * @throws IllegalArgumentException for an unknown name (the message lists the known ones) or bad options
     */
    public static SchedulerPolicy create(String spec) {
        return create(spec, loader());
    }

    /**
     * As {@link #create(String)}, looking up policies that are not shipped (by service name and by
     * class name) in {@code loader}: e.g. one over a user's jars ({@code schedlab --policy-path}).
     *
     * @throws IllegalArgumentException for an unknown name (the message lists the known ones) or bad options; what
     *                                  a policy class's constructor throws comes out as it was thrown
     */
    public static SchedulerPolicy create(String spec, ClassLoader loader) {
        if (spec == null || spec.isBlank()) {
            throw new IllegalArgumentException("no policy given; known: " + String.join(", ", names(loader)));
        }
        int colon = spec.indexOf(':');
        String name = (colon < 0 ? spec : spec.substring(0, colon)).trim();
        Map<String, String> options = colon < 0 ? Map.of() : parseOptions(spec.substring(colon + 1), spec);
        Supplier<SchedulerPolicy> shipped = SHIPPED.get(name.toLowerCase(Locale.ROOT));
        if (shipped != null) {
            return shipped.get().withOptions(options);
        }
        for (SchedulerPolicy p : loaded(loader)) {
            if (p.name().equalsIgnoreCase(name)) {
                return p.withOptions(options);
            }
        }
        if (name.contains(".")) {
            return byClassName(name, loader).withOptions(options);
        }
        throw new IllegalArgumentException("unknown policy '" + name + "'; known: " + String.join(", ", names(loader))
                + " (or a fully qualified class name)");
    }

    /** Shipped policy names, then those found through {@link ServiceLoader}, without duplicates. */
    public static List<String> names() {
        return names(loader());
    }

    private static List<String> names(ClassLoader loader) {
        List<String> out = new ArrayList<>(SHIPPED.keySet());
        for (SchedulerPolicy p : loaded(loader)) {
            if (out.stream().noneMatch(x -> x.equalsIgnoreCase(p.name()))) {
                out.add(p.name());
            }
        }
        return List.copyOf(out);
    }

    /**
     * Every registered policy with its default settings: shipped ones, then those found through
     * {@link ServiceLoader}, without duplicates (what {@code schedlab policies} lists).
     */
    public static List<SchedulerPolicy> all() {
        List<SchedulerPolicy> out = new ArrayList<>();
        for (Supplier<SchedulerPolicy> s : SHIPPED.values()) {
            out.add(s.get());
        }
        for (SchedulerPolicy p : loaded(loader())) {
            if (out.stream().noneMatch(x -> x.name().equalsIgnoreCase(p.name()))) {
                out.add(p);
            }
        }
        return List.copyOf(out);
    }

    private static List<SchedulerPolicy> loaded(ClassLoader loader) {
        List<SchedulerPolicy> out = new ArrayList<>();
        try {
            for (SchedulerPolicy p : ServiceLoader.load(SchedulerPolicy.class, loader)) {
                out.add(p);
            }
        } catch (ServiceConfigurationError e) {
            throw new IllegalArgumentException("a policy listed in META-INF/services could not be loaded: " + e.getMessage(), e);
        }
        return out;
    }

    private static ClassLoader loader() {
        ClassLoader cl = Thread.currentThread().getContextClassLoader();
        return cl != null ? cl : Policies.class.getClassLoader();
    }

    private static SchedulerPolicy byClassName(String name, ClassLoader loader) {
        Class<?> c;
        try {
            c = Class.forName(name, true, loader);
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException("unknown policy '" + name + "': no such class; known: "
                    + String.join(", ", names(loader)), e);
        } catch (LinkageError e) {
            // E.g. a class built against another version of this API: the user's jar, not schedlab.
            throw new IllegalArgumentException("policy class " + name + " could not be loaded: " + e, e);
        }
        if (!SchedulerPolicy.class.isAssignableFrom(c)) {
            throw new IllegalArgumentException("class " + name + " does not implement " + SchedulerPolicy.class.getName());
        }
        try {
            return (SchedulerPolicy) c.getConstructor().newInstance();
        } catch (InvocationTargetException e) {
            // The constructor ran and failed: the policy's own fault, with its own exception.
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException("policy class " + name + ": its constructor threw " + cause, cause);
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException("policy class " + name + " needs a public no-argument constructor: " + e, e);
        }
    }

    private static Map<String, String> parseOptions(String text, String spec) {
        Map<String, String> out = new LinkedHashMap<>();
        if (text.isBlank()) {
            return out;
        }
        for (String part : text.split(",")) {
            int eq = part.indexOf('=');
            if (eq <= 0 || eq == part.length() - 1) {
                throw new IllegalArgumentException("policy options are key=value separated by commas, got '" + part
                        + "' in '" + spec + "'");
            }
            out.put(part.substring(0, eq).trim().toLowerCase(Locale.ROOT), part.substring(eq + 1).trim());
        }
        return Collections.unmodifiableMap(out);
    }
}
