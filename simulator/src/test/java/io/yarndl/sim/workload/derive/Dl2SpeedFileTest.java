package io.yarndl.sim.workload.derive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.sim.workload.RepoData;
import java.util.List;
import org.junit.jupiter.api.Test;

class Dl2SpeedFileTest {

    @Test
    void parsesOneTupleLine() {
        Dl2SpeedMeasurement m = Dl2SpeedFile.parse(
                "('resnet-50', 'dist_sync', 32, 1, 2, [7.702, 7.702], [1.942], [0.436, 0.423])", 2);
        assertEquals("resnet-50", m.model());
        assertEquals("dist_sync", m.syncMode());
        assertEquals(32, m.totalBatchSize());
        assertEquals(1, m.ps());
        assertEquals(2, m.workers());
        assertEquals(15.404, m.jobSpeed(), 1e-9);
        assertEquals(List.of(1.942), m.psCpu());
    }

    @Test
    void rejectsMalformedLineNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Dl2SpeedFile.parse("('resnet-50', 'dist_sync', 32, 1, 2, [7.7], [1.9], [0.4])", 17));
        assertTrue(e.getMessage().contains("line 17"), e.getMessage());
        assertTrue(e.getMessage().contains("2 workers but 1 worker speeds"), e.getMessage());
    }

    @Test
    void zeroSpeedIsAMeasurementFailure() {
        assertTrue(Dl2SpeedFile.parse("('vgg-16', 'dist_sync', 32, 4, 2, [0.0, 0.0], [0.0], [0.0, 0.0])", 1)
                .isMeasurementFailure());
    }

    @Test
    void readsEverySharedRowOfTheEightModels() {
        List<Dl2SpeedMeasurement> rows = Dl2SpeedFile.read(RepoData.dir());
        // 804 tuples: `wc -l` (and SOURCES.md) say 803 because the last line has no newline.
        assertEquals(804, rows.size());
        assertEquals(8, rows.stream().map(Dl2SpeedMeasurement::model).distinct().count());
        assertEquals(9, rows.stream().filter(Dl2SpeedMeasurement::isMeasurementFailure).count());
    }
}
