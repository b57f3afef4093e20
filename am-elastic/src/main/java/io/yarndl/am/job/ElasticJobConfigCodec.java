package io.yarndl.am.job;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * {@link ElasticJobConfig} as the value of the AM's {@link #ENV} variable: base64 of its JSON, for
 * the same reason as the job spec (a NodeManager writes environment values into the launch script
 * unescaped, so raw JSON arrives mangled).
 */
public final class ElasticJobConfigCodec {

    /** AM environment variable holding the encoded config. */
    public static final String ENV = "YARN_DL_AM_CONFIG";

    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private ElasticJobConfigCodec() {
    }

    public static String encode(ElasticJobConfig config) {
        try {
            byte[] json = JSON.writeValueAsBytes(config);
            return Base64.getEncoder().encodeToString(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the AM config as JSON", e);
        }
    }

    /**
     * @throws IllegalArgumentException naming {@link #ENV} when the value is not base64 of a valid config
     */
    public static ElasticJobConfig decode(String value) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(ENV + " is not set: this AM must be started by the yarn-dl client");
        }
        byte[] json;
        try {
            json = Base64.getDecoder().decode(value.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(ENV + " is not base64: " + e.getMessage());
        }
        try {
            return JSON.readValue(new String(json, StandardCharsets.UTF_8), ElasticJobConfig.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(ENV + " does not hold a valid AM config: " + e.getOriginalMessage());
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new IllegalArgumentException(ENV + " does not hold a valid AM config: " + e.getMessage());
        }
    }
}
