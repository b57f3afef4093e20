package io.yarndl.sim.workload.derive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.policy.smd.ShippedCalibrations;
import io.yarndl.sim.workload.RepoData;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class SmdCalibrationDeriverTest {

    @Test
    void shippedCalibrationsAreWhatTheDataDerives() throws IOException {
        String fresh = SmdCalibrationDeriver.format(SmdCalibrationDeriver.derive(RepoData.dir()));
        try (InputStream in = getClass().getClassLoader().getResourceAsStream(ShippedCalibrations.RESOURCE)) {
            assertEquals(fresh, new String(in.readAllBytes(), StandardCharsets.UTF_8),
                    "re-derive " + ShippedCalibrations.RESOURCE + " with the command in its header");
        }
    }

    @Test
    void theLayerModelComesWithin15PercentOfEveryDl2TypesMeasuredSpeedsAtTheMedian() {
        List<SmdCalibrationDeriver.Fit> fits = SmdCalibrationDeriver.derive(RepoData.dir());
        assertEquals(8, fits.size());
        for (SmdCalibrationDeriver.Fit fit : fits) {
            assertTrue(fit.medianRelativeError() < 0.15, fit.model() + ": " + fit.medianRelativeError());
        }
    }
}
