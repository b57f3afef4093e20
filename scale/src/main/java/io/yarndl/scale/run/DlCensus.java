package io.yarndl.scale.run;

import io.yarndl.scale.am.DlJobAm;
import io.yarndl.scale.am.Population;
import io.yarndl.scale.am.SimulatedAm;

/**
 * Where the DL jobs stand at one instant, as their ApplicationMasters see it: how many have their AM
 * up (launched and registered), how many hold at least one worker, and how many workers (one GPU
 * each) they hold, started on their nodes.
 *
 * @param amsUp   DL jobs whose ApplicationMaster runs
 * @param running DL jobs holding at least one worker
 * @param workers workers (GPUs) all DL jobs hold
 */
record DlCensus(int amsUp, int running, int workers) {

    static DlCensus of(Population dl) {
        int amsUp = 0;
        int running = 0;
        int workers = 0;
        for (SimulatedAm am : dl.live()) {
            DlJobAm job = (DlJobAm) am;
            int held = job.workers();
            amsUp += job.launched() ? 1 : 0;
            running += held > 0 ? 1 : 0;
            workers += held;
        }
        return new DlCensus(amsUp, running, workers);
    }
}
