package io.yarndl.yarn.state;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.PolicyState;
import io.yarndl.yarn.jobs.JobSamples;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A {@link SchedulerCheckpoint} as a JSON tree and back, field by field (no reflection, so a change
 * to a core record cannot silently change the stored format). The layout is documented on
 * {@link CheckpointCodec}. Stateless.
 */
final class CheckpointJson {

    private static final String DOC = "checkpoint";
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private CheckpointJson() {
    }

    static ObjectNode toTree(SchedulerCheckpoint checkpoint) {
        ObjectNode json = NODES.objectNode();
        json.put("format", checkpoint.format());
        json.put("writtenAtMillis", checkpoint.writtenAtMillis());
        json.put("policy", checkpoint.policy());
        json.put("modelVersion", checkpoint.modelVersion());
        json.put("rounds", checkpoint.rounds());
        json.set("plan", plan(checkpoint.plan()));
        json.set("policyState", checkpoint.policyState() == null ? NODES.nullNode() : policyState(checkpoint.policyState()));
        ObjectNode samples = json.putObject("samples");
        checkpoint.samples().forEach((job, history) -> samples.set(job, samples(history)));
        json.set(CarriedOverJson.FIELD, CarriedOverJson.toTree(checkpoint.carriedOver()));
        return json;
    }

    /** The checkpoint in {@code root}, already migrated to the current format; never throws anything else. */
    static SchedulerCheckpoint fromTree(JsonNode root) throws UnreadableCheckpointException {
        CheckpointFields top = CheckpointFields.of(root, DOC, "", "format", "writtenAtMillis", "policy",
                "modelVersion", "rounds", "plan", "policyState", "samples", CarriedOverJson.FIELD);
        Plan plan = plan(top.object("plan", "timeSec", "policy", "jobs"));
        CheckpointFields state = top.nullableObject("policyState", "policy", "jobs");
        Map<String, JobSamples> samples = new TreeMap<>();
        for (Map.Entry<String, JsonNode> job : top.members("samples").entrySet()) {
            samples.put(job.getKey(), samples(CheckpointFields.of(job.getValue(), DOC, "samples." + job.getKey(),
                    "stride", "aged", "archive", "recent")));
        }
        PolicyState policyState = state == null ? null : policyState(state);
        int format = top.integer("format");
        long writtenAtMillis = top.longInteger("writtenAtMillis");
        String policy = top.text("policy");
        String modelVersion = top.nullableText("modelVersion");
        long rounds = top.longInteger("rounds");
        CarriedOver carriedOver = CarriedOverJson.fromTree(top);
        return refusedAsMalformed("checkpoint", () -> new SchedulerCheckpoint(format, writtenAtMillis, policy,
                modelVersion, rounds, plan, policyState, samples, carriedOver));
    }

    private static ObjectNode plan(Plan plan) {
        ObjectNode json = NODES.objectNode();
        putReal(json, "timeSec", plan.timeSec());
        json.put("policy", plan.policy());
        ArrayNode jobs = json.putArray("jobs");
        for (JobPlan decision : plan.jobs().values()) {
            ObjectNode job = jobs.addObject();
            job.put("jobId", decision.jobId());
            job.put("workers", decision.workers());
            job.put("ps", decision.ps());
            ObjectNode placement = job.putObject("placement");
            decision.placement().byNode().forEach((node, count) -> placement.set(node, taskCount(count)));
            job.put("reason", decision.reason());
        }
        return json;
    }

