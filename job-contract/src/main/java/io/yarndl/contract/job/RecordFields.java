package io.yarndl.contract.job;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Typed, strict reads of one JSON object of a job record, with errors that name the record and the
 * field's dotted path. Package-private helper of {@link JobRecordCodec}.
 */
final class RecordFields {

    private static final int MAX_SHOWN_VALUE = 40;

    private final JsonNode object;
    private final String record;
    private final String prefix;

    private RecordFields(JsonNode object, String record, String prefix) {
        this.object = object;
        this.record = record;
        this.prefix = prefix;
    }

    /** The top-level object of {@code record} ("spec", "progress"). */
    static RecordFields top(JsonNode root, String record) throws MalformedRecordException {
        if (root == null || !root.isObject()) {
            throw new MalformedRecordException(record + ": expected a JSON object, got "
                    + (root == null || root.isMissingNode() ? "nothing" : shown(root)));
        }
        return new RecordFields(root, record, "");
    }

    boolean has(String field) {
        return object.has(field);
    }

    /** Rejects the first field not in {@code allowed}, naming it and listing the allowed ones. */
    void allowOnly(Set<String> allowed) throws MalformedRecordException {
        Iterator<String> names = object.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (!allowed.contains(name)) {
                throw new MalformedRecordException(record + ": unknown field '" + prefix + name
                        + "' (allowed: " + String.join(", ", allowed) + ")");
            }
        }
    }

    RecordFields object(String field) throws MalformedRecordException {
        JsonNode node = required(field);
        if (!node.isObject()) {
            throw wrongType(field, "an object", node);
        }
        return new RecordFields(node, record, prefix + field + ".");
    }

    /** A required array of objects, each read with its index in the names of its fields ({@code samples[2].step}). */
    List<RecordFields> objects(String field) throws MalformedRecordException {
        JsonNode node = required(field);
        if (!node.isArray()) {
            throw wrongType(field, "an array of objects", node);
        }
        List<RecordFields> out = new ArrayList<>(node.size());
        for (int i = 0; i < node.size(); i++) {
            JsonNode element = node.get(i);
            if (!element.isObject()) {
                throw invalid(field + "[" + i + "]", "must be an object, got " + shown(element));
            }
            out.add(new RecordFields(element, record, prefix + field + "[" + i + "]."));
        }
        return out;
    }

    String text(String field) throws MalformedRecordException {
        JsonNode node = required(field);
        if (!node.isTextual()) {
            throw wrongType(field, "a string", node);
        }
        if (node.asText().isBlank()) {
            throw invalid(field, "must not be blank");
        }
        return node.asText();
    }

    int integer(String field) throws MalformedRecordException {
        JsonNode node = required(field);
        if (!node.isIntegralNumber() || !node.canConvertToInt()) {
            throw wrongType(field, "an integer", node);
        }
        return node.intValue();
    }

    int integer(String field, int defaultValue) throws MalformedRecordException {
        return has(field) ? integer(field) : defaultValue;
    }

    int nonNegativeInteger(String field) throws MalformedRecordException {
        int value = integer(field);
        if (value < 0) {
            throw invalid(field, "must not be negative, got " + value);
        }
        return value;
    }

    long longInteger(String field) throws MalformedRecordException {
        JsonNode node = required(field);
        if (!node.isIntegralNumber() || !node.canConvertToLong()) {
            throw wrongType(field, "an integer", node);
        }
        return node.longValue();
    }

    long nonNegativeLong(String field) throws MalformedRecordException {
        long value = longInteger(field);
        if (value < 0) {
            throw invalid(field, "must not be negative, got " + value);
        }
        return value;
    }

    double number(String field) throws MalformedRecordException {
        JsonNode node = required(field);
        if (!node.isNumber()) {
            throw wrongType(field, "a number", node);
        }
        return node.doubleValue();
    }

    /**
     * A number, or one of the strings Jackson writes for non-finite doubles ("NaN", "Infinity",
     * "-Infinity"); the caller decides whether such a value is usable.
     */
    double numberOrNonFinite(String field) throws MalformedRecordException {
        JsonNode node = required(field);
        if (node.isTextual()) {
            switch (node.asText()) {
                case "NaN":
                    return Double.NaN;
                case "Infinity":
                    return Double.POSITIVE_INFINITY;
                case "-Infinity":
                    return Double.NEGATIVE_INFINITY;
                default:
                    break;
            }
        }
        if (!node.isNumber()) {
            throw wrongType(field, "a number", node);
        }
        return node.doubleValue();
    }

    /** A case-insensitive choice among {@code values} (keys upper-case); the error lists them. */
    <E> E choice(String field, Map<String, E> values, String defaultName) throws MalformedRecordException {
        if (!has(field) && defaultName != null) {
            return values.get(defaultName);
        }
        JsonNode node = required(field);
        E value = node.isTextual() ? values.get(node.asText().trim().toUpperCase(Locale.ROOT)) : null;
        if (value == null) {
            throw invalid(field, "has unknown value " + shown(node) + " (allowed: "
                    + String.join(", ", values.keySet()) + ")");
        }
        return value;
    }

    /** Checks that {@code field} is present and one of the integers {@code supported}; returns it. */
    int version(String field, Set<Integer> supported) throws MalformedRecordException {
        int version = integer(field);
        if (!supported.contains(version)) {
            throw new MalformedRecordException(record + ": unsupported " + field + " " + version
                    + " (this reader understands " + field + " " + new java.util.TreeSet<>(supported) + ")");
        }
        return version;
    }

    /** Checks that {@code field} is present and is the integer {@code supported}. */
    void version(String field, int supported) throws MalformedRecordException {
        int version = integer(field);
        if (version != supported) {
            throw new MalformedRecordException(record + ": unsupported " + field + " " + version
                    + " (this reader understands " + field + " " + supported + ")");
        }
    }

    MalformedRecordException invalid(String field, String what) {
        return new MalformedRecordException(record + " field '" + prefix + field + "' " + what);
    }

    private JsonNode required(String field) throws MalformedRecordException {
        JsonNode node = object.get(field);
        if (node == null) {
            throw new MalformedRecordException(record + ": missing required field '" + prefix + field + "'");
        }
        return node;
    }

    private MalformedRecordException wrongType(String field, String expected, JsonNode got) {
        return invalid(field, "must be " + expected + ", got " + shown(got));
    }

    private static String shown(JsonNode node) {
        String text = node.toString();
        return text.length() <= MAX_SHOWN_VALUE ? text : text.substring(0, MAX_SHOWN_VALUE) + "...";
    }
}
