package io.yarndl.yarn.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;

/**
 * Where the scheduler learns each node's GPU type, in the order it looks (the reading itself is
 * {@code round.GpuTypeReader}): the node attribute {@code attribute}, then the operator's mapping
 * {@code byNode}, then the node's node-label partition; a node none of them names has no type.
 *
 * @param attribute the node attribute that holds the type, e.g. {@code gpu-type}: matched with any
 *                  prefix ({@code nm.yarn.io/} for attributes a NodeManager reports, {@code rm.yarn.io/}
 *                  for those {@code yarn nodeattributes -add} sets), or with exactly the prefix it
 *                  names when it has one ({@code rm.yarn.io/gpu-type})
 * @param byNode    GPU type by host name or by {@code host:port} node id, in the configured order
 */
public record GpuTypeSettings(String attribute, Map<String, String> byNode) {

    public static final String ATTRIBUTE = SchedulerSettings.PREFIX + "gpu-type-attribute";
    /**
     * Not {@code gpu.type}: Hadoop 3.5.0 refuses a dot in an attribute's name
     * ({@code NodeLabelUtil.checkAndThrowAttributeName}: letters, digits, '-' and '_'), so a
     * NodeManager would report no attributes and {@code yarn nodeattributes -add} would fail.
     */
    public static final String DEFAULT_ATTRIBUTE = "gpu-type";

    public static final String BY_NODE = SchedulerSettings.PREFIX + "gpu-types";

    /** A GPU type as the mapping writes it: what a node attribute's value or a CSV cell would hold. */
    private static final Pattern TYPE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");
    /** A host name or IP address, optionally {@code :port}. */
    private static final Pattern NODE = Pattern.compile("[A-Za-z0-9._-]+(:[0-9]{1,5})?");
    /** Hadoop's own rules ({@code NodeLabelUtil}): a prefix may hold dots, a name may not. */
    private static final Pattern ATTRIBUTE_NAME = Pattern.compile("([0-9a-zA-Z][0-9a-zA-Z._-]*/)?[0-9a-zA-Z][0-9a-zA-Z_-]*");
    private static final String MAPPING_FORM = "allowed: a comma-separated list of host=TYPE or host:port=TYPE,"
            + " e.g. gpu-host-1=V100,gpu-host-2:8041=K80 (TYPE: letters, digits, '.', '_', '-')";

    public GpuTypeSettings {
        Objects.requireNonNull(attribute, "attribute");
        byNode = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(byNode, "byNode")));
    }

    /** The defaults: attribute {@value #DEFAULT_ATTRIBUTE}, no mapping. */
    public static GpuTypeSettings defaults() {
        return new GpuTypeSettings(DEFAULT_ATTRIBUTE, Map.of());
    }

    /**
     * Reads both keys.
     *
     * @throws InvalidSettingException naming the key when the attribute is not a node attribute name
     *                                 or the mapping is not a list of {@code host=TYPE}
     */
    static GpuTypeSettings from(Configuration conf) {
        String attribute = conf.getTrimmed(ATTRIBUTE, DEFAULT_ATTRIBUTE);
        if (!ATTRIBUTE_NAME.matcher(attribute).matches()) {
            throw new InvalidSettingException(ATTRIBUTE, attribute, "is not a node attribute name",
                    "allowed: a name of letters, digits, '-' and '_' such as gpu-type (any prefix), or prefix/name"
                            + " such as rm.yarn.io/gpu-type");
        }
        return new GpuTypeSettings(attribute, readMapping(conf.get(BY_NODE, "")));
    }

    private static Map<String, String> readMapping(String raw) {
        Map<String, String> byNode = new LinkedHashMap<>();
        if (raw.isBlank()) {
            return byNode;
        }
        for (String entry : raw.split(",", -1)) {
            String trimmed = entry.trim();
            int equals = trimmed.indexOf('=');
            String node = equals < 0 ? "" : trimmed.substring(0, equals).trim();
            String type = equals < 0 ? "" : trimmed.substring(equals + 1).trim();
            if (!NODE.matcher(node).matches() || !TYPE.matcher(type).matches()) {
                throw new InvalidSettingException(BY_NODE, raw, "has the entry '" + trimmed + "', which is not host=TYPE",
                        MAPPING_FORM);
            }
            if (byNode.put(node, type) != null) {
                throw new InvalidSettingException(BY_NODE, raw, "names node '" + node + "' twice", MAPPING_FORM);
            }
        }
        return byNode;
    }

    /** The mapping as it is written in a configuration file. */
    public String describeMapping() {
        StringBuilder out = new StringBuilder();
        byNode.forEach((node, type) -> out.append(out.isEmpty() ? "" : ",").append(node).append('=').append(type));
        return out.toString();
    }
}
