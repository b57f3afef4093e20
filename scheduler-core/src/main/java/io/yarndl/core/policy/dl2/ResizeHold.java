package io.yarndl.core.policy.dl2;

import io.yarndl.core.job.JobView;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.policy.resize.ResizeCost;
import io.yarndl.core.policy.resize.ResizeSettings;
import java.util.List;
import java.util.Objects;

/**
 * DL2's no-thrash rule, its form of the resize-cost rule ({@link ResizeCost}): a running job keeps
 * the size and GPU type it holds until it has run at them for {@code k} of its restarts' worth of
 * seconds ({@code k} the payback factor, a restart its measured mean or the prior); until then its
 * slot is given exactly what it holds and no action may change it. A resize thus costs a job at most
 * {@code 1/k} of the time since its last one.
 *
 * <p>Why a hold and not the rule's forecast: DL2 has no remaining-time model to weigh a resize
 * against, and each round is decided afresh from nothing (Peng et al. 2019), by sampling; without a
 * hold a served network changed a large job's size nearly every round, each change a restart.
 */
final class ResizeHold {

    private final ResizeCost cost;

    ResizeHold(ResizeSettings settings) {
        this.cost = new ResizeCost(Objects.requireNonNull(settings, "settings"));
    }

    /** Whether {@code job} keeps what it holds this round, at time {@code nowSec}. */
    boolean holds(JobView job, double nowSec) {
        if (!job.isRunning() || !cost.settings().charges()) {
            return false;
        }
        return nowSec - sinceSec(job, nowSec) < cost.settings().paybackFactor() * cost.restartSeconds(job);
    }

    /**
     * When the job started running at the workers and servers it holds: the oldest of its newest
     * samples that were all measured there (and on one GPU type); {@code nowSec} where none was yet (it has just started).
     */
    static double sinceSec(JobView job, double nowSec) {
        List<ProgressSample> samples = job.samples();
        int workers = job.allocation().workers();
        int ps = job.allocation().ps();
        double since = nowSec;
        String type = samples.isEmpty() ? null : samples.get(samples.size() - 1).gpuType();
        for (int i = samples.size() - 1; i >= 0; i--) {
            ProgressSample sample = samples.get(i);
            if (sample.workers() != workers || sample.ps() != ps || !Objects.equals(sample.gpuType(), type)) {
                break;
            }
            since = sample.timeSec();
        }
        return since;
    }
}
