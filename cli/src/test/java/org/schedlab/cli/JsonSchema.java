package org.schedlab.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The subset of JSON Schema that docs/schema uses, checked strictly: {@code type} (a name or a list of names),
 * {@code properties}, {@code required}, {@code additionalProperties: false}, {@code items}, {@code enum},
 * {@code anyOf}, and the annotations {@code $schema}, {@code title}, {@code description}. Any other keyword in a
 * schema is itself an error, so a schema cannot rely on a rule this validator would silently skip. Values come
 * from {@link Json}: numbers are Doubles, so {@code integer} means a whole Double.
 */
final class JsonSchema {

    private static final Set<String> KEYWORDS = Set.of("$schema", "title", "description", "type", "properties",
            "required", "additionalProperties", "items", "enum", "anyOf");

    private JsonSchema() {
    }

    /** Every way {@code value} breaks {@code schema}, each as {@code $.path: what}; empty when it conforms. */
    static List<String> validate(Object schema, Object value) {
        List<String> errors = new ArrayList<>();
        check(Json.object(schema), value, "$", errors);
        return errors;
    }

    private static void check(Map<String, Object> schema, Object value, String path, List<String> errors) {
        for (String k : schema.keySet()) {
            if (!KEYWORDS.contains(k)) {
                errors.add(path + ": schema uses unsupported keyword " + k);
            }
        }
        if (schema.containsKey("type")) {
            Object t = schema.get("type");
            List<Object> types = t instanceof List<?> ? Json.array(t) : List.of(t);
            if (types.stream().noneMatch(x -> is((String) x, value))) {
                errors.add(path + ": expected " + types + ", got " + describe(value));
                return;
            }
        }
        if (schema.containsKey("enum") && !Json.array(schema.get("enum")).contains(value)) {
            errors.add(path + ": " + describe(value) + " is not one of " + schema.get("enum"));
        }
        if (schema.containsKey("anyOf")) {
            boolean any = false;
            for (Object alt : Json.array(schema.get("anyOf"))) {
                List<String> sub = new ArrayList<>();
                check(Json.object(alt), value, path, sub);
                any |= sub.isEmpty();
            }
            if (!any) {
                errors.add(path + ": " + describe(value) + " matches none of anyOf");
            }
        }
        if (value instanceof Map<?, ?>) {
            Map<String, Object> obj = Json.object(value);
            Map<String, Object> props = schema.containsKey("properties") ? Json.object(schema.get("properties")) : Map.of();
            if (schema.containsKey("required")) {
                for (Object r : Json.array(schema.get("required"))) {
                    if (!obj.containsKey((String) r)) {
                        errors.add(path + ": missing required property " + r);
                    }
                }
            }
            Object additional = schema.get("additionalProperties");
            if (additional != null && !Boolean.FALSE.equals(additional)) {
                errors.add(path + ": schema: only additionalProperties false is supported");
            }
            for (Map.Entry<String, Object> e : obj.entrySet()) {
                if (props.containsKey(e.getKey())) {
                    check(Json.object(props.get(e.getKey())), e.getValue(), path + "." + e.getKey(), errors);
                } else if (Boolean.FALSE.equals(additional)) {
                    errors.add(path + ": property " + e.getKey() + " is not in the schema");
                }
            }
        }
        if (value instanceof List<?> && schema.containsKey("items")) {
            List<Object> list = Json.array(value);
            for (int i = 0; i < list.size(); i++) {
                check(Json.object(schema.get("items")), list.get(i), path + "[" + i + "]", errors);
            }
        }
    }

    private static boolean is(String type, Object v) {
        return switch (type) {
            case "object" -> v instanceof Map;
            case "array" -> v instanceof List;
            case "string" -> v instanceof String;
            case "number" -> v instanceof Double;
            case "integer" -> v instanceof Double d && d == Math.rint(d) && !Double.isInfinite(d);
            case "boolean" -> v instanceof Boolean;
            case "null" -> v == Json.NULL;
            default -> throw new IllegalArgumentException("unknown JSON Schema type " + type);
        };
    }

    private static String describe(Object v) {
        return v instanceof String s ? "\"" + s + "\"" : String.valueOf(v);
    }
}
