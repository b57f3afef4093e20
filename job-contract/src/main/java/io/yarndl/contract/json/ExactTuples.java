package io.yarndl.contract.json;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
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
    private static final class Tuple extends StdDeserializer<Object> {

        private static final long serialVersionUID = 1L;

        private final transient RecordComponent[] components;
        private final List<String> names;

        Tuple(Class<?> type) {
            super(type);
            this.components = type.getRecordComponents();
            this.names = Arrays.stream(components).map(RecordComponent::getName).toList();
        }

        @Override
        public Object deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            if (!parser.isExpectedStartArrayToken()) {
                return context.handleUnexpectedToken(handledType(), parser);
            }
            JsonNode tuple = context.readTree(parser);
            if (tuple.size() != components.length) {
                throw JsonMappingException.from(parser, "must be an array " + names + ", got " + tuple.size()
                        + (tuple.size() == 1 ? " value" : " values"));
            }
            Object[] values = new Object[components.length];
            for (int i = 0; i < components.length; i++) {
                values[i] = element(tuple.get(i), components[i], parser, context);
            }
            try {
                Constructor<?> canonical = handledType().getDeclaredConstructor(
                        Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new));
                canonical.setAccessible(true);
                return canonical.newInstance(values);
            } catch (InvocationTargetException e) {
                throw ValueInstantiationException.from(parser, e.getCause().getMessage(),
                        context.constructType(handledType()), e.getCause());
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot construct " + handledType().getSimpleName(), e);
            }
        }

        /** The element as its component; a refusal is named by the component and shows the element. */
        private static Object element(JsonNode node, RecordComponent component, JsonParser parser,
                                      DeserializationContext context) throws IOException {
            // Left open: a tree parser holds nothing, and a refusal shows the value it stands on.
            JsonParser element = node.traverse(parser.getCodec());
            element.nextToken();
            try {
                return context.readValue(element, context.constructType(component.getGenericType()));
            } catch (MismatchedInputException e) {
                // Jackson reports from the outer parser, which has left the element behind.
                throw JsonMappingException.wrapWithPath(MismatchedInputException.from(element, e.getTargetType(),
                        e.getOriginalMessage()), component.getDeclaringRecord(), component.getName());
            }
        }
    }
}
