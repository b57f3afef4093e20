package io.yarndl.yarn.state;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Typed, strict reads of one JSON object of a checkpoint or its manifest. Every field is required
 * (nullable ones are present and {@code null}), unknown fields are refused, and each failure is a
 * {@link CheckpointProblem#MALFORMED} exception whose message names the document and the field's
 * path, e.g. {@code checkpoint field 'plan.jobs[2].workers' must be an integer, got "two"}.
 */
final class CheckpointFields {

    private static final int MAX_SHOWN_VALUE = 40;

    private final JsonNode object;
    private final String document;
    private final String path;

    private CheckpointFields(JsonNode object, String document, String path) {
        this.object = object;
        this.document = document;
        this.path = path;
    }

    /**
     * The object {@code node}, which must have exactly the fields {@code names}.
     *
     * @param document "checkpoint" or "manifest", for messages
     * @param path     the node's dotted path, empty for the top level
     */
    static CheckpointFields of(JsonNode node, String document, String path, String... names)
            throws UnreadableCheckpointException {
        if (node == null || !node.isObject()) {
            throw malformed(document, (path.isEmpty() ? "" : "field '" + path + "' ") + "must be a JSON object, got "
                    + shown(node));
        }
        CheckpointFields fields = new CheckpointFields(node, document, path);
        Set<String> allowed = new LinkedHashSet<>(Arrays.asList(names));
        Iterator<String> present = node.fieldNames();
        while (present.hasNext()) {
            String name = present.next();
            if (!allowed.contains(name)) {
                throw malformed(document, "unknown field '" + fields.child(name) + "' (allowed: "
                        + String.join(", ", allowed) + ")");
            }
        }
        for (String name : allowed) {
            if (!node.has(name)) {
                throw malformed(document, "missing required field '" + fields.child(name) + "'");
            }
        }
        return fields;
    }

    JsonNode node(String field) {
        return object.get(field);
    }

    /** This object's dotted path, empty for the top level. */
    String path() {
        return path;
    }

    String child(String field) {
        return path.isEmpty() ? field : path + "." + field;
    }

    /** The object in {@code field} with exactly the fields {@code names}. */
    CheckpointFields object(String field, String... names) throws UnreadableCheckpointException {
        return of(object.get(field), document, child(field), names);
    }

    /** Like {@link #object}, or null when the field is {@code null}. */
    CheckpointFields nullableObject(String field, String... names) throws UnreadableCheckpointException {
        return object.get(field).isNull() ? null : object(field, names);
    }

    /** The members of the object in {@code field}, in document order. */
    Map<String, JsonNode> members(String field) throws UnreadableCheckpointException {
        JsonNode node = object.get(field);
        if (!node.isObject()) {
            throw wrongType(child(field), "an object", node);
        }
        Map<String, JsonNode> members = new LinkedHashMap<>();
        node.properties().forEach(entry -> members.put(entry.getKey(), entry.getValue()));
        return members;
    }

    /** The elements of the array in {@code field}. */
    List<JsonNode> array(String field) throws UnreadableCheckpointException {
        return elements(object.get(field), child(field));
    }

    String text(String field) throws UnreadableCheckpointException {
        JsonNode node = object.get(field);
        if (!node.isTextual()) {
            throw wrongType(child(field), "a string", node);
        }
        return node.asText();
    }

    String nullableText(String field) throws UnreadableCheckpointException {
        return object.get(field).isNull() ? null : text(field);
    }

    int integer(String field) throws UnreadableCheckpointException {
        return integerAt(object.get(field), child(field));
    }

    long longInteger(String field) throws UnreadableCheckpointException {
        return longAt(object.get(field), child(field));
    }

    double real(String field) throws UnreadableCheckpointException {
        return realAt(object.get(field), child(field));
    }

    UnreadableCheckpointException invalid(String what) {
        return malformed(document, "field '" + path + "' " + what);
    }

    List<JsonNode> elements(JsonNode node, String at) throws UnreadableCheckpointException {
        if (node == null || !node.isArray()) {
            throw wrongType(at, "an array", node);
        }
        List<JsonNode> elements = new ArrayList<>(node.size());
        node.elements().forEachRemaining(elements::add);
        return elements;
    }

    String textAt(JsonNode node, String at) throws UnreadableCheckpointException {
        if (node == null || !node.isTextual()) {
            throw wrongType(at, "a string", node);
        }
        return node.asText();
    }

    int integerAt(JsonNode node, String at) throws UnreadableCheckpointException {
        if (node == null || !node.isIntegralNumber() || !node.canConvertToInt()) {
            throw wrongType(at, "an integer", node);
        }
        return node.intValue();
    }

    long longAt(JsonNode node, String at) throws UnreadableCheckpointException {
        if (node == null || !node.isIntegralNumber() || !node.canConvertToLong()) {
            throw wrongType(at, "an integer", node);
        }
        return node.longValue();
    }

    /** A number, or one of the strings written for non-finite doubles: "NaN", "Infinity", "-Infinity". */
    double realAt(JsonNode node, String at) throws UnreadableCheckpointException {
        if (node != null && node.isTextual()) {
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
        if (node == null || !node.isNumber()) {
            throw wrongType(at, "a number", node);
        }
        return node.doubleValue();
    }

    private UnreadableCheckpointException wrongType(String at, String expected, JsonNode got) {
        return malformed(document, "field '" + at + "' must be " + expected + ", got " + shown(got));
    }

    static UnreadableCheckpointException malformed(String document, String what) {
        return new UnreadableCheckpointException(CheckpointProblem.MALFORMED, document + ": " + what);
    }

    private static String shown(JsonNode node) {
        if (node == null || node.isMissingNode()) {
            return "nothing";
        }
        String text = node.toString();
        return text.length() <= MAX_SHOWN_VALUE ? text : text.substring(0, MAX_SHOWN_VALUE) + "...";
    }
}
