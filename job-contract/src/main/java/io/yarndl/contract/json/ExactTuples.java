package io.yarndl.contract.json;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.deser.ResolvableDeserializer;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;

/**
 * Tuples: records annotated {@code @JsonFormat(shape = ARRAY)}, written as arrays of their fields
 * in order to keep long histories small ({@code [timeSec, step, loss, ...]}). Jackson writes them
 * so, but reads them leniently (extra elements are dropped) and names an element at fault by the
 * array alone; this reads them exactly: an array of the record's length, each element bound as its
 * component and named by it ({@code recent[3].step}), so a tuple of a later layout is refused.
 * An element is {@code null} only where its component says {@code @JsonSetter(nulls = Nulls.SET)},
 * as in {@link StrictJson}'s objects.
 */
final class ExactTuples extends BeanDeserializerModifier {

    private static final long serialVersionUID = 1L;

    @Override
    public JsonDeserializer<?> modifyDeserializer(DeserializationConfig config, BeanDescription bean,
                                                  JsonDeserializer<?> deserializer) {
        Class<?> type = bean.getBeanClass();
        JsonFormat format = type.getAnnotation(JsonFormat.class);
        return type.isRecord() && format != null && format.shape() == JsonFormat.Shape.ARRAY
                ? new Tuple(type) : deserializer;
    }

    /** One tuple record, read element by element through its canonical constructor. */
    private static final class Tuple extends StdDeserializer<Object> implements ResolvableDeserializer {

        private static final long serialVersionUID = 1L;

        private final transient RecordComponent[] components;
        private final transient Constructor<?> canonical;
        private final List<String> names;
        private final boolean[] nullable;
        private transient JsonDeserializer<?>[] elements;

        Tuple(Class<?> type) {
            super(type);
            this.components = type.getRecordComponents();
            this.names = Arrays.stream(components).map(RecordComponent::getName).toList();
            try {
                this.canonical = type.getDeclaredConstructor(
                        Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new));
            } catch (NoSuchMethodException e) {
                throw new IllegalStateException("a record without its canonical constructor: " + type, e);
            }
            canonical.setAccessible(true);
            // A component's @JsonSetter lands on the canonical constructor's parameter, not on the component.
            this.nullable = new boolean[components.length];
            for (int i = 0; i < components.length; i++) {
                JsonSetter setter = canonical.getParameters()[i].getAnnotation(JsonSetter.class);
                nullable[i] = setter != null && setter.nulls() == Nulls.SET && !components[i].getType().isPrimitive();
            }
        }

        @Override
        public void resolve(DeserializationContext context) throws JsonMappingException {
            elements = new JsonDeserializer<?>[components.length];
            for (int i = 0; i < components.length; i++) {
                elements[i] = context.findRootValueDeserializer(context.constructType(components[i].getGenericType()));
            }
        }

        @Override
        public Object deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            if (!parser.isExpectedStartArrayToken()) {
                return context.handleUnexpectedToken(handledType(), parser);
            }
            Object[] values = new Object[components.length];
            int count = 0;
            for (JsonToken token = parser.nextToken(); token != JsonToken.END_ARRAY; token = parser.nextToken()) {
                if (count < components.length) {
                    values[count] = element(count, parser, context);
                } else {
                    parser.skipChildren();
                }
                count++;
            }
            if (count != components.length) {
                throw JsonMappingException.from(parser, "must be an array " + names + ", got " + count
                        + (count == 1 ? " value" : " values"));
            }
            try {
                return canonical.newInstance(values);
            } catch (InvocationTargetException e) {
                throw ValueInstantiationException.from(parser, e.getCause().getMessage(),
                        context.constructType(handledType()), e.getCause());
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot construct " + handledType().getSimpleName(), e);
            }
        }

        /** Element {@code i}, the parser on its first token; a refusal is named by its component. */
        private Object element(int i, JsonParser parser, DeserializationContext context) throws IOException {
            try {
                if (parser.currentToken() == JsonToken.VALUE_NULL) {
                    // Deserializers leave null to their caller: a tuple allows it only where annotated.
                    return nullable[i] ? null : context.reportInputMismatch(components[i].getType(), "null in a tuple");
                }
                return elements[i].deserialize(parser, context);
            } catch (JsonMappingException e) {
                throw JsonMappingException.wrapWithPath(e, handledType(), names.get(i));
            }
        }
    }
}
