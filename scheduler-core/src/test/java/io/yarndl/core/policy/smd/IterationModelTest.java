package io.yarndl.core.policy.smd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.yarndl.core.policy.optimus.SpeedObservation;
import io.yarndl.core.policy.smd.layers.Layer;
import io.yarndl.core.policy.smd.layers.LayerTable;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class IterationModelTest {

    /** Three layers of 400, 200 and 120 bytes: 720 in all. */
    static final LayerTable TINY = new LayerTable("tiny", "hand-made", List.of(
            new Layer("a", "linear", 100, 200, 400),
            new Layer("b", "linear", 50, 100, 200),
            new Layer("c", "linear", 30, 60, 120)));

    @Test
    void reproducesAHandComputedIterationTime() {
        IterationModel model = new IterationModel(new IterationModel.Shape(TINY), new Calibration(2.0, 0.1, 0.001));
        // w=4, p=2: a (400 B) on server 0, b and c (320 B) on server 1; the busiest link carries
        // 2 * max(720, 4 * 400) = 3,200 bytes: 3.2 s; compute 2.0 / 4 = 0.5 s; overhead 0.1 s.
        assertEquals(3.8, model.secondsPerStep(4, 2), 1e-12);
        // w=1, p=1: the worker's own link and the server's carry 2 * 720 bytes.
        assertEquals(2.0 + 0.1 + 1.44, model.secondsPerStep(1, 1), 1e-12);
        assertEquals(1 / 3.8, model.stepsPerSecond(4, 2), 1e-12);
    }

    @Test
    void aHugeLayerBoundsWhatMoreServersGain() {
        IterationModel model = new IterationModel(new IterationModel.Shape(TINY), new Calibration(0, 0, 0.001));
        // Layer a's 400 bytes stay on one server however many there are.
        assertEquals(model.secondsPerStep(8, 3), model.secondsPerStep(8, 10), 1e-12);
        assertEquals(2 * 8 * 400 * 0.001, model.secondsPerStep(8, 3), 1e-12);
    }

    @Test
    void busyLinksCountEveryTasksTrafficOverTheStep() {
        IterationModel model = new IterationModel(new IterationModel.Shape(TINY), new Calibration(2.0, 0.1, 0.001));
        // 4 workers move 4 * 720 bytes each way through their own links and the servers' links.
        assertEquals(0.001 * 4 * 4 * 720 / 3.8, model.busyLinks(4, 2), 1e-12);
    }

    @Test
    void calibrationRecoversTheNumbersThatMadeTheSpeeds() {
        IterationModel.Shape shape = new IterationModel.Shape(TINY);
        IterationModel truth = new IterationModel(shape, new Calibration(1.5, 0.05, 0.0004));
        List<SpeedObservation> observed = new ArrayList<>();
        for (int w = 1; w <= 6; w++) {
            for (int p = 1; p <= 3; p++) {
                observed.add(new SpeedObservation(w, p, truth.stepsPerSecond(w, p)));
            }
        }
        Calibration fitted = Calibration.fit(shape, observed);
        assertEquals(1.5, fitted.computeSec(), 1e-6);
        assertEquals(0.05, fitted.overheadSec(), 1e-6);
        assertEquals(0.0004, fitted.secondsPerByte(), 1e-9);
    }

    @Test
    void refusesASizeWithoutWorkerOrServer() {
        IterationModel model = new IterationModel(new IterationModel.Shape(TINY), new Calibration(1, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> model.secondsPerStep(0, 1));
        assertThrows(IllegalArgumentException.class, () -> model.secondsPerStep(2, 0));
    }
}
