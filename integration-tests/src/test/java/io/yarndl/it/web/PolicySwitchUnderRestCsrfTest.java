package io.yarndl.it.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.demo.cluster.DlMiniCluster;
import io.yarndl.it.cluster.CapturedLog;
import io.yarndl.it.support.MiniClusterExtension;
import io.yarndl.yarn.DeepLearningScheduler;
import io.yarndl.yarn.config.SchedulerSettings;
import io.yarndl.yarn.status.SchedulerStatus;
import io.yarndl.yarn.web.DlWebServices;
import java.util.Map;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.webapp.util.WebAppUtils;
import org.apache.log4j.Level;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code PUT /ws/v1/cluster/dl/policy} under the RM's own REST CSRF protection
 * ({@code yarn.resourcemanager.webapp.rest-csrf.enabled=true}, here with a custom header name), on
 * a real RM's web port over real HTTP. Hadoop 3.5.0's {@code WebApps} puts its
 * {@code RestCsrfPreventionFilter} on {@code /*} of the RM's web context, the one whose Jersey
 * serves {@link DlWebServices}, so yarn-dl adds nothing and this test proves the filter reaches it:
 * a browser's PUT without the configured header (or with the default header's name) is refused with
 * 400 and the policy stays; with the header an admin switches it and anyone else still gets 403;
 * the page's GETs need no header. The filter only asks browsers (a {@code User-Agent} matching
 * {@code browser-useragents-regex}, by default {@code ^Mozilla.*,^Opera.*}), since only they send a
 * victim's credentials to a forged request: curl and the Java client pass without it, also proved.
 */
class PolicySwitchUnderRestCsrfTest {

    private static final String POLICY = "/ws/v1/cluster/dl/policy";
    private static final String ADMIN = "alice";
    private static final String HEADER = "X-Yarn-Dl-Csrf";
    private static final String BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko)"
            + " Chrome/120.0 Safari/537.36";
    private static final String TO_DRF = "{\"policy\":\"drf\"}";

    @RegisterExtension
    static final MiniClusterExtension CLUSTER = MiniClusterExtension.of(() -> DlMiniCluster.start(conf -> {
        conf.set(YarnConfiguration.RM_SCHEDULER, DeepLearningScheduler.class.getName());
        conf.set(SchedulerSettings.POLICY, "optimus");
        conf.setLong(SchedulerSettings.INTERVAL_MS, 500);
        conf.set(YarnConfiguration.YARN_WEBAPP_CUSTOM_WEBSERVICE_CLASS, DlWebServices.class.getName());
        conf.set(YarnConfiguration.YARN_ADMIN_ACL, ADMIN);
        conf.set("hadoop.http.authentication.type", "simple");
        conf.setBoolean(YarnConfiguration.RM_CSRF_ENABLED, true);
        // Not the default X-XSRF-HEADER, so that a pass proves the configured name is the one asked for.
        conf.set(YarnConfiguration.RM_CSRF_CUSTOM_HEADER, HEADER);
    }));

    private static RmHttp rm;
    private static CapturedLog switches;

    @BeforeAll
    static void connect() {
        rm = new RmHttp(WebAppUtils.getRMWebAppURLWithScheme(CLUSTER.get().yarnConf()));
        switches = CapturedLog.of(SchedulerStatus.class);
    }

    @AfterAll
    static void stopCapturing() {
        if (switches != null) {
            switches.close();
        }
    }

    /** Each test starts from the configured policy, whatever the one before it switched to. */
    @AfterEach
    void backToOptimus() throws Exception {
        RmHttp.Answer back = rm.put(POLICY + "?policy=optimus", ADMIN, null, Map.of(HEADER, "1"));
        assertEquals(200, back.status(), back.toString());
    }

    @Test
    void refusesABrowsersPutWithoutTheConfiguredHeaderAndKeepsThePolicy() throws Exception {
        int switchesBefore = switches.lines(Level.INFO, "scheduling policy switched").size();
        RmHttp.Answer bare = rm.put(POLICY, ADMIN, TO_DRF, Map.of("User-Agent", BROWSER));
        RmHttp.Answer defaultName = rm.put(POLICY, ADMIN, TO_DRF,
                Map.of("User-Agent", BROWSER, "X-XSRF-HEADER", "1"));

        for (RmHttp.Answer refused : new RmHttp.Answer[] {bare, defaultName}) {
            assertEquals(400, refused.status(), refused.toString());
            // The filter's reason ("Missing Required Header for CSRF Vulnerability Protection") is in the
            // status line, which HttpClient does not show; DlWebServices' own 400s are JSON messages.
            assertTrue(!refused.contentType().startsWith("application/json") && refused.body().isEmpty(),
                    "refused by the filter, not by DlWebServices: " + refused);
        }
        assertEquals("optimus", rm.json(POLICY).get("policy").asText());
        assertEquals(switchesBefore, switches.lines(Level.INFO, "scheduling policy switched").size(),
                switches.lines().toString());
    }

    @Test
    void switchesThePolicyForAnAdminWhoseBrowserSendsTheHeader() throws Exception {
        // The filter asks for the header's presence only, whatever its value.
        RmHttp.Answer switched = rm.put(POLICY, ADMIN, TO_DRF, Map.of("User-Agent", BROWSER, HEADER, "1"));

        assertEquals(200, switched.status(), switched.toString());
        assertEquals("optimus", switched.json().get("previous").asText());
        assertEquals(ADMIN, switched.json().get("by").asText());
        assertEquals("drf", rm.json(POLICY).get("policy").asText());
    }

    @Test
    void stillRefusesANonAdminWhoseBrowserSendsTheHeader() throws Exception {
        RmHttp.Answer bob = rm.put(POLICY, "bob", TO_DRF, Map.of("User-Agent", BROWSER, HEADER, "1"));
        RmHttp.Answer anonymous = rm.put(POLICY, null, TO_DRF, Map.of("User-Agent", BROWSER, HEADER, "1"));

        assertEquals(403, bob.status(), bob.toString());
        assertTrue(bob.json().get("message").asText().contains("user bob is not a YARN admin"), bob.toString());
        assertEquals(403, anonymous.status(), anonymous.toString());
        assertEquals("optimus", rm.json(POLICY).get("policy").asText());
    }

    @Test
    void letsThePageReadWithoutTheHeader() throws Exception {
        Map<String, String> browser = Map.of("User-Agent", BROWSER);

        for (String path : new String[] {POLICY, "/ws/v1/cluster/dl/jobs", "/ws/v1/cluster/dl/plan",
                "/ws/v1/cluster/dl/ui", "/ws/v1/cluster/dl/ui/app.js"}) {
            RmHttp.Answer read = rm.get(path, browser);
            assertEquals(200, read.status(), path + ": " + read);
        }
    }

    @Test
    void asksNoHeaderOfAClientThatIsNotABrowser() throws Exception {
        // Java's HttpClient names itself Java-http-client/<version>, as curl names itself curl/<version>.
        RmHttp.Answer switched = rm.put(POLICY, ADMIN, TO_DRF);

        assertEquals(200, switched.status(), switched.toString());
        assertEquals("drf", rm.json(POLICY).get("policy").asText());
    }
}
