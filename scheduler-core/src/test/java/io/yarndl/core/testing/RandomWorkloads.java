package io.yarndl.core.testing;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.JobView;
import io.yarndl.core.placement.NodeLedger;
import io.yarndl.core.placement.PlacementRequest;
import io.yarndl.core.placement.packing.PackingPlacement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Seeded random job mixes for property-style tests: all-reduce and parameter-server jobs of a
 * few users, some already running on allocations the snapshot really can hold (a job the cluster
 * cannot hold stays queued).
 */
public final class RandomWorkloads {

    private static final String[] USERS = {"alice", "bob", "carol", "dave"};

    private RandomWorkloads() {
    }

    /** {@code count} jobs, listed in random order (not arrival order), submit times 0 to 99. */
    public static List<JobView> jobs(Random random, ClusterSnapshot snapshot, int count) {
        NodeLedger ledger = NodeLedger.of(snapshot);
        PackingPlacement packing = new PackingPlacement();
        List<JobView> jobs = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int workers = 1 + random.nextInt(6);
            Jobs job = Jobs.job("j" + i)
                    .user(USERS[random.nextInt(USERS.length)])
                    .submittedAt(random.nextInt(100))
                    .gpusPerWorker(1 + random.nextInt(2))
                    .parameterServers(random.nextInt(4) == 0 ? 1 + random.nextInt(2) : 0)
                    .workers(workers)
                    .workerRange(1 + random.nextInt(workers), workers + random.nextInt(4));
            if (random.nextInt(3) == 0) {
                var spec = job.spec();
                packing.place(ledger, PlacementRequest.of(spec, spec.requestedWorkers(), spec.requestedPs(),
                        Allocation.NONE)).ifPresent(job::running);
            }
            jobs.add(job.build());
        }
        return jobs;
    }
}
