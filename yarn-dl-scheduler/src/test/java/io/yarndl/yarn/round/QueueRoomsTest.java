package io.yarndl.yarn.round;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TrainingGoal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The rooms of the cluster of the integration tests: two nodes of 4 GPUs, 8 vcores and 16 GiB. */
class QueueRoomsTest {

    private static final Resources NODE = Resources.of(4, 8, 16_384);
    private static final Resources CLUSTER = NODE.times(2);
    private static final Resources WORKER = Resources.of(1, 1, 1_024);
    private static final Resources AM = Resources.of(0, 1, 512);
    private static final String DL_APP = "application_1_0001";
    private static final String DL_ATTEMPT = "appattempt_1_0001_000001";
    private static final String MR_ATTEMPT = "appattempt_1_0002_000001";

    private static Resources share(double fraction) {
        return new Resources((int) (CLUSTER.gpus() * fraction), (int) (CLUSTER.vcores() * fraction),
                (long) (CLUSTER.memoryMb() * fraction));
    }

    private static QueueReading dl(String path, double capacity, double maximum) {
        return new QueueReading(path, true, share(capacity), share(maximum), Resources.ZERO, Resources.ZERO);
    }

    private static QueueReading other(String path, double capacity, Resources used, Resources pending) {
        return new QueueReading(path, false, share(capacity), CLUSTER, used, pending);
    }

    /** Node {@code name} holding the DL job's AM (on n1) and {@code workers} of its workers, plus {@code extra} containers. */
    private static NodeReading node(String name, int workers, List<NodeReading.Container> extra) {
        List<NodeReading.Container> containers = new ArrayList<>(extra);
        Resources used = Resources.ZERO;
        if (name.equals("n1")) {
            containers.add(new NodeReading.Container("am-" + name, DL_ATTEMPT, true, TaskRole.WORKER, AM));
        }
        for (int i = 0; i < workers; i++) {
            containers.add(new NodeReading.Container("w" + i + "-" + name, DL_ATTEMPT, false, TaskRole.WORKER, WORKER));
        }
        for (NodeReading.Container container : containers) {
            used = used.plus(container.resources());
        }
        return new NodeReading(name, "/rack", "", NODE, NODE.minus(used), containers);
    }

    private static List<DlJobState> jobHolding(List<NodeReading> nodes) {
        return List.of(job(DL_APP, "alice", NodeReading.tasksByAttempt(nodes).getOrDefault(DL_ATTEMPT, List.of())));
    }

    private static DlJobState job(String id, String user, List<HeldTask> tasks) {
        JobSpec spec = new JobSpec(id, "toy", user, "root.dl", Framework.PYTORCH, Architecture.ALLREDUCE,
                SyncMode.SYNCHRONOUS, WORKER, Resources.ZERO, 1, 8, 0, 0, 8, 0, 32, TrainingGoal.steps(100));
        return new DlJobState(spec, 0, tasks, List.of());
    }

    /** A DL queue of 50% (maximum 100%) whose one user may hold {@code userLimitFactor} times that. */
    private static QueueReading dlWithUserLimit(double userLimitFactor) {
        return new QueueReading("root.dl", true, share(0.5), CLUSTER, share(Math.min(1, 0.5 * userLimitFactor)),
                Resources.ZERO, Resources.ZERO);
    }

    private static final Map<String, String> QUEUE_OF = Map.of(DL_APP, "root.dl", "application_1_0002", "root.default");

    @Test
    void growsPastTheGuaranteeIntoFreeResourcesButNeverPastTheMaximumCapacity() {
        List<NodeReading> nodes = List.of(node("n1", 0, List.of()), node("n2", 0, List.of()));

        Map<String, Resources> rooms = QueueRooms.of(List.of(dl("root.dl", 0.6, 0.75),
                other("root.default", 0.4, Resources.ZERO, Resources.ZERO)), nodes, QUEUE_OF, jobHolding(nodes));

        // 75% of the cluster, less the DL job's own ApplicationMaster.
        assertEquals(Resources.of(6, 12 - 1, 24_576 - 512), rooms.get("root.dl"));
    }

    @Test
    void leavesWhatNonDlWorkInTheDlQueueHoldsOut() {
        NodeReading.Container sparkInDl = new NodeReading.Container("spark", "appattempt_1_0003_000001", false,
                TaskRole.WORKER, Resources.of(2, 2, 2_048));
        List<NodeReading> nodes = List.of(node("n1", 0, List.of(sparkInDl)), node("n2", 0, List.of()));
        Map<String, String> queueOf = Map.of(DL_APP, "root.dl", "application_1_0003", "root.dl");

        Map<String, Resources> rooms = QueueRooms.of(List.of(dl("root.dl", 0.6, 0.75)), nodes, queueOf, jobHolding(nodes));

        assertEquals(Resources.of(4, 12 - 3, 24_576 - 2_560), rooms.get("root.dl"));
    }

    @Test
    void givesBackWhatAQueueUnderItsGuaranteeWaitsForButKeepsTheDlGuarantee() {
        // The DL job holds all 8 GPUs and 14 GiB; a MapReduce job in default waits for 6 GiB more than is free.
        NodeReading.Container mrAm = new NodeReading.Container("mr-am", MR_ATTEMPT, true, TaskRole.WORKER,
                Resources.of(0, 1, 1_536));
        List<NodeReading> nodes = List.of(node("n1", 4, List.of(mrAm)), node("n2", 4, List.of()));
        QueueReading busyDefault = other("root.default", 0.4, Resources.of(0, 1, 1_536), Resources.of(0, 4, 8_192));

        Map<String, Resources> rooms = QueueRooms.of(List.of(dl("root.dl", 0.6, 1.0), busyDefault), nodes, QUEUE_OF,
                jobHolding(nodes));

        // held 8 GPUs, 8 vcores, 8 GiB; free 0 GPUs, 6 vcores, 23 GiB less the AMs; default reclaims 4 vcores, 8 GiB.
        Resources free = CLUSTER.minus(WORKER.times(8)).minus(AM).minus(Resources.of(0, 1, 1_536));
        Resources elastic = WORKER.times(8).plus(free).minus(Resources.of(0, 4, 8_192));
        assertEquals(new Resources(8, Math.max(9 - 1, elastic.vcores()), Math.max(19_660 - 512, elastic.memoryMb())),
                rooms.get("root.dl"));
    }

