package io.yarndl.yarn.access;

import io.yarndl.contract.access.AppZkSecret;
import io.yarndl.yarn.config.SchedulerSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.yarn.api.records.ContainerLaunchContext;

/**
 * At admission: does a deep-learning application carry its ZooKeeper secret ({@link AppZkSecret}),
 * and may it run without one ({@code yarn.dl.scheduler.app-secret-required})? Pure apart from
 * reading the launch context; logging is the caller's.
 */
public final class AppSecretCheck {

    /** The outcome: the application's secret, if any, or why it is rejected. */
    public sealed interface Verdict {
    }

    /**
     * The application may run; its job node is created with {@code secret} ({@link JobNodes#create}).
     *
     * @param warning what the operator should hear about, when the tokens could not be read
     */
    public record Granted(Optional<String> secret, Optional<String> warning) implements Verdict {
    }

    /** The application is rejected; {@code message} goes to the client as its diagnostics. */
    public record Refused(String message) implements Verdict {
    }

    private final boolean required;

    /** @param required {@link SchedulerSettings#appSecretRequired()} */
    public AppSecretCheck(boolean required) {
        this.required = required;
    }

    /**
     * @param applicationId the application, for messages
     * @param amContainer   its ApplicationMaster's launch context (null when the submission has none)
     */
    public Verdict check(String applicationId, ContainerLaunchContext amContainer) {
        List<String> problems = new ArrayList<>(1);
        Optional<String> secret = AppZkSecret.fromLaunchContext(amContainer, problems::add);
        if (secret.isPresent()) {
            return new Granted(secret, Optional.empty());
        }
        String why = problems.isEmpty()
                ? "carries no ZooKeeper secret (no secret key " + AppZkSecret.ALIAS + " in its ApplicationMaster's"
                        + " credentials)"
                : "carries no usable ZooKeeper secret: " + problems.get(0);
        if (required) {
            return new Refused(applicationId + " " + why + ", and " + SchedulerSettings.APP_SECRET_REQUIRED
                    + " is true: submit it with the yarn-dl client, which adds one");
        }
        return new Granted(Optional.empty(), problems.isEmpty() ? Optional.empty()
                : Optional.of(applicationId + " " + why + "; admitted without one"));
    }
}
