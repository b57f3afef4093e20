package io.yarndl.yarn.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

/**
 * JSON responses written with the Jackson the RM ships, outside Jersey's own JSON providers (the
 * RM registers JAXB-oriented ones for its DAOs; records need none of that): the body is a String
 * an {@link ObjectMapper} wrote, the type {@code application/json}.
 */
final class JsonResponses {

    static final String JSON = MediaType.APPLICATION_JSON + "; charset=utf-8";

    /** Infinities and NaN are not JSON (Jackson would quote them); views hold null instead. */
    private static final ObjectMapper MAPPER = new ObjectMapper().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

    private JsonResponses() {
    }

    static String write(Object view) {
        try {
            return MAPPER.writeValueAsString(view);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + view.getClass().getSimpleName() + " as JSON", e);
        }
    }

    static Response ok(Object view) {
        return Response.ok(write(view), JSON).header("Cache-Control", "no-store").build();
    }

    /** An error with a message people can act on: {@code {"status":404,"message":"..."}}. */
    static Response error(Response.Status status, String message) {
        return Response.status(status).entity(write(new ApiError(status.getStatusCode(), message))).type(JSON).build();
    }

    /** The body of every error answer. */
    record ApiError(int status, String message) {
    }
}
