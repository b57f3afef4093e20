package io.yarndl.demo;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Ends what the cluster's containers left behind: training processes outlive a NodeManager that
 * stops without killing them, and a worker whose parent died is no longer this JVM's descendant.
 * So the descendants are listed while the cluster still runs and stopped, by their handles, after it
 * stopped; a handle never names a process that merely reused the number.
 */
final class ProcessSweep {

    private static final long TERM_WAIT_SECONDS = 5;

    private ProcessSweep() {
    }

    /** This JVM's descendants now (container scripts, torchrun, Python workers). */
    static List<ProcessHandle> descendants() {
        return ProcessHandle.current().descendants().toList();
    }

    /** Ends those of {@code listed}, and of this JVM's current descendants, that still run; returns how many. */
    static int stop(List<ProcessHandle> listed) {
        List<ProcessHandle> alive = new ArrayList<>(listed);
        alive.addAll(descendants());
        alive.removeIf(p -> !p.isAlive());
        alive.forEach(ProcessHandle::destroy);
        for (ProcessHandle p : alive) {
            try {
                p.onExit().get(TERM_WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (Exception stillRunning) {
                p.destroyForcibly();
            }
        }
        return (int) alive.stream().distinct().count();
    }
}
