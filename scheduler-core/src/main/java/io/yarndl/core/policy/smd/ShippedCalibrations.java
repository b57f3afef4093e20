package io.yarndl.core.policy.smd;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The calibration of each model SMD ships a layer table for, fitted to DL2's measured speeds
 * ({@code data/dl2/config_speed.txt}) by the simulator's {@code SmdCalibrationDeriver}, which writes
 * the resource {@value #RESOURCE} (its header says how to re-derive it). A job of such a model
 * starts from it before it has reported a speed of its own. Immutable.
 */
public final class ShippedCalibrations {

    /** The classpath resource. */
    public static final String RESOURCE = "io/yarndl/core/policy/smd/calibrations.csv";
    /** Its header row. */
    public static final String HEADER = "model,compute_sec,overhead_sec,seconds_per_byte,per_worker_sec,per_server_sec,points,median_rel_error";

    private final Map<String, Calibration> byModel;

    ShippedCalibrations(Map<String, Calibration> byModel) {
        this.byModel = Collections.unmodifiableMap(new TreeMap<>(byModel));
    }

    /** None: every job calibrates from its own samples. */
    public static ShippedCalibrations none() {
        return new ShippedCalibrations(Map.of());
    }

    /** The calibrations in the jar. */
    public static ShippedCalibrations shipped() {
        try (InputStream in = ShippedCalibrations.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("SMD's calibrations " + RESOURCE + " are missing from the classpath");
            }
            return parse(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }

    static ShippedCalibrations parse(BufferedReader reader) throws IOException {
        Map<String, Calibration> byModel = new TreeMap<>();
        String line;
        int number = 0;
        boolean header = false;
        while ((line = reader.readLine()) != null) {
            number++;
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            if (!header) {
                if (!line.equals(HEADER)) {
                    throw new IllegalStateException(RESOURCE + " line " + number + ": expected header " + HEADER);
                }
                header = true;
                continue;
            }
            String[] cells = line.split(",", -1);
            try {
                byModel.put(cells[0], new Calibration(Double.parseDouble(cells[1]), Double.parseDouble(cells[2]),
                        Double.parseDouble(cells[3]), Double.parseDouble(cells[4]), Double.parseDouble(cells[5])));
            } catch (RuntimeException e) {
                throw new IllegalStateException(RESOURCE + " line " + number + ": " + e.getMessage(), e);
            }
        }
        return new ShippedCalibrations(byModel);
    }

    /** The calibration of {@code model} (a layer table's name), if shipped. */
    public Optional<Calibration> find(String model) {
        return Optional.ofNullable(byModel.get(model.toLowerCase(Locale.ROOT)));
    }

    /** The models calibrated. */
    public java.util.Set<String> models() {
        return byModel.keySet();
    }
}
