package io.yarndl.core.policy.dl2;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TrainingGoal;
import io.yarndl.core.testing.Clusters;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Jobs with a reported history, for DL2's tests. */
final class ObservedJobs {

    private ObservedJobs() {
    }

    /**
     * Jobs that have reported a loss curve and speeds at 1, 2 and 4 workers, so Optimus has models
     * to fit and the fallback's plan is more than minimums.
     */
    static List<JobView> of(Random random, int count) {
        List<JobView> jobs = new ArrayList<>(count);
        for (int j = 0; j < count; j++) {
            String id = "observed-" + j + "-" + random.nextInt(1_000_000);
            double efficiency = 0.3 + 0.7 * random.nextDouble();
            JobSpec spec = new JobSpec(id, "resnet-50", "erin", "root.dl", Framework.PYTORCH, Architecture.ALLREDUCE,
                    SyncMode.SYNCHRONOUS, Clusters.gpus(1), Resources.ZERO, 1, 2 + random.nextInt(7), 0, 0, 1, 0,
                    64, TrainingGoal.targetLoss(0.6));
            double b0 = (1 / 0.1 - 0.5) / (10_000 + random.nextInt(40_000));
            List<ProgressSample> samples = new ArrayList<>();
            int[] configs = {1, 2, 4};
            for (int i = 1; i <= 24; i++) {
                long step = 100L * i;
                int w = configs[i % configs.length];
                samples.add(new ProgressSample(60.0 * i, step, 1 / (b0 * step + 0.5) + 0.5,
                        10 * Math.pow(w, efficiency), w, 0));
            }
            jobs.add(new JobView(spec, 50 + j, Allocation.NONE, samples));
        }
        return jobs;
    }
}
