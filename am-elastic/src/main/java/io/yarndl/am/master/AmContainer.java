package io.yarndl.am.master;

import io.yarndl.am.job.ElasticJobConfigCodec;
import io.yarndl.contract.job.DlJobContract;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Path;
import org.apache.hadoop.yarn.api.ApplicationConstants;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.ContainerId;

/**
 * What the AM learns from the container YARN started it in: its job, its attempt, its ZooKeeper
 * root, its host, its log directory.
 */
final class AmContainer {

    static final String USAGE = "ElasticAppMaster: the yarn-dl job's ApplicationMaster. Started by "
            + "`yarn jar yarn-dl-am.jar submit`, not by hand: it reads its job from the environment ("
            + DlJobContract.SPEC_ENV + ", " + ElasticJobConfigCodec.ENV + ", " + DlJobContract.ZK_ADDRESS_ENV + ").";

    private AmContainer() {
    }

    /** The application attempt this container runs, from YARN's {@code CONTAINER_ID}. */
    static ApplicationAttemptId attemptId() {
        String containerId = System.getenv(ApplicationConstants.Environment.CONTAINER_ID.name());
        if (containerId == null) {
            throw new IllegalArgumentException("not in a YARN container: CONTAINER_ID is not set");
        }
        return ContainerId.fromString(containerId).getApplicationAttemptId();
    }

    /** The application's submitter, from YARN's {@code USER}; null outside a container. */
    static String submitter() {
        return System.getenv(ApplicationConstants.Environment.USER.name());
    }

    /** The ZooKeeper root of the job records the client named ({@link DlJobContract#ZK_ROOT_ENV}), else {@code /yarn-dl}. */
    static String zkRoot() {
        String root = System.getenv(DlJobContract.ZK_ROOT_ENV);
        return root == null || root.isBlank() ? "/yarn-dl" : root;
    }

    /** The NodeManager host (what the containers reach the AM by), else this machine's name. */
    static String hostname() {
        String nmHost = System.getenv(ApplicationConstants.Environment.NM_HOST.name());
        if (nmHost != null && !nmHost.isBlank()) {
            return nmHost;
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "localhost";
        }
    }

    /** The container's first log directory, where the AM keeps its event log and hosted processes' logs. */
    static Path logDir() {
        String dirs = System.getenv(ApplicationConstants.Environment.LOG_DIRS.name());
        if (dirs == null || dirs.isBlank()) {
            return Path.of(".").toAbsolutePath();
        }
        return Path.of(dirs.split(",")[0]);
    }
}
