package io.yarndl.am.cli;

import io.yarndl.am.job.CredentialsBuffer;
import io.yarndl.am.job.ElasticJobConfig;
import io.yarndl.am.job.ElasticJobConfigCodec;
import io.yarndl.am.job.ShippedFile;
import io.yarndl.contract.access.AppZkSecret;
import io.yarndl.contract.job.DlJobContract;
import io.yarndl.contract.job.JobDescription;
import io.yarndl.contract.job.JobRecordCodec;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.yarn.api.ApplicationConstants;
import org.apache.hadoop.yarn.api.records.ContainerLaunchContext;
import org.apache.hadoop.yarn.api.records.LocalResource;
import org.apache.hadoop.yarn.api.records.LocalResourceType;
import org.apache.hadoop.yarn.api.records.LocalResourceVisibility;
import org.apache.hadoop.yarn.api.records.URL;
import org.apache.hadoop.yarn.conf.YarnConfiguration;

/**
 * The elastic ApplicationMaster's container: its localised files (everything in the config's
 * {@link ElasticJobConfig#files()}), its environment (the job spec, ZooKeeper, the AM config and a
 * classpath with the AM jar), its command line, and its credentials, which carry a fresh
 * ZooKeeper secret ({@link AppZkSecret}): the scheduler lets only the holder of that secret write
 * the job's records, and YARN hands credentials to the AM alone, never through its environment.
 * On a secure cluster the credentials carry the job's HDFS delegation tokens too
 * ({@link HdfsDelegationTokens}), which the ResourceManager renews while the job runs.
 */
public final class AmLaunchContext {

    /** The AM's main class (in this jar, written alongside this client). */
    public static final String AM_MAIN_CLASS = "io.yarndl.am.master.ElasticAppMaster";

    /** Share of the AM container's memory given to its heap; the rest is the JVM's own. */
    static final double HEAP_SHARE = 0.75;

    private AmLaunchContext() {
    }

    /**
     * @param request the checked command line (description, ZooKeeper, AM memory, extra classpath)
     * @param config  the AM config, with the staged files
     * @param conf    the client's configuration, for {@code yarn.application.classpath}
     * @param tokens  the job's delegation tokens (none with simple authentication), kept beside the secret
     * @throws IOException when the credentials cannot be serialised
     */
    public static ContainerLaunchContext build(JobRequest request, ElasticJobConfig config, Configuration conf,
                                               Credentials tokens) throws IOException {
        ContainerLaunchContext context = ContainerLaunchContext.newInstance(localResources(config.files()),
                environment(request, config, conf), List.of(command(request.amMemoryMb())), null,
                CredentialsBuffer.write(tokens), null);
        AppZkSecret.addTo(context, AppZkSecret.generate());
        return context;
    }

    static Map<String, LocalResource> localResources(List<ShippedFile> files) {
        Map<String, LocalResource> resources = new LinkedHashMap<>();
        for (ShippedFile file : files) {
            resources.put(file.name(), LocalResource.newInstance(URL.fromURI(URI.create(file.uri())),
                    file.archive() ? LocalResourceType.ARCHIVE : LocalResourceType.FILE,
                    LocalResourceVisibility.APPLICATION, file.size(), file.timestamp()));
        }
        return resources;
    }

    static Map<String, String> environment(JobRequest request, ElasticJobConfig config, Configuration conf) {
        JobDescription description = request.description();
        Map<String, String> env = new LinkedHashMap<>();
        env.put(DlJobContract.SPEC_ENV, DlJobContract.encodeSpec(new JobRecordCodec().specToJson(description)));
        env.put(DlJobContract.ZK_ADDRESS_ENV, request.zkAddress());
        env.put(DlJobContract.ZK_ROOT_ENV, request.zkRoot());
        env.put(ElasticJobConfigCodec.ENV, ElasticJobConfigCodec.encode(config));
        env.put(ApplicationConstants.Environment.CLASSPATH.name(), classpath(request.amExtraClasspath(), conf));
        return env;
    }

    /**
     * The extra entries (tests), the AM jar, the NodeManager's {@code CLASSPATH}, then the cluster's
     * {@code yarn.application.classpath}, joined with {@link ApplicationConstants#CLASS_PATH_SEPARATOR}
     * so that the NodeManager picks the separator of its own platform.
     */
    static String classpath(List<String> extra, Configuration conf) {
        List<String> entries = new ArrayList<>(extra);
        entries.add("./" + ElasticJobConfig.AM_JAR);
        entries.add(ApplicationConstants.Environment.CLASSPATH.$$());
        String[] cluster = conf.getTrimmedStrings(YarnConfiguration.YARN_APPLICATION_CLASSPATH,
                YarnConfiguration.DEFAULT_YARN_CROSS_PLATFORM_APPLICATION_CLASSPATH);
        entries.addAll(List.of(cluster));
        return String.join(ApplicationConstants.CLASS_PATH_SEPARATOR, entries);
    }

    static String command(long amMemoryMb) {
        long heapMb = Math.max(1, (long) (amMemoryMb * HEAP_SHARE));
        String logs = ApplicationConstants.LOG_DIR_EXPANSION_VAR;
        return String.join(" ", ApplicationConstants.Environment.JAVA_HOME.$$() + "/bin/java",
                "-Xmx" + heapMb + "m", AM_MAIN_CLASS, "1>" + logs + "/stdout", "2>" + logs + "/stderr");
    }
}
