package io.yarndl.contract.json;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.type.LogicalType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Jackson data binding set up to read stored documents strictly: a field the target record does
 * not declare, a required field that is absent, a {@code null} where no annotation allows one, a
 * string where a number belongs (or the reverse), a fraction where an integer belongs, duplicate
 * keys, trailing content and a tuple of the wrong length ({@link ExactTuples}) are all refused
 * with a {@link JsonProblem} that names the field's path. Reading is two steps, {@link #object}
 * then {@link #bind}, so that a caller can read a version field first and migrate the tree. The
 * strings {@code "NaN"}, {@code "Infinity"} and {@code "-Infinity"} (and {@code "INF"},
 * {@code "-INF"}) are read as doubles: standard JSON has no such numbers, so Jackson writes
 * non-finite doubles that way. Enum names are read case-insensitively.
 *
 * <p>A field may be {@code null} only where its record component says
 * {@code @JsonSetter(nulls = Nulls.SET)}. Thread-safe and immutable.
 */
public final class StrictJson {

    private final JsonMapper mapper;

    private StrictJson(boolean everyFieldRequired) {
        this.mapper = JsonMapper.builder()
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
                .configure(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES, everyFieldRequired)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .enable(MapperFeature.ACCEPT_CASE_INSENSITIVE_ENUMS)
                .withCoercionConfig(LogicalType.Textual, text -> text
                        .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
                .defaultSetterInfo(JsonSetter.Value.construct(Nulls.FAIL, Nulls.FAIL))
                .addModule(new SimpleModule("exact-tuples").setDeserializerModifier(new ExactTuples()))
                .build();
    }

    /** Every field of every record is required (the checkpoint: nullable fields are present and null). */
    public static StrictJson everyFieldRequired() {
        return new StrictJson(true);
    }

    /**
     * Only fields annotated {@code @JsonProperty(required = true)} are required; an absent optional
     * field reads as {@code null} (the job spec, whose optional fields have defaults).
     */
    public static StrictJson requiredAsAnnotated() {
        return new StrictJson(false);
    }

    /** The JSON object in {@code json}, parsed but not yet bound. */
    public JsonNode object(String json) throws JsonProblem {
        if (json == null) {
            throw new JsonProblem("no data");
        }
        return object(json.getBytes(StandardCharsets.UTF_8));
    }

    /** The JSON object in the UTF-8 {@code json}, parsed but not yet bound. */
    public JsonNode object(byte[] json) throws JsonProblem {
        if (json == null) {
            throw new JsonProblem("no data");
        }
        JsonNode root;
        try {
            root = mapper.readTree(json);
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? ""
                    : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
            throw new JsonProblem("not valid JSON" + where + ": " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new JsonProblem("not readable JSON: " + e, e);
        }
        if (root == null || !root.isObject()) {
            throw new JsonProblem("expected a JSON object, got " + BindingFailure.shown(root));
        }
        return root;
    }

    /** {@code tree} as a {@code type}, every field checked. */
    public <T> T bind(JsonNode tree, Class<T> type) throws JsonProblem {
        try {
            return mapper.treeToValue(tree, type);
        } catch (JsonMappingException e) {
            throw BindingFailure.problem(e);
        } catch (JsonProcessingException e) {
            throw new JsonProblem("not readable: " + e.getOriginalMessage(), e);
        }
    }

    /** {@code value} as a tree, for a document's migration to edit before it is bound. */
    public JsonNode tree(Object value) {
        return mapper.valueToTree(value);
    }

    /** {@code value} as compact JSON: fields in declaration order, non-finite doubles as strings. */
    public String write(Object value) {
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + value.getClass().getSimpleName() + " as JSON", e);
        }
    }

    /** Like {@link #write}, as UTF-8 bytes. */
    public byte[] writeBytes(Object value) {
        return write(value).getBytes(StandardCharsets.UTF_8);
    }
}
