package io.yarndl.am.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.am.job.ElasticJobConfig;
import io.yarndl.am.job.ElasticJobConfigCodec;
import io.yarndl.am.job.ShippedFile;
import io.yarndl.contract.access.AppZkSecret;
import io.yarndl.contract.job.DlJobContract;
import io.yarndl.contract.job.JobRecordCodec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.yarn.api.ApplicationConstants;
import org.apache.hadoop.yarn.api.records.ContainerLaunchContext;
import org.apache.hadoop.yarn.api.records.LocalResource;
import org.apache.hadoop.yarn.api.records.LocalResourceType;
import org.apache.hadoop.yarn.api.records.LocalResourceVisibility;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AmLaunchContextTest {

    private static final String CPS = ApplicationConstants.CLASS_PATH_SEPARATOR;

    @TempDir
    Path tmp;

    private JobRequest request;
    private ElasticJobConfig config;
    private final List<ShippedFile> shipped = List.of(
            new ShippedFile("yarn-dl-am.jar", "hdfs://nn:8020/user/u/.yarn-dl/app_1/yarn-dl-am.jar", 100, 1000, false),
            new ShippedFile("train.py", "hdfs://nn:8020/user/u/.yarn-dl/app_1/train.py", 20, 2000, false));

    @BeforeEach
    void request() throws IOException {
        CliFixture fx = new CliFixture(tmp);
        request = JobRequest.from(JobRequestTest.parse(fx.submit("--architecture", "ps", "--max-workers", "3",
                        "--zk-root", "/dl", "--am-memory", "2g", "--am-extra-classpath",
                        "/conf:/lib/a.jar")),
                new Configuration(false), Optional.empty());
        config = request.amConfig(shipped, "hdfs://nn:8020/ckpt", "hdfs://nn:8020/user/u/.yarn-dl/app");
    }

    @Test
    void environmentCarriesSpecZooKeeperConfigAndClasspath() throws Exception {
        Map<String, String> env = AmLaunchContext.build(request, config, new Configuration(false), new Credentials()).getEnvironment();
        assertEquals(Set.of(DlJobContract.SPEC_ENV, DlJobContract.ZK_ADDRESS_ENV, DlJobContract.ZK_ROOT_ENV,
                ElasticJobConfigCodec.ENV, "CLASSPATH"), env.keySet());
        assertEquals("127.0.0.1:2181", env.get(DlJobContract.ZK_ADDRESS_ENV));
        assertEquals("/dl", env.get(DlJobContract.ZK_ROOT_ENV));
    }

    @Test
    void specEnvironmentDecodesToTheSameDescription() throws Exception {
        Map<String, String> env = AmLaunchContext.build(request, config, new Configuration(false), new Credentials()).getEnvironment();
        String json = DlJobContract.decodeSpec(env.get(DlJobContract.SPEC_ENV));
        assertEquals(request.description(), new JobRecordCodec().specFromJson(json));
    }

    @Test
    void configEnvironmentDecodesToTheSameConfig() throws Exception {
        Map<String, String> env = AmLaunchContext.build(request, config, new Configuration(false), new Credentials()).getEnvironment();
        assertEquals(config, ElasticJobConfigCodec.decode(env.get(ElasticJobConfigCodec.ENV)));
    }

    @Test
    void classpathIsExtraEntriesThenAmJarThenNodeManagersThenClusters() {
        Configuration conf = new Configuration(false);
        conf.set(YarnConfiguration.YARN_APPLICATION_CLASSPATH, "/etc/hadoop, /share/*");
        assertEquals(String.join(CPS, "/conf", "/lib/a.jar", "./yarn-dl-am.jar", "{{CLASSPATH}}", "/etc/hadoop",
                "/share/*"), AmLaunchContext.classpath(request.amExtraClasspath(), conf));
    }

    @Test
    void classpathFallsBackToYarnsCrossPlatformDefault() {
        String classpath = AmLaunchContext.classpath(List.of(), new Configuration(false));
        assertEquals(String.join(CPS, "./yarn-dl-am.jar", "{{CLASSPATH}}",
                String.join(CPS, YarnConfiguration.DEFAULT_YARN_CROSS_PLATFORM_APPLICATION_CLASSPATH)), classpath);
    }

    @Test
    void commandStartsTheAmMainClassWithThreeQuartersOfItsMemory() throws Exception {
        ContainerLaunchContext context = AmLaunchContext.build(request, config, new Configuration(false), new Credentials());
        assertEquals(1, context.getCommands().size());
        String command = context.getCommands().get(0);
        assertEquals("{{JAVA_HOME}}/bin/java -Xmx1536m io.yarndl.am.master.ElasticAppMaster"
                + " 1><LOG_DIR>/stdout 2><LOG_DIR>/stderr", command);
        assertTrue(command.contains(AmLaunchContext.AM_MAIN_CLASS));
    }

    @Test
    void credentialsCarryAFreshZooKeeperSecretThatNoEnvironmentValueShows() throws Exception {
        ContainerLaunchContext first = AmLaunchContext.build(request, config, new Configuration(false), new Credentials());
        ContainerLaunchContext second = AmLaunchContext.build(request, config, new Configuration(false), new Credentials());
        List<String> problems = new ArrayList<>();
        String secret = AppZkSecret.fromLaunchContext(first, problems::add).orElseThrow();
        assertEquals(List.of(), problems);
        assertEquals(43, secret.length());
        assertNotEquals(secret, AppZkSecret.fromLaunchContext(second, problems::add).orElseThrow());
        assertTrue(first.getEnvironment().values().stream().noneMatch(value -> value.contains(secret)));
        assertTrue(first.getCommands().stream().noneMatch(command -> command.contains(secret)));
    }

    @Test
    void localisesEveryShippedFileUnderItsName() throws Exception {
        Map<String, LocalResource> resources =
                AmLaunchContext.build(request, config, new Configuration(false), new Credentials()).getLocalResources();
        assertEquals(Set.of("yarn-dl-am.jar", "train.py"), resources.keySet());
        LocalResource script = resources.get("train.py");
        assertEquals(LocalResourceType.FILE, script.getType());
        assertEquals(LocalResourceVisibility.APPLICATION, script.getVisibility());
        assertEquals(20, script.getSize());
        assertEquals(2000, script.getTimestamp());
        assertEquals("hdfs", script.getResource().getScheme());
        assertEquals("nn", script.getResource().getHost());
        assertEquals(8020, script.getResource().getPort());
        assertEquals("/user/u/.yarn-dl/app_1/train.py", script.getResource().getFile());
    }
}
