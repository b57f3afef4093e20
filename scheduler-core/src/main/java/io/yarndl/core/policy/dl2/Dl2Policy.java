package io.yarndl.core.policy.dl2;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.placement.PlacementStrategy;
import io.yarndl.core.placement.TargetPlacement;
import io.yarndl.core.placement.packing.PackingPlacement;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.SchedulingPolicy;
import io.yarndl.core.policy.optimus.OptimusPolicy;
import io.yarndl.core.policy.resize.ResizeSettings;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * DL2 (Peng et al., "DL2: A Deep Learning-driven Scheduler for Deep Learning Clusters", 2019): a
 * policy network decides, one action at a time, which job gets another worker (on which GPU type),
 * parameter server or both, or moves to another GPU type, until it says stop or nothing more fits
 * ({@link Dl2Layout}, {@link Dl2Round}); packing placement then puts the sizes on nodes of their
 * types ({@link TargetPlacement}). Each job trains at the batch the goodput model chooses for its
 * allocation, on the job's side, as under Pollux and Sia.
 *
 * <p>Every round starts from a floor: each job in a slot gets its minimum, in arrival order, while
 * the cluster holds it ({@link Dl2Round#grantMinimums()}), as Optimus' allocator starts (§4.1);
 * the network then decides what goes beyond. Before the floor, a running job that has not yet run
 * at its size for the resize-cost rule's {@code k} restarts keeps what it holds ({@link ResizeHold},
 * the default {@link ResizeSettings}), so neither the network nor its sampling can resize a job every
 * round. A departure from the paper, whose network starts from
 * nothing: measured here, a network warmed up on optimus and left to start jobs itself left some
 * waiting for days behind long ones (average JCT 3x optimus's on validation seeds), and a policy
 * in a ResourceManager must not starve a job because a model is young.
 *
 * <p>The safe fallback: a policy made {@link #fallingBack} (its model was missing, corrupt or of
 * the wrong shape) runs {@code optimus} in its place, and a serving policy whose network fails
 * during a round ({@link ModelFailureException}, or a NaN logit) switches to {@code optimus} for
 * that round and every later one. Either way {@link Dl2Events#fellBack} says why, once. The plan is
 * still labelled {@code dl2}; each job's reason says it came from the fallback.
 *
 * <p>Not thread-safe (the fallback's models are mutated by plan), like every policy: a driver calls
 * one round at a time.
 */
public final class Dl2Policy implements SchedulingPolicy {

    public static final String NAME = "dl2";

    private final Dl2Model model;
    private final Choosers choosers;
    private final DecisionRecorder recorder;
    private final Dl2Events events;
    private final TargetPlacement placement;
    /** How nodes are chosen, kept for the optimus fallback, which must place the same way. */
    private final PlacementStrategy placementStrategy;
    private OptimusPolicy fallback;
    private String fallbackReason;

    private Dl2Policy(Dl2Model model, String fallbackReason, Choosers choosers, DecisionRecorder recorder,
                      Dl2Events events, PlacementStrategy placement) {
        this.model = model;
        this.choosers = Objects.requireNonNull(choosers, "choosers");
        this.recorder = Objects.requireNonNull(recorder, "recorder");
        this.events = Objects.requireNonNull(events, "events");
        this.placement = new TargetPlacement(placement);
        this.placementStrategy = placement;
        if (model == null) {
            fallBack(fallbackReason);
        } else {
            events.serving(model);
        }
    }

    /**
     * Serves {@code model}: each step samples from the network's distribution over the valid
     * actions, with a random stream seeded from the model's sha256 and the snapshot's time, so the
     * same model, snapshot and jobs always give the same plan.
     *
     * <p>Why sampling and not the most likely action: the network is trained as a distribution (it
     * imitates a teacher whose next job it cannot see, then policy gradient shapes it as one), and
     * its argmax puts every next task on the one job it ranks first. Measured on validation seeds
     * 8001-8004 (40 jobs, 4 x 8 GPUs) with the shipped model: average JCT 13.63 h sampling, 14.17 h
     * at temperature 0.5, 17.07 h taking the most likely action (stop-or-go first), against
     * optimus's 13.03 h.
     */
    public static Dl2Policy serving(Dl2Model model, Dl2Events events) {
        return serving(model, events, new PackingPlacement());
    }

    /** As {@link #serving(Dl2Model, Dl2Events)}, its sizes put on nodes by {@code placement}. */
    public static Dl2Policy serving(Dl2Model model, Dl2Events events, PlacementStrategy placement) {
        long modelSeed = Long.parseUnsignedLong(paddedPrefix(model.card().model().sha256()), 16);
        return new Dl2Policy(Objects.requireNonNull(model, "model"), null,
                snapshot -> ActionChooser.sampling(modelSeed ^ Double.doubleToLongBits(snapshot.timeSec()) * 0x9E3779B97F4A7C15L, 1.0),
                DecisionRecorder.NONE, events, placement);
    }

    /** Serves {@code model} choosing every action with {@code chooser} (tests, benchmarks, other decodings). */
    public static Dl2Policy deciding(Dl2Model model, ActionChooser chooser, Dl2Events events) {
        return new Dl2Policy(Objects.requireNonNull(model, "model"), null, snapshot -> chooser, DecisionRecorder.NONE,
                events, new PackingPlacement());
    }

    /** For training: {@code chooser} picks the actions and {@code recorder} sees each decision. */
    public static Dl2Policy training(Dl2Model model, ActionChooser chooser, DecisionRecorder recorder) {
        return new Dl2Policy(Objects.requireNonNull(model, "model"), null, snapshot -> chooser, recorder,
                Dl2Events.NONE, new PackingPlacement());
    }

    /** A DL2 policy without a usable model: it runs {@code optimus} and tells {@code events} why. */
    public static Dl2Policy fallingBack(String reason, Dl2Events events) {
        return fallingBack(reason, events, new PackingPlacement());
    }

    /** As {@link #fallingBack(String, Dl2Events)}, the fallback placing with {@code placement}. */
    public static Dl2Policy fallingBack(String reason, Dl2Events events, PlacementStrategy placement) {
        return new Dl2Policy(null, Objects.requireNonNull(reason, "reason"), snapshot -> ActionChooser.greedy(),
                DecisionRecorder.NONE, events, placement);
    }

    /**
     * Loads the model at {@code source} ({@link ModelLoader}) and serves it, or falls back to
     * {@code optimus} with the loader's reason.
     */
    public static Dl2Policy load(ModelSupplier source, Dl2Events events) {
        return load(source, events, new PackingPlacement());
    }

    /** As {@link #load(ModelSupplier, Dl2Events)}, placing with {@code placement}. */
    public static Dl2Policy load(ModelSupplier source, Dl2Events events, PlacementStrategy placement) {
        try {
            return serving(source.load(), events, placement);
        } catch (ModelRejectedException e) {
            return fallingBack(e.getMessage(), events, placement);
        }
    }

    /** How a model is found: a file, the shipped resource, or one loaded already. */
    @FunctionalInterface
    public interface ModelSupplier {
        Dl2Model load() throws ModelRejectedException;
    }

    /** The chooser of one round: serving seeds a fresh one from the round, training reuses one stream. */
    @FunctionalInterface
    private interface Choosers {
        ActionChooser forRound(ClusterSnapshot snapshot);
    }

    private static String paddedPrefix(String sha256) {
        String hex = sha256.length() >= 16 ? sha256.substring(0, 16) : (sha256 + "0000000000000000").substring(0, 16);
        return hex.matches("[0-9a-fA-F]{16}") ? hex : "0";
    }

    @Override
    public String name() {
        return NAME;
    }

    /** True while the model serves; false once the policy runs {@code optimus} instead. */
    public boolean isServing() {
        return fallback == null;
    }

    /** Why it fell back, or null while serving. */
    public String fallbackReason() {
        return fallbackReason;
    }

    /** The serving model's version ({@link Dl2Model#version()}), or null when falling back. */
    public String modelVersion() {
        return isServing() ? model.version() : null;
    }

    @Override
    public Plan plan(ClusterSnapshot snapshot, List<JobView> jobs) {
        if (isServing()) {
            try {
                return decide(snapshot, jobs);
            } catch (ModelFailureException e) {
                fallBack("model " + model.version() + " from " + model.source() + " failed during a round: "
                        + e.getMessage());
            }
        }
        Plan plan = fallback.plan(snapshot, jobs);
        List<JobPlan> relabelled = new ArrayList<>(plan.jobs().size());
        for (JobPlan decision : plan.jobs().values()) {
            relabelled.add(new JobPlan(decision.jobId(), decision.workers(), decision.ps(), decision.placement(),
                    "dl2 fallback (optimus): " + decision.reason()));
        }
        return Plan.of(snapshot.timeSec(), NAME, relabelled);
    }

    private Plan decide(ClusterSnapshot snapshot, List<JobView> jobs) {
        Dl2Round round = Dl2Round.start(snapshot, jobs, model.card().layout().jobTypes(), ResizeSettings.DEFAULT);
        round.grantMinimums();
        float[] state = new float[Dl2Layout.INPUT_SIZE];
        boolean[] valid = new boolean[Dl2Layout.OUTPUT_SIZE];
        ActionChooser chooser = choosers.forRound(snapshot);
        int actions = 0;
        while (true) {
            round.encode(state);
            if (round.mask(valid) == 0) {
                break;
            }
            long started = System.nanoTime();
            float[] logits = model.network().logits(state);
            events.inferred(System.nanoTime() - started);
            requireSane(logits);
            int action = chooser.choose(logits, valid);
            recorder.decided(snapshot.timeSec(), state, valid, action);
            if (action == Dl2Layout.STOP) {
                break;
            }
            round.apply(action);
            actions++;
        }
        List<TaskCount> targets = round.targets(jobs);
        List<Allocation> placed = placement.place(snapshot, jobs, targets, round.gpuTypes(jobs));
        List<JobPlan> decisions = new ArrayList<>(jobs.size());
        for (int i = 0; i < jobs.size(); i++) {
            String id = jobs.get(i).id();
            TaskCount target = targets.get(i);
            Allocation allocation = placed.get(i);
            if (allocation.isEmpty()) {
                decisions.add(JobPlan.waiting(id, target.workers() > 0
                        ? "dl2 gave " + target.workers() + "w/" + target.ps() + "ps but no nodes fit its minimum (model "
                                + model.version() + ")"
                        : "dl2 gave it nothing this round (" + actions + " actions, model " + model.version() + ")"));
            } else {
                String shrunk = allocation.workers() != target.workers() || allocation.ps() != target.ps()
                        ? ", shrunk to fit the nodes" : "";
                decisions.add(JobPlan.placed(id, allocation, "dl2 gave " + target.workers() + "w/" + target.ps()
                        + "ps" + shrunk + " (" + actions + " actions, model " + model.version() + ")"));
            }
        }
        return Plan.of(snapshot.timeSec(), NAME, decisions);
    }

    private static void requireSane(float[] logits) {
        if (logits.length != Dl2Layout.OUTPUT_SIZE) {
            throw new ModelFailureException("the model returned " + logits.length + " logits, not "
                    + Dl2Layout.OUTPUT_SIZE);
        }
        for (float logit : logits) {
            if (Float.isNaN(logit)) {
                throw new ModelFailureException("the model returned a NaN logit");
            }
        }
    }

    private void fallBack(String reason) {
        fallbackReason = reason;
        fallback = new OptimusPolicy(placementStrategy);
        events.fellBack(reason);
    }
}
