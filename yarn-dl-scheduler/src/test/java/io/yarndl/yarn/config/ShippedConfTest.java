package io.yarndl.yarn.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.records.ResourceInformation;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.util.resource.DominantResourceCalculator;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The files in the repository's {@code conf/} folder are what operators copy into
 * {@code HADOOP_CONF_DIR}: this keeps them loadable by Hadoop and in step with the code, so a key
 * added to {@link SchedulerSettings} without documentation, or a default changed on one side only,
 * fails the build.
 */
class ShippedConfTest {

    /** Surefire runs with the module as working directory; {@code -Dyarndl.conf.dir} overrides. */
    private static final Path CONF = Path.of(System.getProperty("yarndl.conf.dir", Path.of("..", "conf").toString()))
            .toAbsolutePath().normalize();

    private static Path shipped(String name) {
        Path file = CONF.resolve(name);
        assertTrue(Files.isRegularFile(file), () -> "shipped file missing: " + file);
        return file;
    }

    private static Configuration load(String name) {
        Configuration conf = new Configuration(false);
        conf.addResource(new org.apache.hadoop.fs.Path(shipped(name).toString()));
        return conf;
    }

    /** The {@code <property>} elements of a Hadoop configuration file, as DOM elements in file order. */
    private static List<Element> properties(String name) throws Exception {
        Document document = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(shipped(name).toFile());
        NodeList nodes = document.getDocumentElement().getElementsByTagName("property");
        List<Element> properties = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            properties.add((Element) nodes.item(i));
        }
        return properties;
    }

    private static String child(Element property, String tag) {
        NodeList nodes = property.getElementsByTagName(tag);
        return nodes.getLength() == 0 ? null : nodes.item(0).getTextContent().trim();
    }

    @Test
    void siteFileDocumentsExactlyTheKeysTheCodeReadsInTheSameOrder() throws Exception {
        List<String> documented = new ArrayList<>();
        for (Element property : properties("yarn-dl-site.xml")) {
            documented.add(child(property, "name"));
        }

        assertEquals(SchedulerSettings.KEYS, documented,
                "yarn-dl-site.xml must list every SchedulerSettings key once, nothing else, in the same order");
    }

    @Test
    void everyDocumentedKeySaysWhatItDoes() throws Exception {
        for (Element property : properties("yarn-dl-site.xml")) {
            String description = child(property, "description");
            assertTrue(description != null && description.length() > 80,
                    () -> child(property, "name") + " needs a description: allowed values, unit, what it does");
        }
    }

    @Test
    void documentedDefaultsAreTheCodesDefaults() throws Exception {
        for (Element property : properties("yarn-dl-site.xml")) {
            String key = child(property, "name");
            assertEquals(SchedulerSettings.DEFAULTS.get(key), child(property, "value"), key);
        }
    }

    @Test
    void hadoopReadsTheDocumentedDefaultsAndTakesTheEmptyZkAddressAsUnset() {
        Configuration conf = load("yarn-dl-site.xml");

        for (String key : SchedulerSettings.KEYS) {
            String expected = SchedulerSettings.DEFAULTS.get(key);
            assertEquals(expected.isEmpty() ? null : expected, conf.get(key), key);
        }
    }

    @Test
    void codeAcceptsTheShippedFileAsIsAndGetsItsDefaults() {
        Configuration conf = load("yarn-dl-site.xml");
        conf.set(SchedulerSettings.HADOOP_ZK_ADDRESS, "zk1:2181");
        Configuration defaultsOnly = new Configuration(false);
        defaultsOnly.set(SchedulerSettings.HADOOP_ZK_ADDRESS, "zk1:2181");

        SchedulerSettings shipped = SchedulerSettings.from(conf);

        assertEquals(SchedulerSettings.from(defaultsOnly), shipped);
        assertEquals("zk1:2181", shipped.zkAddress(), "the empty zk-address falls back to the RM's");
    }

    @Test
    void capacitySchedulerHasTheDlQueueBesideDefaultWithCapacitiesSummingTo100() {
        Configuration conf = load("capacity-scheduler.xml");
        String prefix = "yarn.scheduler.capacity.root.";

        List<String> queues = List.of(conf.getTrimmedStrings(prefix + "queues"));
        assertTrue(queues.containsAll(List.of("default", "dl")), queues.toString());
        float sum = 0;
        for (String queue : queues) {
            float capacity = conf.getFloat(prefix + queue + ".capacity", -1);
            float maximum = conf.getFloat(prefix + queue + ".maximum-capacity", -1);
            assertTrue(capacity > 0 && maximum >= capacity && maximum <= 100, queue + ": " + capacity + "/" + maximum);
            assertEquals("RUNNING", conf.getTrimmed(prefix + queue + ".state"), queue);
            sum += capacity;
        }
        assertEquals(100f, sum, 1e-3f);
        for (String dlQueue : SchedulerSettings.DEFAULT_QUEUES.split(",")) {
            assertTrue(queues.contains(dlQueue.substring("root.".length())), "default DL queue " + dlQueue);
        }
    }

    @Test
    void capacitySchedulerCountsGpus() {
        Configuration conf = load("capacity-scheduler.xml");

        assertEquals(DominantResourceCalculator.class.getName(),
                conf.getTrimmed("yarn.scheduler.capacity.resource-calculator"));
        float amShare = conf.getFloat("yarn.scheduler.capacity.maximum-am-resource-percent", -1);
        assertTrue(amShare > 0 && amShare <= 0.5f, "maximum-am-resource-percent is a fraction: " + amShare);
    }

    @Test
    void gpuResourceTypeIsDeclaredAndNodesOfferSome() {
        assertEquals(List.of(ResourceInformation.GPU_URI),
                List.of(load("resource-types.xml").getTrimmedStrings(YarnConfiguration.RESOURCE_TYPES)));

        String gpus = load("node-resources.xml").getTrimmed(YarnConfiguration.NM_RESOURCES_PREFIX
                + ResourceInformation.GPU_URI);
        assertTrue(gpus != null && Integer.parseInt(gpus) > 0, "node GPU count: " + gpus);
    }

    @Test
    void yarnSiteFragmentSelectsTheSchedulerAndItsWebServices() {
        Configuration conf = load("yarn-site-fragment.xml");

        assertEquals("io.yarndl.yarn.DeepLearningScheduler", conf.getTrimmed(YarnConfiguration.RM_SCHEDULER));
        assertEquals(io.yarndl.yarn.web.DlWebServices.class.getName(),
                conf.getTrimmed(YarnConfiguration.YARN_WEBAPP_CUSTOM_WEBSERVICE_CLASS));
        assertFalse(conf.getTrimmed(SchedulerSettings.HADOOP_ZK_ADDRESS, "").isEmpty());
        for (String name : conf.getValByRegex("^yarn\\.dl\\.").keySet()) {
            assertTrue(SchedulerSettings.KEYS.contains(name), "unknown key in the fragment: " + name);
        }
        SchedulerSettings.from(conf);
    }

    @Test
    void yarnSiteFragmentTurnsOnWorkPreservingRecoveryWithTheZooKeeperStateStore() {
        Configuration conf = load("yarn-site-fragment.xml");

        assertTrue(conf.getBoolean(YarnConfiguration.RECOVERY_ENABLED, false), YarnConfiguration.RECOVERY_ENABLED);
        assertTrue(conf.getBoolean(YarnConfiguration.RM_WORK_PRESERVING_RECOVERY_ENABLED, false),
                YarnConfiguration.RM_WORK_PRESERVING_RECOVERY_ENABLED);
        assertEquals(org.apache.hadoop.yarn.server.resourcemanager.recovery.ZKRMStateStore.class.getName(),
                conf.getTrimmed(YarnConfiguration.RM_STORE));
    }

    @Test
    void log4jSnippetLogsYarnDlAtInfo() throws IOException {
        Properties log4j = new Properties();
        try (Reader reader = Files.newBufferedReader(shipped("log4j.properties"))) {
            log4j.load(reader);
        }

        assertEquals("INFO", log4j.getProperty("log4j.logger.io.yarndl"));
    }
}
