package io.yarndl.am.master;

import io.yarndl.am.launch.GenerationPlan;
import io.yarndl.am.launch.Role;
import io.yarndl.am.launch.TrainerLauncher;
import io.yarndl.core.cluster.Node;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.am.master.JobEvent.Kind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * The elastic job's state: which containers it holds, which of them train together in the running
 * generation, and when to start the next one. No YARN, no HTTP, no threads: the ApplicationMaster
 * feeds it what happens (grants, preemption messages, completions, agents' and the script's reports,
 * clock ticks) and acts on what it says (assignments, containers to release, samples to publish, the
 * outcome). Thread-safe: every method is synchronized.
 *
 * <p>A resize is decided when a container joins, is asked back by the scheduler, or is lost, and when
 * a generation fails. It is committed (the next generation starts) once the running generation has
 * checkpointed since the decision, or at once when it has nothing to lose (it never reported a step,
 * or it already failed), or when the checkpoint timeout passes (then it resumes from the last
 * checkpoint it has). Grants wait {@code settleMs} first, so containers granted in consecutive
 * heartbeats join in one restart rather than one each.
 */
public final class ElasticJob {

    /** YARN's exit status of a container preempted by the scheduler (ContainerExitStatus.PREEMPTED). */
    static final int EXIT_PREEMPTED = -102;

    private final JobLimits limits;
    private final TrainerLauncher launcher;
    private final LongSupplier clockMs;
    private final ProgressLedger progress;
    private final Function<List<String>, String> gpuTypeOf;
    private final JobContainers containers = new JobContainers();
    /** Containers inherited from a dead AM attempt, released and not yet reported gone. */
    private final Set<String> retiring = new HashSet<>();
    private long retiringSinceMs;
    private int attempt = 1;
    private final List<JobEvent> events = new ArrayList<>();

    private int generation;
    private GenerationPlan running;
    private boolean stepped;
    private boolean broken;
    private final PendingResize pending = new PendingResize();
    private int failures;
    private int lastFailedGeneration = -1;
    private long checkpointStep = -1;
    private JobOutcome outcome = new JobOutcome(JobOutcome.State.RUNNING, "");

    /** A job whose samples say no GPU type. */
    public ElasticJob(JobLimits limits, TrainerLauncher launcher, LongSupplier clockMs) {
        this(limits, launcher, clockMs, workers -> Node.UNKNOWN_GPU_TYPE);
    }

    /**
     * @param gpuTypeOf the one GPU type of the nodes the given worker containers run on, or
     *                  {@code Node.UNKNOWN_GPU_TYPE}; each progress sample is tagged with it. Called
     *                  under the job's lock: it must answer from memory ({@link WorkerNodes})
     */
    public ElasticJob(JobLimits limits, TrainerLauncher launcher, LongSupplier clockMs,
                      Function<List<String>, String> gpuTypeOf) {
        this.limits = limits;
        this.launcher = launcher;
        this.clockMs = clockMs;
        this.gpuTypeOf = gpuTypeOf;
        this.progress = new ProgressLedger(limits.globalBatchSize());
    }


    /**
     * A container was granted. Returns false when the job cannot use it (already at its maximum, or
     * finished): the caller hands it back. Otherwise the caller launches an agent in it.
     */
    public synchronized boolean granted(String containerId, Role role) {
        if (outcome.state() != JobOutcome.State.RUNNING || containers.holds(containerId)
                || containers.staying(role) >= limits.max(role)) {
            return false;
        }
        containers.add(containerId, role);
        record(Kind.GRANTED, containerId);
        decide("granted " + containerId, true);
        maybeCommit();
        return true;
    }

    /**
     * This AM is a later attempt of the application: the previous AM died, its rendezvous store with
     * it, so the trainers it left cannot go on with this one. The job resumes as after a resize: the
     * {@code inherited} containers are released (their agents and trainers are killed), the first
     * generation of this attempt waits until they are gone (at most the checkpoint timeout), so no
     * old trainer writes a checkpoint while a new one reads it, and then starts from the last
     * checkpoint in fresh containers. {@code lastPublished}, the progress record the previous
     * attempt left in ZooKeeper, keeps the published steps from going back.
     */
    public synchronized void takeOver(int attempt, Optional<ProgressSample> lastPublished, List<String> inherited) {
        this.attempt = attempt;
        lastPublished.ifPresent(progress::resumeAfter);
        for (String id : inherited) {
            if (retiring.add(id)) {
                containers.releaseUnheld(id);
            }
        }
        retiringSinceMs = clockMs.getAsLong();
        record(Kind.AM_RESTARTED, "attempt " + attempt + ": published step " + progress.publishedStep()
                + " in ZooKeeper; releasing the " + inherited.size() + " container(s) of the previous attempt "
                + inherited + "; resuming from the last checkpoint");
    }

