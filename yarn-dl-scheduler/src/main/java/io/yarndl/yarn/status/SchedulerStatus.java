package io.yarndl.yarn.status;

import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.PolicyState;
import io.yarndl.yarn.dl2.Dl2ModelStatus;
import io.yarndl.yarn.round.DlJobState;
import io.yarndl.yarn.round.HeldTask;
import io.yarndl.yarn.round.PlanBook;
import io.yarndl.yarn.round.PolicyRunner;
import io.yarndl.yarn.round.TaskRole;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What people may read about the scheduler, and the one thing they may change, in one read-only
 * facade for the RM's REST API and web page ({@code io.yarndl.yarn.web}): the DL jobs (live and
 * recently ended, {@link JobJournal}), their sizes over time ({@link SizeHistory}), the plan in
 * force and its target changes, the policy and DL2's health, and the run-time policy switch. The
 * scheduler builds it once at init and feeds it after every round ({@link #afterRound}); the web
 * package reaches no other scheduler internals.
 *
 * <p>Thread-safe: rounds write from the round thread, web requests read from Jetty's threads.
 */
public final class SchedulerStatus {

    private static final Logger LOG = LoggerFactory.getLogger(SchedulerStatus.class);

    private final PlanBook planBook;
    private final PolicyRunner policy;
    private final Dl2ModelStatus dl2;
    private final String configuredPolicy;
    private final Function<String, Optional<String>> yarnStates;
    private final JobJournal journal = new JobJournal();
    private final SizeHistory sizes = new SizeHistory();

    /**
     * @param yarnStates the RM's state of an application id (e.g. {@code RUNNING}, {@code FINISHED}),
     *                   empty for an id the RM does not know or cannot parse
     */
    public SchedulerStatus(PlanBook planBook, PolicyRunner policy, Dl2ModelStatus dl2, String configuredPolicy,
                           Function<String, Optional<String>> yarnStates) {
        this.planBook = Objects.requireNonNull(planBook, "planBook");
        this.policy = Objects.requireNonNull(policy, "policy");
        this.dl2 = Objects.requireNonNull(dl2, "dl2");
        this.configuredPolicy = Objects.requireNonNull(configuredPolicy, "configuredPolicy");
        this.yarnStates = Objects.requireNonNull(yarnStates, "yarnStates");
    }

    /** Called by the round thread after each round, with the jobs it gathered. Never throws. */
    public void afterRound(double timeSec, List<DlJobState> jobs) {
        try {
            Plan plan = planBook.current();
            List<SizePoint> round = new ArrayList<>(jobs.size());
            for (DlJobState job : jobs) {
                JobPlan target = plan.target(job.id());
                int workers = count(job, TaskRole.WORKER);
                round.add(new SizePoint(timeSec, job.id(), workers, job.tasks().size() - workers,
                        target.workers(), target.ps()));
            }
            sizes.record(timeSec, round);
            journal.record(timeSec, jobs, policy.lastState());
        } catch (RuntimeException unexpected) {
            LOG.warn("could not record the round for the web page; scheduling is not affected", unexpected);
        }
    }

    /** Puts back the sizes a previous scheduler checkpointed (RM restart, failover), oldest first. */
    public void restoreSizes(List<SizePoint> restored) {
        sizes.restore(restored);
    }

    /** The nodes where the live DL jobs held workers or parameter servers at the last round, sorted. */
    public SortedSet<String> dlNodes() {
        SortedSet<String> nodes = new TreeSet<>();
        for (JobRecord job : journal.jobs()) {
            if (job.live()) {
                job.state().tasks().forEach(task -> nodes.add(task.nodeName()));
            }
        }
        return nodes;
    }

    /** DL jobs, live and recently ended, in the order first seen. */
    public List<JobRecord> jobs() {
        return journal.jobs();
    }

    /** One DL job; empty when it is not one this scheduler sized, or ended long ago. */
    public Optional<JobRecord> job(String applicationId) {
        return journal.job(applicationId);
    }

    /** The job's held and planned sizes over time, oldest first. */
    public List<SizePoint> sizes(String applicationId) {
        return sizes.of(applicationId);
    }

    /** Every job's sizes over time, oldest first. */
    public List<SizePoint> sizes() {
        return sizes.all();
    }

    /** The RM's state of an application (its YARN state name), empty when the RM does not know it. */
    public Optional<String> yarnState(String applicationId) {
        return yarnStates.apply(applicationId);
    }

    /** The plan in force. */
    public Plan plan() {
        return planBook.current();
    }

    /** The job's target changes, oldest first. */
    public List<PlanBook.TargetChange> targetChanges(String applicationId) {
        List<PlanBook.TargetChange> job = new ArrayList<>();
        for (PlanBook.TargetChange change : planBook.history()) {
            if (change.jobId().equals(applicationId)) {
                job.add(change);
            }
        }
        return job;
    }

    /** How the rounds went. */
    public RoundCounts rounds() {
        return new RoundCounts(planBook.rounds(), planBook.failedRounds(), planBook.timedOutRounds(),
                planBook.invalidPlans(), planBook.lastRoundNanos() / 1e6);
    }

    /** The policy that plans now (the configured one, unless an admin switched it). */
    public String policy() {
        return policy.policyName();
    }

    /** The policy {@code yarn.dl.scheduler.policy} names: what a restarted RM runs. */
    public String configuredPolicy() {
        return configuredPolicy;
    }

    /** The policies {@link #switchPolicy} accepts. */
    public Set<String> availablePolicies() {
        return policy.knownPolicies();
    }

    /** What the policy learned after its last good round; empty for a policy that learns nothing. */
    public Optional<PolicyState> learned() {
        return policy.lastState();
    }

    /** Which DL2 model serves, or why DL2 falls back. */
    public Dl2ModelStatus dl2() {
        return dl2;
    }

    /**
     * Runs policy {@code name} from the next round on, until the RM restarts. The caller checks
     * who may; this logs who did.
     *
     * @return the policy it replaced
     * @throws io.yarndl.core.policy.UnknownPolicyException naming the known policies
     */
    public String switchPolicy(String name, String user) {
        String previous = policy.switchTo(name);
        LOG.info("scheduling policy switched from {} to {} by {} (until the RM restarts; yarn.dl.scheduler.policy"
                + " is {})", previous, policy.policyName(), user, configuredPolicy);
        return previous;
    }

    private static int count(DlJobState job, TaskRole role) {
        int count = 0;
        for (HeldTask task : job.tasks()) {
            count += task.role() == role ? 1 : 0;
        }
        return count;
    }

    /**
     * @param rounds         rounds that put a plan in force
     * @param failed         rounds whose policy failed
     * @param timedOut       rounds whose policy overran
     * @param lastRoundMillis the last good round's time
     */
    public record RoundCounts(long rounds, long failed, long timedOut, long invalid, double lastRoundMillis) {
    }
}
