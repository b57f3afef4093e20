package io.yarndl.contract.records;

import java.util.Optional;
import org.apache.zookeeper.common.PathUtils;

/**
 * Where a job's records live under yarn-dl's ZooKeeper root (ARCHITECTURE.md, "ZooKeeper layout"):
 * {@code <root>/jobs/<applicationId>/spec} and {@code <root>/jobs/<applicationId>/progress}; and
 * the one record the scheduler writes for every job's AM, {@code <root>/gpu-types}.
 * Pure string work, no ZooKeeper calls, so the connection state does not matter here.
 */
public final class JobRecordPaths {

    static final String JOBS = "jobs";
    static final String SPEC = "spec";
    static final String PROGRESS = "progress";
    static final String GPU_TYPES = "gpu-types";

    private final String jobs;
    private final String gpuTypes;

    /**
     * @param root yarn-dl's ZooKeeper root, e.g. {@code /yarn-dl}: absolute, without a trailing '/'
     * @throws IllegalArgumentException naming {@code root} when it is not such a path
     */
    public JobRecordPaths(String root) {
        if (root == null || !root.startsWith("/") || root.endsWith("/")) {
            throw new IllegalArgumentException("ZooKeeper root '" + root
                    + "' must start with '/' and must not end with '/' (e.g. /yarn-dl)");
        }
        try {
            PathUtils.validatePath(root);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("ZooKeeper root '" + root + "' is not a valid path: "
                    + e.getMessage(), e);
        }
        this.jobs = root + "/" + JOBS;
        this.gpuTypes = root + "/" + GPU_TYPES;
    }

    /**
     * The GPU type of each node, which the scheduler writes and AMs read to tag their samples
     * ({@link io.yarndl.contract.cluster.NodeGpuTypesCodec}): {@code <root>/gpu-types}.
     */
    public String gpuTypes() {
        return gpuTypes;
    }

    /** The parent of every job's node: {@code <root>/jobs}. */
    public String jobs() {
        return jobs;
    }

    /** The node of one job: {@code <root>/jobs/<applicationId>}. */
    public String job(String applicationId) {
        if (applicationId == null || applicationId.isEmpty() || applicationId.contains("/")
                || applicationId.equals(".") || applicationId.equals("..")) {
            throw new IllegalArgumentException("application id '" + applicationId
                    + "' cannot be a ZooKeeper node name");
        }
        return jobs + "/" + applicationId;
    }

    /** The node holding the job's description: {@code <root>/jobs/<applicationId>/spec}. */
    public String spec(String applicationId) {
        return job(applicationId) + "/" + SPEC;
    }

    /** The node holding the job's latest progress sample: {@code <root>/jobs/<applicationId>/progress}. */
    public String progress(String applicationId) {
        return job(applicationId) + "/" + PROGRESS;
    }

    /**
     * The application a path under {@link #jobs()} belongs to: the job node itself or any node
     * below it. Empty for {@link #jobs()} and for paths outside it.
     */
    public Optional<String> applicationIdOf(String path) {
        if (path == null || !path.startsWith(jobs + "/")) {
            return Optional.empty();
        }
        String rest = path.substring(jobs.length() + 1);
        int slash = rest.indexOf('/');
        String applicationId = slash < 0 ? rest : rest.substring(0, slash);
        return applicationId.isEmpty() ? Optional.empty() : Optional.of(applicationId);
    }
}