    /** The scheduler wants this container back: the job checkpoints, then gives it up. */
    public synchronized void preemptionRequested(String containerId) {
        JobContainers.State state = containers.stateOf(containerId).orElse(JobContainers.State.LEAVING);
        if (state == JobContainers.State.LEAVING) {
            return;
        }
        if (state == JobContainers.State.JOINING) {
            // Not training yet: nothing to save, hand it back now.
            containers.release(containerId);
            record(Kind.PREEMPTION_REQUESTED, containerId + " (not yet training: released)");
            return;
        }
        containers.markLeaving(containerId);
        record(Kind.PREEMPTION_REQUESTED, containerId);
        decide("preemption of " + containerId, false);
        maybeCommit();
    }

    /** A container ended, for whatever reason. */
    public synchronized void completed(String containerId, int exitStatus, String diagnostics) {
        if (retiring.remove(containerId)) {
            record(Kind.CONTAINER_COMPLETED, containerId + " of the previous attempt, exit status " + exitStatus);
            maybeCommit();
            return;
        }
        if (!containers.lost(containerId)) {
            return;
        }
        record(Kind.CONTAINER_COMPLETED, containerId + " exit status " + exitStatus);
        if (outcome.state() != JobOutcome.State.RUNNING) {
            return;
        }
        boolean member0fRunning = running != null && running.contains(containerId);
        if (exitStatus == EXIT_PREEMPTED) {
            // The scheduler took it before the job let go (the grace period ran out): a resize, not a failure.
            if (member0fRunning) {
                broken = true;
            }
            decide("container " + containerId + " preempted", false);
        } else {
            fail("container " + containerId + " was lost (exit status " + exitStatus + "): "
                    + abbreviate(diagnostics), member0fRunning);
        }
        maybeCommit();
    }


    /** What the agent in {@code containerId} should do now; empty for a container the job never had. */
    public synchronized Optional<AgentAssignment> assignment(String containerId) {
        if (!containers.holds(containerId)) {
            return containers.everHeld(containerId) ? Optional.of(AgentAssignment.exit(generation)) : Optional.empty();
        }
        if (outcome.state() != JobOutcome.State.RUNNING) {
            return Optional.of(AgentAssignment.exit(generation));
        }
        if (running != null && running.contains(containerId)) {
            return Optional.of(new AgentAssignment(generation, AgentAssignment.State.RUN,
                    launcher.command(running, containerId)));
        }
        return Optional.of(AgentAssignment.waiting(generation));
    }

    /** The trainer of {@code containerId} for {@code gen} ended by itself with {@code exitCode}. */
    public synchronized void trainerExited(String containerId, int gen, int exitCode, String logTail) {
        if (gen != generation || running == null || !running.contains(containerId)
                || outcome.state() != JobOutcome.State.RUNNING) {
            return;
        }
        if (exitCode == 0) {
            outcome = new JobOutcome(JobOutcome.State.SUCCEEDED, "training finished in generation " + gen
                    + " at step " + progress.publishedStep() + " with " + running.workers().size() + " workers");
            record(Kind.SUCCEEDED, outcome.diagnostics());
            return;
        }
        fail("the trainer in " + containerId + " (generation " + gen + ") exited with code " + exitCode
                + (logTail == null || logTail.isBlank() ? "" : "; its last output:\n" + logTail), true);
        maybeCommit();
    }


    public synchronized ScriptView scriptView() {
        return new ScriptView(generation, resizePending(), progress.publishedStep(), checkpointStep);
    }

    /**
     * Rank 0 reports a step ({@link ProgressLedger#accept} says what is kept); a report from an
     * older generation is ignored.
     */
    public synchronized ScriptView progress(ProgressReport report) {
        if (running == null || report.generation() != generation || outcome.state() != JobOutcome.State.RUNNING) {
            return scriptView();
        }
        boolean sane = progress.accept(report, running.workers().size(), running.servers().size(),
                clockMs.getAsLong(), gpuTypeOf.apply(running.workers()));
        if (sane && !stepped) {
            stepped = true;
            record(Kind.TRAINING_RESUMED, "step " + report.step() + ", world size " + report.worldSize()
                    + ", global batch " + report.batchOr(limits.globalBatchSize()));
        }
        return scriptView();
    }

    /** Rank 0 saved a checkpoint at {@code step}. */
    public synchronized ScriptView checkpointed(int gen, long step) {
        if (gen == generation && running != null) {
            checkpointStep = step;
            if (pending.checkpointed()) {
                record(Kind.CHECKPOINTED, "step " + step);
            }
            maybeCommit();
        }
        return scriptView();
    }


    /** Re-evaluates timeouts; the AM calls it a few times a second. */
    public synchronized void tick() {
        maybeCommit();
    }

    /** Containers the AM must release now (taken: each is returned once). */
    public synchronized List<String> takeReleases() {
        return containers.takeReleases();
    }

    /** The newest sample not yet published to ZooKeeper, taken. */
    public synchronized List<ProgressSample> takeUnpublished() {
        return progress.takeUnpublished();
    }

    /** How many containers of {@code role} the job still misses, for its container asks. */
    public synchronized int missing(Role role) {
        if (outcome.state() != JobOutcome.State.RUNNING) {
            return 0;
        }
        return Math.max(0, limits.max(role) - containers.staying(role));
    }

