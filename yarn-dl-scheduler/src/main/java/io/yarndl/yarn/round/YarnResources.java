package io.yarndl.yarn.round;

import io.yarndl.core.cluster.Resources;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.api.records.ResourceInformation;
import org.apache.hadoop.yarn.util.resource.ResourceUtils;

/**
 * Translates YARN's resource vectors into the policy core's (GPUs, vcores, memory). GPUs are the
 * {@code yarn.io/gpu} resource type; a cluster that has not declared it has no GPUs.
 */
public final class YarnResources {

    public static final String GPU = ResourceInformation.GPU_URI;

    private YarnResources() {
    }

    public static Resources toCore(Resource resource) {
        return new Resources(gpus(resource), (int) Math.min(Integer.MAX_VALUE, resource.getVirtualCores()),
                resource.getMemorySize());
    }

    public static int gpus(Resource resource) {
        Integer index = ResourceUtils.getResourceTypeIndex().get(GPU);
        if (index == null || index >= resource.getResources().length) {
            return 0;
        }
        return (int) Math.min(Integer.MAX_VALUE, resource.getResourceInformation(index).getValue());
    }

    /** True when the RM was configured with the GPU resource type ({@code yarn.resource-types}). */
    public static boolean gpuTypeDeclared() {
        return ResourceUtils.getResourceTypeIndex().containsKey(GPU);
    }
}