    @Test
    void keepsTheGuaranteedShareWhenOtherQueuesHoldTheRest() {
        NodeReading.Container mr = new NodeReading.Container("mr", MR_ATTEMPT, false, TaskRole.WORKER,
                Resources.of(4, 6, 14_000));
        List<NodeReading> nodes = List.of(node("n1", 0, List.of(mr)), node("n2", 0, List.of()));

        Map<String, Resources> rooms = QueueRooms.of(List.of(dl("root.dl", 0.5, 1.0),
                other("root.default", 0.5, Resources.of(4, 6, 14_000), Resources.ZERO)), nodes, QUEUE_OF, jobHolding(nodes));

        assertEquals(Resources.of(4, 16 - 6 - 1, 32_768 - 14_000 - 512), rooms.get("root.dl"));
    }

    @Test
    void givesEachDlQueueItsOwnRoomInTheConfiguredOrder() {
        List<NodeReading> nodes = List.of(node("n1", 0, List.of()), node("n2", 0, List.of()));

        Map<String, Resources> rooms = QueueRooms.of(List.of(dl("root.team-b", 0.25, 0.25), dl("root.dl", 0.5, 0.5)),
                nodes, QUEUE_OF, jobHolding(nodes));

        assertEquals(List.of("root.team-b", "root.dl"), List.copyOf(rooms.keySet()));
        assertEquals(Resources.of(2, 4, 8_192), rooms.get("root.team-b"));
        assertEquals(Resources.of(4, 8 - 1, 16_384 - 512), rooms.get("root.dl"));
    }

    @Test
    void holdsASingleUsersJobsToItsUserLimitThoughTheMaximumCapacityIsHigher() {
        List<NodeReading> nodes = List.of(node("n1", 0, List.of()), node("n2", 0, List.of()));

        Map<String, Resources> rooms = QueueRooms.of(List.of(dlWithUserLimit(1)), nodes, QUEUE_OF, jobHolding(nodes));

        // user-limit-factor 1: alice may hold the queue's 50%, her job's ApplicationMaster included.
        assertEquals(Resources.of(4, 8 - 1, 16_384 - 512), rooms.get("root.dl"));
    }

    @Test
    void letsTwoUsersTogetherHoldTwiceTheUserLimit() {
        List<NodeReading> nodes = List.of(node("n1", 0, List.of()), node("n2", 0, List.of()));
        List<DlJobState> jobs = List.of(jobHolding(nodes).get(0), job("application_1_0004", "bob", List.of()));

        Map<String, Resources> rooms = QueueRooms.of(List.of(dlWithUserLimit(0.75)), nodes, QUEUE_OF, jobs);

        // Each of alice and bob may hold 37.5% (3 GPUs): 6 GPUs together, less alice's ApplicationMaster.
        assertEquals(Resources.of(6, 12 - 1, 24_576 - 512), rooms.get("root.dl"));
    }

    @Test
    void keepsTwoDlLeavesOfOneParentTogetherWithinTheParentsMaximumCapacity() {
        List<NodeReading> nodes = List.of(node("n1", 0, List.of()), node("n2", 0, List.of()));
        List<QueueReading> leaves = List.of(dl("root.dl.a", 0.25, 0.75), dl("root.dl.b", 0.25, 0.75));
        List<QueueReading> parents = List.of(new QueueReading("root.dl", false, share(0.5), share(0.75),
                Resources.ZERO, Resources.ZERO));

        Map<String, Resources> rooms = QueueRooms.of(leaves, parents, nodes, Map.of(), List.of());

        // Each leaf alone may reach 75%; together they get the parent's 75%, split by their equal guarantees.
        assertEquals(Resources.of(3, 6, 12_288), rooms.get("root.dl.a"));
        assertEquals(Resources.of(3, 6, 12_288), rooms.get("root.dl.b"));
    }

    @Test
    void keepsADlLeafItsGuaranteeThoughASiblingFillsTheParentsMaximum() {
        NodeReading.Container etl = new NodeReading.Container("etl", "appattempt_1_0005_000001", false,
                TaskRole.WORKER, Resources.of(4, 8, 16_384));
        List<NodeReading> nodes = List.of(node("n1", 0, List.of(etl)), node("n2", 0, List.of()));
        List<QueueReading> leaves = List.of(dl("root.p.dl", 0.25, 0.5),
                other("root.p.etl", 0.25, Resources.of(4, 8, 16_384), Resources.ZERO));
        List<QueueReading> parents = List.of(new QueueReading("root.p", false, share(0.5), share(0.5),
                Resources.ZERO, Resources.ZERO));
        Map<String, String> queueOf = Map.of(DL_APP, "root.p.dl", "application_1_0005", "root.p.etl");

        Map<String, Resources> rooms = QueueRooms.of(leaves, parents, nodes, queueOf, List.of());

        // The ETL queue and the DL job's ApplicationMaster fill the parent's 50%: the DL queue gets
        // its 25% guarantee back, less that ApplicationMaster, and no more.
        assertEquals(Resources.of(2, 4 - 1, 8_192 - 512), rooms.get("root.p.dl"));
    }
}
