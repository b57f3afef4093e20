package io.yarndl.am.yarn;

import java.util.List;
import org.apache.hadoop.yarn.exceptions.ApplicationAttemptNotFoundException;
import org.apache.hadoop.yarn.exceptions.InvalidApplicationMasterRequestException;
import org.apache.hadoop.yarn.exceptions.InvalidContainerReleaseException;
import org.apache.hadoop.yarn.exceptions.InvalidResourceBlacklistRequestException;
import org.apache.hadoop.yarn.exceptions.InvalidResourceRequestException;
import org.apache.hadoop.yarn.exceptions.SchedulerInvalidResourceRequestException;

/**
 * Which failures of a heartbeat may heal if the AM asks again. While a ResourceManager fails over
 * or restarts, {@code allocate} fails in many ways the RM proxy's retry policy does not retry: a
 * {@code YarnRuntimeException} wrapping the RM's own {@code InterruptedException} as it stops its
 * services, a connection refused, a generic {@code YarnException}. All of those may heal, as
 * MapReduce's {@code RMContainerAllocator} assumes. These never do:
 * <ul>
 *   <li>{@link ApplicationAttemptNotFoundException}: the RM has forgotten this attempt (Hadoop's
 *       async client then asks the AM to shut down);</li>
 *   <li>{@link InvalidApplicationMasterRequestException}, {@link InvalidResourceRequestException}
 *       (node labels included), {@link SchedulerInvalidResourceRequestException},
 *       {@link InvalidContainerReleaseException}, {@link InvalidResourceBlacklistRequestException}:
 *       the AM's request is wrong, and sending it again gets the same answer;</li>
 *   <li>an {@link IllegalArgumentException} (a bad argument of the AM's own) and any {@link Error}.</li>
 * </ul>
 * Whether the AM's own thread was interrupted (the AM stopping) is the caller's to check: the same
 * exception types come from an interrupted call.
 */
final class RmFailures {

    private static final List<Class<? extends Throwable>> NEVER_HEAL = List.of(
            ApplicationAttemptNotFoundException.class, InvalidApplicationMasterRequestException.class,
            InvalidResourceRequestException.class, SchedulerInvalidResourceRequestException.class,
            InvalidContainerReleaseException.class, InvalidResourceBlacklistRequestException.class,
            IllegalArgumentException.class, Error.class);

    private RmFailures() {
    }

    /** True when asking again may succeed. */
    static boolean mayHeal(Throwable failure) {
        return NEVER_HEAL.stream().noneMatch(type -> type.isInstance(failure));
    }
}