    /** Containers the job still holds (after the end: those whose agents have not gone yet). */
    public synchronized List<String> heldContainers() {
        return containers.ids();
    }

    /** The running generation, if one runs. */
    public synchronized Optional<GenerationPlan> runningPlan() {
        return Optional.ofNullable(running);
    }

    /** Failures counted against the retry budget so far. */
    public synchronized int failures() {
        return failures;
    }

    public synchronized JobOutcome outcome() {
        return outcome;
    }

    /** Progress for the AM heartbeat, 0 to 1: by steps for a step goal, by loss for a loss goal. */
    public synchronized float progressFraction(double targetLoss, long totalSteps) {
        return outcome.state() == JobOutcome.State.SUCCEEDED ? 1f : progress.fraction(targetLoss, totalSteps);
    }

    public synchronized List<JobEvent> events() {
        return List.copyOf(events);
    }

    /** A snapshot for the status page. */
    public synchronized Map<String, Object> status() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("state", outcome.state().name());
        out.put("am_attempt", attempt);
        out.put("diagnostics", outcome.diagnostics());
        out.put("generation", generation);
        out.put("workers", running == null ? List.of() : running.workers());
        out.put("servers", running == null ? List.of() : running.servers());
        out.put("held", containers.ids());
        out.put("retiring", retiring.stream().sorted().toList());
        out.put("resize_pending", resizePending());
        out.put("step", progress.publishedStep());
        out.put("checkpoint_step", checkpointStep);
        out.put("loss", progress.lastLoss());
        out.put("failures", failures);
        out.put("max_failures", limits.maxFailures());
        out.put("rejected_samples", progress.rejectedSamples());
        out.put("events", List.copyOf(events));
        return out;
    }

    private boolean resizePending() {
        return pending.isDecided() && running != null && !broken;
    }

    private void decide(String reason, boolean grant) {
        if (pending.decide(clockMs.getAsLong(), grant)) {
            record(Kind.RESIZE_DECIDED, reason);
        }
    }

    private void fail(String diagnostics, boolean breaksRunning) {
        if (breaksRunning) {
            broken = true;
        }
        // One failure per generation: the crash of one member takes its peers down with it.
        if (lastFailedGeneration != generation || !breaksRunning) {
            failures++;
            if (breaksRunning) {
                lastFailedGeneration = generation;
            }
            record(Kind.GENERATION_FAILED, "failure " + failures + " of at most " + limits.maxFailures()
                    + ": " + diagnostics);
        }
        if (failures > limits.maxFailures()) {
            outcome = new JobOutcome(JobOutcome.State.FAILED, "gave up after " + failures + " failures (--max-failures "
                    + limits.maxFailures() + "); the last: " + diagnostics);
            record(Kind.FAILED, outcome.diagnostics());
            containers.releaseAll();
            return;
        }
        decide(diagnostics, false);
    }

    private void maybeCommit() {
        if (!pending.isDecided() || outcome.state() != JobOutcome.State.RUNNING) {
            return;
        }
        long now = clockMs.getAsLong();
        long waited = pending.waitedMs(now);
        if (pending.byGrant() && waited < limits.settleMs()) {
            return;
        }
        if (!retiring.isEmpty() && now - retiringSinceMs < limits.checkpointTimeoutMs()) {
            return; // a trainer of the dead attempt may still be writing a checkpoint
        }
        boolean nothingToLose = running == null || !stepped || broken;
        if (!nothingToLose && !pending.hasCheckpoint() && waited < limits.checkpointTimeoutMs()) {
            return;
        }
        List<String> servers = containers.staying(Role.SERVER, limits.max(Role.SERVER));
        List<String> workers = containers.staying(Role.WORKER, limits.max(Role.WORKER));
        if (workers.size() < limits.minWorkers() || servers.size() < limits.minServers()) {
            if (running != null && broken) {
                // The running generation is dead and too few members are left: pause until replacements come.
                running = null;
                record(Kind.HALTED, "needs " + limits.minWorkers() + " workers and " + limits.minServers()
                        + " servers, has " + workers.size() + " and " + servers.size());
            }
            return;
        }
        if (!nothingToLose && !pending.hasCheckpoint()) {
            record(Kind.CHECKPOINTED, "none within " + limits.checkpointTimeoutMs()
                    + " ms: resuming from step " + checkpointStep);
        }
        containers.commit();
        generation++;
        running = new GenerationPlan(generation, servers, workers);
        stepped = false;
        broken = false;
        pending.clear();
        record(Kind.GENERATION_STARTED, "workers " + workers + (servers.isEmpty() ? "" : " servers " + servers));
    }

    private void record(Kind kind, String detail) {
        int workers = running != null ? running.workers().size() : 0;
        int servers = running != null ? running.servers().size() : 0;
        events.add(new JobEvent(clockMs.getAsLong(), kind, generation, workers, servers, detail));
    }

    private static String abbreviate(String text) {
        if (text == null) {
            return "";
        }
        String trimmed = text.strip();
        return trimmed.length() <= 2000 ? trimmed : trimmed.substring(trimmed.length() - 2000);
    }
}