    private static Plan plan(CheckpointFields plan) throws UnreadableCheckpointException {
        List<JobPlan> decisions = new ArrayList<>();
        List<JsonNode> jobs = plan.array("jobs");
        for (int i = 0; i < jobs.size(); i++) {
            CheckpointFields job = CheckpointFields.of(jobs.get(i), DOC, plan.child("jobs") + "[" + i + "]",
                    "jobId", "workers", "ps", "placement", "reason");
            Map<String, TaskCount> placement = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> node : job.members("placement").entrySet()) {
                placement.put(node.getKey(), taskCount(CheckpointFields.of(node.getValue(), DOC,
                        job.child("placement") + "." + node.getKey(), "workers", "ps")));
            }
            String id = job.text("jobId");
            int workers = job.integer("workers");
            int ps = job.integer("ps");
            String reason = job.text("reason");
            decisions.add(refusedAsMalformed(job.path(),
                    () -> new JobPlan(id, workers, ps, new Allocation(placement), reason)));
        }
        double timeSec = plan.real("timeSec");
        String policy = plan.text("policy");
        return refusedAsMalformed("plan", () -> Plan.of(timeSec, policy, decisions));
    }

    private static ObjectNode policyState(PolicyState state) {
        ObjectNode json = NODES.objectNode();
        json.put("policy", state.policy());
        ObjectNode jobs = json.putObject("jobs");
        state.jobs().forEach((id, fitted) -> {
            ObjectNode job = jobs.putObject(id);
            PolicyState.Curve curve = fitted.curve();
            if (curve == null) {
                job.putNull("curve");
            } else {
                ObjectNode c = job.putObject("curve");
                putReal(c, "b0", curve.b0());
                putReal(c, "b1", curve.b1());
                putReal(c, "b2", curve.b2());
                putReal(c, "lossScale", curve.lossScale());
                c.put("samplesUsed", curve.samplesUsed());
            }
            PolicyState.Speed speed = fitted.speed();
            if (speed == null) {
                job.putNull("speed");
            } else {
                ObjectNode s = job.putObject("speed");
                s.put("form", speed.form());
                ArrayNode coefficients = s.putArray("coefficients");
                speed.coefficients().forEach(value -> coefficients.add(real(value)));
                s.put("globalBatch", speed.globalBatch());
            }
            job.put("fittedStep", fitted.fittedStep());
            job.put("fittedSamples", fitted.fittedSamples());
            putReal(job, "fittedUpTo", fitted.fittedUpTo());
            ArrayNode configurations = job.putArray("fittedConfigurations");
            fitted.fittedConfigurations().forEach(count -> configurations.add(taskCount(count)));
        });
        return json;
    }

    private static PolicyState policyState(CheckpointFields state) throws UnreadableCheckpointException {
        Map<String, PolicyState.FittedJob> jobs = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> entry : state.members("jobs").entrySet()) {
            CheckpointFields job = CheckpointFields.of(entry.getValue(), DOC, state.child("jobs") + "." + entry.getKey(),
                    "curve", "speed", "fittedStep", "fittedSamples", "fittedUpTo", "fittedConfigurations");
            CheckpointFields c = job.nullableObject("curve", "b0", "b1", "b2", "lossScale", "samplesUsed");
            PolicyState.Curve curve = c == null ? null : refusedAsMalformed(job.child("curve"), curveOf(c));
            CheckpointFields s = job.nullableObject("speed", "form", "coefficients", "globalBatch");
            PolicyState.Speed speed = null;
            if (s != null) {
                List<Double> coefficients = new ArrayList<>();
                List<JsonNode> values = s.array("coefficients");
                for (int i = 0; i < values.size(); i++) {
                    coefficients.add(s.realAt(values.get(i), s.child("coefficients") + "[" + i + "]"));
                }
                String form = s.text("form");
                int globalBatch = s.integer("globalBatch");
                speed = refusedAsMalformed(job.child("speed"), () -> new PolicyState.Speed(form, coefficients, globalBatch));
            }
            List<TaskCount> configurations = new ArrayList<>();
            List<JsonNode> counts = job.array("fittedConfigurations");
            for (int i = 0; i < counts.size(); i++) {
                configurations.add(taskCount(CheckpointFields.of(counts.get(i), DOC,
                        job.child("fittedConfigurations") + "[" + i + "]", "workers", "ps")));
            }
            PolicyState.Curve fittedCurve = curve;
            PolicyState.Speed fittedSpeed = speed;
            long fittedStep = job.longInteger("fittedStep");
            int fittedSamples = job.integer("fittedSamples");
            double fittedUpTo = job.real("fittedUpTo");
            jobs.put(entry.getKey(), refusedAsMalformed(state.child("jobs") + "." + entry.getKey(),
                    () -> new PolicyState.FittedJob(fittedCurve, fittedSpeed, fittedStep, fittedSamples, fittedUpTo,
                            configurations)));
        }
        String policy = state.text("policy");
        return refusedAsMalformed("policyState", () -> new PolicyState(policy, jobs));
    }

    private static Construction<PolicyState.Curve> curveOf(CheckpointFields c) throws UnreadableCheckpointException {
        double b0 = c.real("b0");
        double b1 = c.real("b1");
        double b2 = c.real("b2");
        double lossScale = c.real("lossScale");
        int samplesUsed = c.integer("samplesUsed");
        return () -> new PolicyState.Curve(b0, b1, b2, lossScale, samplesUsed);
    }

    /** Samples as arrays {@code [timeSec, step, loss, stepsPerSecond, workers, ps]}: a third of the named form's size. */
    private static ObjectNode samples(JobSamples history) {
        ObjectNode json = NODES.objectNode();
        json.put("stride", history.stride());
        json.put("aged", history.aged());
        json.set("archive", sampleList(history.archive()));
        json.set("recent", sampleList(history.recent()));
        return json;
    }

    private static ArrayNode sampleList(List<ProgressSample> samples) {
        ArrayNode list = NODES.arrayNode(samples.size());
        for (ProgressSample sample : samples) {
            list.addArray().add(real(sample.timeSec())).add(sample.step()).add(real(sample.loss()))
                    .add(real(sample.stepsPerSecond())).add(sample.workers()).add(sample.ps());
        }
        return list;
    }

    private static JobSamples samples(CheckpointFields history) throws UnreadableCheckpointException {
        List<ProgressSample> archive = sampleList(history, "archive");
        List<ProgressSample> recent = sampleList(history, "recent");
        long stride = history.longInteger("stride");
        long aged = history.longInteger("aged");
        return refusedAsMalformed(history.path(),
                () -> new JobSamples(archive, recent, stride, aged));
    }

    private static List<ProgressSample> sampleList(CheckpointFields history, String field)
            throws UnreadableCheckpointException {
        List<JsonNode> nodes = history.array(field);
        List<ProgressSample> samples = new ArrayList<>(nodes.size());
        for (int i = 0; i < nodes.size(); i++) {
            String at = history.child(field) + "[" + i + "]";
            List<JsonNode> values = history.elements(nodes.get(i), at);
            if (values.size() != 6) {
                throw CheckpointFields.malformed(DOC, "field '" + at + "' must be [timeSec, step, loss,"
                        + " stepsPerSecond, workers, ps], got " + values.size() + " values");
            }
            samples.add(new ProgressSample(history.realAt(values.get(0), at + "[0]"),
                    history.longAt(values.get(1), at + "[1]"), history.realAt(values.get(2), at + "[2]"),
                    history.realAt(values.get(3), at + "[3]"), history.integerAt(values.get(4), at + "[4]"),
                    history.integerAt(values.get(5), at + "[5]")));
        }
        return samples;
    }

    private static ObjectNode taskCount(TaskCount count) {
        ObjectNode json = NODES.objectNode();
        json.put("workers", count.workers());
        json.put("ps", count.ps());
        return json;
    }

    private static TaskCount taskCount(CheckpointFields count) throws UnreadableCheckpointException {
        int workers = count.integer("workers");
        int ps = count.integer("ps");
        return refusedAsMalformed(count.path(), () -> new TaskCount(workers, ps));
    }

    /** Standard JSON has no NaN or infinities: those are written as the strings Java prints for them. */
    private static JsonNode real(double value) {
        return Double.isFinite(value) ? NODES.numberNode(value) : NODES.textNode(Double.toString(value));
    }

    private static void putReal(ObjectNode json, String field, double value) {
        json.set(field, real(value));
    }

    /** A record constructor; what it refuses becomes a MALFORMED checkpoint naming {@code where}. */
    private interface Construction<T> {
        T build();
    }

    private static <T> T refusedAsMalformed(String where, Construction<T> construction)
            throws UnreadableCheckpointException {
        try {
            return construction.build();
        } catch (IllegalArgumentException | NullPointerException e) {
            throw CheckpointFields.malformed(DOC, "'" + where + "' refused: " + e.getMessage());
        }
    }
}
