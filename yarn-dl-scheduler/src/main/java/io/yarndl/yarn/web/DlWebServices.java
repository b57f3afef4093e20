package io.yarndl.yarn.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.yarndl.core.policy.UnknownPolicyException;
import io.yarndl.yarn.DeepLearningScheduler;
import io.yarndl.yarn.status.JobRecord;
import io.yarndl.yarn.status.SchedulerStatus;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import javax.inject.Inject;
import javax.inject.Named;
import javax.inject.Singleton;
import javax.servlet.http.HttpServletRequest;
import javax.ws.rs.GET;
import javax.ws.rs.PUT;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.QueryParam;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.Response;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeys;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.server.resourcemanager.ResourceManager;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.ResourceScheduler;
import org.apache.hadoop.yarn.server.resourcemanager.webapp.RMWebServices;

/**
 * The RM's REST API with yarn-dl's endpoints added under {@code /ws/v1/cluster/dl}, and the web page
 * served from there. Installed with {@code yarn.webapp.custom.webservice.class}: Hadoop 3.5.0's
 * RMWebApp then registers this class with Jersey instead of {@link RMWebServices}, which it
 * extends, so every stock endpoint keeps working.
 *
 * <ul>
 *   <li>{@code GET dl/jobs}, {@code GET dl/jobs/{appId}} (404 for an unknown or non-DL id, 400 for a
 *       malformed one), {@code GET dl/plan}, {@code GET dl/policy}: JSON, see the README.</li>
 *   <li>{@code PUT dl/policy} with {@code ?policy=NAME} or the body {@code {"policy":"NAME"}}: switches
 *       the policy until the RM restarts; YARN admins only ({@link AdminCheck}: 403 otherwise, also
 *       for an unauthenticated caller), 400 for an unknown name.</li>
 *   <li>{@code GET dl/ui}: the page; {@code GET dl/ui/<file>}: its files ({@link WebAssets}).</li>
 * </ul>
 *
 * <p>Reads the scheduler through {@link DeepLearningScheduler#status()} only, fetched per request:
 * the RM builds a new scheduler when it becomes active again. With another scheduler the dl
 * endpoints answer 404 saying so.
 */
@Singleton
@Path("/ws/v1/cluster")
public class DlWebServices extends RMWebServices {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final ResourceManager rm;
    private final AdminCheck admins;
    private final WebAssets assets = new WebAssets(DlWebServices.class.getClassLoader());

    @Inject
    public DlWebServices(@Named("rm") ResourceManager rm, @Named("conf") Configuration conf) {
        super(rm, conf);
        this.rm = rm;
        this.admins = new AdminCheck(conf.get(CommonConfigurationKeys.HADOOP_HTTP_STATIC_USER,
                CommonConfigurationKeys.DEFAULT_HADOOP_HTTP_STATIC_USER),
                caller -> rm.getApplicationACLsManager().isAdmin(caller));
    }

    @GET
    @Path("/dl/jobs")
    public Response dlJobs() {
        return withStatus(status -> {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("policy", status.policy());
            body.put("jobs", new JobViews(status).summaries());
            return JsonResponses.ok(body);
        });
    }

    @GET
    @Path("/dl/jobs/{appId}")
    public Response dlJob(@PathParam("appId") String appId) {
        try {
            ApplicationId.fromString(appId);
        } catch (IllegalArgumentException malformed) {
            return JsonResponses.error(Response.Status.BAD_REQUEST, "'" + appId + "' is not an application id"
                    + " (application_<cluster timestamp>_<sequence number>)");
        }
        return withStatus(status -> {
            Optional<JobRecord> job = status.job(appId);
            if (job.isEmpty()) {
                String known = status.yarnState(appId).map(state -> "application " + appId + " (" + state
                        + ") is not a deep-learning job of the DL queues").orElse("no application " + appId
                        + " is known to this ResourceManager");
                return JsonResponses.error(Response.Status.NOT_FOUND, known);
            }
            return JsonResponses.ok(new JobViews(status).detail(job.get()));
        });
    }

    @GET
    @Path("/dl/plan")
    public Response dlPlan() {
        return withStatus(status -> JsonResponses.ok(new PlanViews(status).plan()));
    }

    @GET
    @Path("/dl/policy")
    public Response dlPolicy() {
        return withStatus(status -> JsonResponses.ok(new PlanViews(status).policy()));
    }

    /** Body {@code {"policy":"drf"}} or {@code ?policy=drf}; the query parameter wins when both are given. */
    @PUT
    @Path("/dl/policy")
    public Response switchDlPolicy(@Context HttpServletRequest request, @QueryParam("policy") String policy,
                                   String body) {
        AdminCheck.Decision decision = admins.check(request.getUserPrincipal());
        if (!decision.allowed()) {
            return JsonResponses.error(Response.Status.FORBIDDEN, decision.refusal());
        }
        String name = policy;
        if (name == null || name.isBlank()) {
            try {
                JsonNode json = body == null || body.isBlank() ? null : JSON.readTree(body);
                name = json == null || !json.path("policy").isTextual() ? null : json.get("policy").asText();
            } catch (com.fasterxml.jackson.core.JsonProcessingException notJson) {
                return JsonResponses.error(Response.Status.BAD_REQUEST, "the body is not JSON: "
                        + notJson.getOriginalMessage());
            }
        }
        if (name == null || name.isBlank()) {
            return JsonResponses.error(Response.Status.BAD_REQUEST,
                    "name the policy: ?policy=<name> or the body {\"policy\":\"<name>\"}");
        }
        String wanted = name;
        return withStatus(status -> {
            try {
                String previous = status.switchPolicy(wanted, decision.user());
                return JsonResponses.ok(new PolicySwitch(status.policy(), previous, decision.user(),
                        new PlanViews(status).policy()));
            } catch (UnknownPolicyException unknown) {
                return JsonResponses.error(Response.Status.BAD_REQUEST, unknown.getMessage());
            }
        });
    }

    @GET
    @Path("/dl/ui")
    public Response dlPage() throws IOException {
        return dlAsset(WebAssets.INDEX);
    }

    @GET
    @Path("/dl/ui/{file}")
    public Response dlAsset(@PathParam("file") String file) throws IOException {
        Optional<WebAssets.Asset> asset = assets.find(file);
        if (asset.isEmpty()) {
            return JsonResponses.error(Response.Status.NOT_FOUND, "no file '" + file + "' in the yarn-dl page");
        }
        return Response.ok(asset.get().bytes(), asset.get().contentType()).header("Cache-Control", "no-cache")
                .build();
    }

    /** The answer to a successful switch. */
    record PolicySwitch(String policy, String previous, String by, PolicySummary status) {
    }

    private interface StatusReader {
        Response read(SchedulerStatus status);
    }

    private Response withStatus(StatusReader reader) {
        ResourceScheduler scheduler = rm.getResourceScheduler();
        if (!(scheduler instanceof DeepLearningScheduler dl) || dl.status() == null) {
            return JsonResponses.error(Response.Status.NOT_FOUND, "this ResourceManager's scheduler is "
                    + (scheduler == null ? "not running" : scheduler.getClass().getName())
                    + ", not " + DeepLearningScheduler.class.getName() + ": it has no deep-learning jobs");
        }
        return reader.read(dl.status());
    }
}
