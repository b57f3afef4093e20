package io.yarndl.core.placement.marl.serving;

import static io.yarndl.core.testing.Clusters.inRack;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.placement.NodeLedger;
import io.yarndl.core.placement.PlacementRequest;
import io.yarndl.core.placement.PlacementStrategies;
import io.yarndl.core.placement.PlacementStrategy;
import io.yarndl.core.placement.interferenceaware.InterferenceAwarePlacement;
import io.yarndl.core.placement.marl.FitnessScorer;
import io.yarndl.core.policy.dl2.ModelFailureException;
import io.yarndl.core.policy.dl2.ModelRejectedException;
import io.yarndl.core.testing.Clusters;
import io.yarndl.core.testing.Jobs;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ServedMarlPlacementTest {

    private static final ClusterSnapshot CLUSTER = Clusters.of(inRack("a1", "/a", 8), inRack("a2", "/a", 8),
            inRack("b1", "/b", 8), inRack("b2", "/b", 8), inRack("c1", "/c", 4), inRack("c2", "/c", 4));
    private static final List<PlacementRequest> JOBS = List.of(job("resnet", 3, "resnet50"), job("bert", 6, "bert"),
            job("lm", 2, "lm"), job("imagenet", 5, "imagenet"), job("cifar", 1, "resnet18"));

    private final RecordingEvents events = new RecordingEvents();

    @Test
    void aRejectedModelPlacesEveryJobAsInterferenceAwareDoesAndIsReportedOnce() {
        MarlServing serving = new MarlServing(new OnceLoadedMarlModel(() -> {
            throw new ModelRejectedException("marl model file /models/x.onnx does not exist");
        }, "/models/x.onnx"), events);

        PlacementStrategy marl = serving.newPlacement();

        assertEquals("marl", marl.name());
        assertEquals(placeAll(new InterferenceAwarePlacement()), placeAll(marl));
        assertEquals(List.of("marl model file /models/x.onnx does not exist"), events.fallbacks);
        assertEquals(List.of(), events.served);
    }

    @Test
    void aScorerFailingMidRunFallsBackForThatJobAndEveryLaterOneLeavingTheLedgerAsItWas() {
        AtomicInteger calls = new AtomicInteger();
        AtomicBoolean broken = new AtomicBoolean();
        FitnessScorer teacher = new FitnessScorer();
        MarlModel failing = new MarlModel(rows -> {
            calls.incrementAndGet();
            if (broken.get()) {
                throw new ModelFailureException("ONNX Runtime failed to run the marl model: boom");
            }
            return teacher.scores(rows);
        }, card(), "/models/failing.onnx");
        ServedMarlPlacement marl = ServedMarlPlacement.serving(failing, events);
        NodeLedger ledger = NodeLedger.of(CLUSTER);
        Allocation first = marl.place(ledger, JOBS.get(0)).orElseThrow();
        NodeLedger expected = NodeLedger.of(CLUSTER);
        expected.reserve(first, Clusters.gpus(1), Jobs.PS_DEMAND, "resnet50");
        broken.set(true);

        Allocation second = marl.place(ledger, JOBS.get(1)).orElseThrow();

        assertFalse(marl.isServing());
        assertEquals(second, new InterferenceAwarePlacement().place(expected, JOBS.get(1)).orElseThrow(),
                "the failed call reserved nothing: interference-aware placed it on the ledger as it was");
        int callsAtFailure = calls.get();
        for (PlacementRequest later : JOBS.subList(2, JOBS.size())) {
            assertEquals(new InterferenceAwarePlacement().place(expected, later), marl.place(ledger, later));
        }
        assertEquals(callsAtFailure, calls.get(), "the broken network is not asked again");
        assertEquals(1, events.fallbacks.size());
        assertTrue(events.fallbacks.get(0).contains("failed placing job bert: ONNX Runtime failed to run the marl"
                + " model: boom"), events.fallbacks.get(0));
        assertTrue(events.fallbacks.get(0).contains("test@3b9cbe5464c2 from /models/failing.onnx"), events.fallbacks.get(0));
    }

    @Test
    void aModelThatLoadsServesAndIsAnnounced() throws Exception {
        MarlServing serving = new MarlServing(new OnceLoadedMarlModel(
                () -> MarlModelLoader.loadResource("/marl/prefers-free.onnx"), "prefers-free"), events);

        ServedMarlPlacement marl = assertInstanceOf(ServedMarlPlacement.class, serving.newPlacement());

        assertTrue(marl.isServing());
        assertEquals(List.of("prefers-free@3b9cbe5464c2"), events.served);
        assertEquals(JOBS.size(), placeAll(marl).size());
        assertTrue(events.fallbacks.isEmpty(), events.fallbacks::toString);
    }

    @Test
    void loadsItsModelOnceForEveryPlacementItBuilds() {
        AtomicInteger loads = new AtomicInteger();
        MarlServing serving = new MarlServing(new OnceLoadedMarlModel(() -> {
            loads.incrementAndGet();
            throw new ModelRejectedException("rejected");
        }, "counted"), events);

        serving.newPlacement();
        serving.newPlacement();

        assertEquals(1, loads.get());
        assertEquals(List.of("rejected", "rejected"), events.fallbacks, "each placement says it falls back");
    }

    @Test
    void marlByNameServesFromTheDriversSourceAndKeepsItsName() {
        MarlServing serving = new MarlServing(new OnceLoadedMarlModel(() -> {
            throw new ModelRejectedException("none here");
        }, "none"), events);

        PlacementStrategy marl = PlacementStrategies.named("marl", serving).get();

        assertEquals("marl", marl.name());
        assertNotEquals(marl, PlacementStrategies.named("marl", serving).get(), "a placement per call");
        assertEquals(List.of("none here"), events.fallbacks.subList(0, 1));
        assertTrue(PlacementStrategies.names().contains("marl"));
    }

    private static List<Allocation> placeAll(PlacementStrategy strategy) {
        NodeLedger ledger = NodeLedger.of(CLUSTER);
        List<Allocation> placed = new ArrayList<>();
        for (PlacementRequest job : JOBS) {
            strategy.place(ledger, job).ifPresent(placed::add);
        }
        return placed;
    }

    private static PlacementRequest job(String id, int workers, String family) {
        return new PlacementRequest(id, new TaskCount(workers, 0), Clusters.gpus(1), Jobs.PS_DEMAND, Allocation.NONE)
                .ofFamily(family);
    }

    private static MarlModelCard card() {
        return new MarlModelCard(MarlModelCard.FORMAT, "test", MarlModelCard.Layout.current(),
                new MarlModelCard.ModelFile("failing.onnx",
                        "3b9cbe5464c2cf6d668f2550bec9128ecff7e332eb2d90e55ac44d3c273670d5"), null, null);
    }

    /** What a driver would hear. */
    private static final class RecordingEvents implements MarlEvents {
        final List<String> served = new ArrayList<>();
        final List<String> fallbacks = new ArrayList<>();

        @Override
        public void serving(MarlModel model) {
            served.add(model.version());
        }

        @Override
        public void fellBack(String reason) {
            fallbacks.add(reason);
        }
    }
}
