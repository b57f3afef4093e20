package io.yarndl.contract.json;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Jackson's binding exceptions in the project's words: what is wrong and where, without Jackson's
 * class names and feature hints, which mean nothing to an operator reading a refused checkpoint.
 */
final class BindingFailure {

    private static final int MAX_SHOWN_VALUE = 40;

    private BindingFailure() {
    }

    static JsonProblem problem(JsonMappingException e) {
        String path = path(e.getPath());
        if (e instanceof UnrecognizedPropertyException unknown) {
            return JsonProblem.unknown(path, allowed(unknown));
        }
        if (e instanceof ValueInstantiationException && e.getCause() instanceof InvalidField invalid) {
            String field = invalid.field() == null ? path : path.isEmpty() ? invalid.field() : path + "." + invalid.field();
            return JsonProblem.atField(field, invalid.problem());
        }
        if (e instanceof ValueInstantiationException && e.getCause() != null) {
            return JsonProblem.atField(path, "refused: " + e.getCause().getMessage());
        }
        if (e instanceof MismatchedInputException mismatch) {
            // Jackson's only word for an absent creator property (a record component) is its message.
            if (mismatch.getOriginalMessage().startsWith("Missing ")) {
                return JsonProblem.missing(path);
            }
            Class<?> target = mismatch.getTargetType();
            String got = e.getProcessor() instanceof JsonParser parser ? shown(parser) : "something else";
            if (target != null && target.isEnum()) {
                return JsonProblem.atField(path, "has unknown value " + got + " (allowed: "
                        + String.join(", ", Arrays.stream(target.getEnumConstants()).map(Object::toString).toList())
                        + ")");
            }
            if (target != null) {
                return JsonProblem.atField(path, "must be " + expected(target) + ", got " + got);
            }
        }
        return JsonProblem.atField(path, e.getOriginalMessage());
    }

    /** {@code plan.jobs[2].workers}: names joined by dots, indexes in brackets. */
    private static String path(List<JsonMappingException.Reference> references) {
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference reference : references) {
            if (reference.getIndex() >= 0) {
                path.append('[').append(reference.getIndex()).append(']');
            } else if (reference.getFieldName() != null) {
                path.append(path.length() == 0 ? "" : ".").append(reference.getFieldName());
            }
        }
        return path.toString();
    }

    /** A record's fields in the order it declares them; Jackson's own list has no useful order. */
    private static List<String> allowed(UnrecognizedPropertyException unknown) {
        Class<?> owner = unknown.getReferringClass();
        if (owner != null && owner.isRecord()) {
            return Arrays.stream(owner.getRecordComponents()).map(RecordComponent::getName).toList();
        }
        return unknown.getKnownPropertyIds().stream().map(Object::toString).sorted().toList();
    }

    private static String expected(Class<?> type) {
        if (type == int.class || type == long.class || type == Integer.class || type == Long.class) {
            return "an integer";
        }
        if (type == double.class || type == Double.class || type == float.class || type == Float.class) {
            return "a number";
        }
        if (type == String.class) {
            return "a string";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        JsonFormat format = type.getAnnotation(JsonFormat.class);
        if (format != null && format.shape() == JsonFormat.Shape.ARRAY && type.isRecord()) {
            return "an array " + Arrays.stream(type.getRecordComponents()).map(RecordComponent::getName).toList();
        }
        if (type.isArray() || Collection.class.isAssignableFrom(type)) {
            return "an array";
        }
        return Map.class.isAssignableFrom(type) || type.isRecord() ? "an object" : "a " + type.getSimpleName();
    }

    /** The value the parser stands on, as it was written; a structure by its kind alone. */
    private static String shown(JsonParser parser) {
        JsonToken token = parser.currentToken();
        if (token == null) {
            return "nothing";
        }
        if (token.isStructStart() || token.isStructEnd()) {
            return token == JsonToken.START_OBJECT || token == JsonToken.END_OBJECT ? "an object" : "an array";
        }
        try {
            return cut(token == JsonToken.VALUE_STRING ? TextNode.valueOf(parser.getText()).toString() : parser.getText());
        } catch (IOException e) {
            return "a " + token;
        }
    }

    static String shown(JsonNode node) {
        return node == null || node.isMissingNode() ? "nothing" : cut(node.toString());
    }

    private static String cut(String text) {
        return text.length() <= MAX_SHOWN_VALUE ? text : text.substring(0, MAX_SHOWN_VALUE) + "...";
    }
}
