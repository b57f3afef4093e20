package io.yarndl.core.placement.marl.serving;

import io.yarndl.core.job.Allocation;
import io.yarndl.core.placement.NodeLedger;
import io.yarndl.core.placement.PlacementRequest;
import io.yarndl.core.placement.RestrictedPlacement;
import io.yarndl.core.placement.interferenceaware.InterferenceAwarePlacement;
import io.yarndl.core.placement.marl.MarlPlacement;
import java.util.Objects;
import java.util.Optional;
import java.util.function.IntPredicate;

/**
 * The {@code marl} placement as drivers run it, with DL2's safe fallback: a placement made
 * {@link #fallingBack} (its model was missing, corrupt or of the wrong shape) places every job as
 * {@code interference-aware} does, and a serving one whose network fails while placing a job (any
 * exception from the scorer, {@link io.yarndl.core.policy.dl2.ModelFailureException} from ONNX
 * Runtime) places that job and every later one as {@code interference-aware}. Either way
 * {@link MarlEvents#fellBack} says why, once. The failed call reserved nothing ({@link MarlPlacement}
 * reserves only once every task has a node), so the fallback places the job on the ledger as it was.
 *
 * <p>Why interference-aware: it is what {@code marl}'s agents learn from in the warm-up (their
 * teacher), so a fallback keeps the placements closest to what the model was meant to do.
 *
 * <p>Its {@link #name()} stays {@code marl}, so a run's rows keep their label; when it fell back,
 * their numbers are interference-aware's, as the drivers' warnings say. Not thread-safe, like
 * every placement: a policy places one job at a time.
 */
public final class ServedMarlPlacement implements RestrictedPlacement {

    private final MarlModel model;
    private final MarlPlacement served;
    private final MarlEvents events;
    private final InterferenceAwarePlacement fallback = new InterferenceAwarePlacement();
    private String fallbackReason;

    private ServedMarlPlacement(MarlModel model, String fallbackReason, MarlEvents events) {
        this.model = model;
        this.served = model == null ? null : new MarlPlacement(model.scorer());
        this.events = Objects.requireNonNull(events, "events");
        if (model == null) {
            fallBack(Objects.requireNonNull(fallbackReason, "fallbackReason"));
        } else {
            events.serving(model);
        }
    }

    /** Serves {@code model}: the best-scoring candidate at every decision. */
    public static ServedMarlPlacement serving(MarlModel model, MarlEvents events) {
        return new ServedMarlPlacement(Objects.requireNonNull(model, "model"), null, events);
    }

    /** A {@code marl} placement without a usable model: it places as interference-aware and tells {@code events} why. */
    public static ServedMarlPlacement fallingBack(String reason, MarlEvents events) {
        return new ServedMarlPlacement(null, reason, events);
    }

    @Override
    public String name() {
        return MarlPlacement.NAME;
    }

    /** True while the model serves; false once it places as interference-aware instead. */
    public boolean isServing() {
        return fallbackReason == null;
    }

    /** Why it fell back, or null while serving. */
    public String fallbackReason() {
        return fallbackReason;
    }

    @Override
    public Optional<Allocation> placeOn(NodeLedger ledger, PlacementRequest request, IntPredicate eligible) {
        if (isServing()) {
            try {
                return served.placeOn(ledger, request, eligible);
            } catch (RuntimeException e) {
                fallBack("marl model " + model.version() + " from " + model.source() + " failed placing job "
                        + request.jobId() + ": " + e.getMessage());
            }
        }
        return fallback.placeOn(ledger, request, eligible);
    }

    private void fallBack(String reason) {
        fallbackReason = reason;
        events.fellBack(reason);
    }
}
