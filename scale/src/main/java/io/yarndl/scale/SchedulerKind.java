package io.yarndl.scale;

import io.yarndl.yarn.DeepLearningScheduler;
import java.util.Locale;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacityScheduler;

/**
 * The two schedulers a harness run compares: yarn-dl's DeepLearningScheduler, which resizes DL jobs
 * between their minimum and maximum, and the stock CapacityScheduler, under which a DL job gets the
 * workers it asks for and keeps them (the baseline).
 */
public enum SchedulerKind {
    YARN_DL("yarn-dl", DeepLearningScheduler.class.getName()),
    CAPACITY("capacity", CapacityScheduler.class.getName());

    private final String label;
    private final String schedulerClass;

    SchedulerKind(String label, String schedulerClass) {
        this.label = label;
        this.schedulerClass = schedulerClass;
    }

    /** The name on the command line and in reports. */
    public String label() {
        return label;
    }

    public String schedulerClass() {
        return schedulerClass;
    }

    /** Whether DL jobs are sized by a policy (they then ask for their maximum and get what the plan gives). */
    public boolean elastic() {
        return this == YARN_DL;
    }

    /** @throws IllegalArgumentException naming the known schedulers */
    public static SchedulerKind parse(String label) {
        for (SchedulerKind kind : values()) {
            if (kind.label.equals(label.trim().toLowerCase(Locale.ROOT))) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown scheduler '" + label + "'; known: yarn-dl, capacity");
    }
}
