package io.yarndl.sim.workload;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The simulated job mix, loaded from the derived table {@code job-types.csv} on the classpath
 * (format: {@link JobTypeTable}; derivation: {@code io.yarndl.sim.workload.derive.JobTypeDeriver}):
 * <ul>
 *   <li>the 8 parameter-server model types of the DL2 paper (resnet-50, vgg-16, resnext-110,
 *       inception-bn, seq2seq, cnn-text-classification, dssm, wlm), whose ground-truth speed is
 *       Optimus' synchronous formula NNLS-fitted to DL2's measured speeds
 *       ({@code dl2/config_speed.txt});</li>
 *   <li>all-reduce (PyTorch DDP) types fitted to Pollux's measured step times
 *       ({@code pollux/traces/<app>/placements.csv} and {@code scalability.csv}), with one curve for
 *       a job on one node and one for a job across nodes.</li>
 * </ul>
 * Order is the table's, and stable. Immutable and thread-safe.
 */
public final class JobTypeCatalog {

    /** Classpath location of the derived table. */
    public static final String RESOURCE = "/job-types.csv";

    private final List<JobTypeRow> rows;
    private final List<JobType> types;
    private final Map<String, JobType> byName;

    private JobTypeCatalog(List<JobTypeRow> rows) {
        this.rows = List.copyOf(rows);
        List<JobType> list = new ArrayList<>(rows.size());
        Map<String, JobType> map = new LinkedHashMap<>();
        for (JobTypeRow row : rows) {
            JobType type = row.toJobType();
            list.add(type);
            map.put(type.name(), type);
        }
        this.types = List.copyOf(list);
        this.byName = Collections.unmodifiableMap(map);
    }

    /** A catalog read from a table in {@link JobTypeTable}'s format; {@code label} names it in errors. */
    public static JobTypeCatalog load(Reader table, String label) {
        return new JobTypeCatalog(JobTypeTable.parse(table, label));
    }

    /** The shipped catalog, read once from {@link #RESOURCE}. */
    public static JobTypeCatalog standardCatalog() {
        return Standard.CATALOG;
    }

    /** The standard mix, in the table's order. */
    public static List<JobType> standard() {
        return standardCatalog().types();
    }

    /** Every type, in the table's order. */
    public List<JobType> types() {
        return types;
    }

    /** The table rows behind the types: coefficients, fit quality, sources. */
    public List<JobTypeRow> rows() {
        return rows;
    }

    /** Types by name, in the table's order; unmodifiable. */
    public Map<String, JobType> asMap() {
        return byName;
    }

    /**
     * The type called {@code name}.
     *
     * @throws IllegalArgumentException naming the known types when there is none
     */
    public JobType byName(String name) {
        JobType type = byName.get(name);
        if (type == null) {
            throw new IllegalArgumentException("unknown job type '" + name + "'; known types: "
                    + String.join(", ", byName.keySet()));
        }
        return type;
    }

    /** DL2's job-length data for {@code name}, empty for types that do not come from DL2. */
    public Optional<EpochProfile> epochProfile(String name) {
        byName(name);
        for (JobTypeRow row : rows) {
            if (row.name().equals(name)) {
                return row.epochs();
            }
        }
        return Optional.empty();
    }

    /** Holder idiom: the resource is read on first use, once, without locking afterwards. */
    private static final class Standard {
        static final JobTypeCatalog CATALOG = read();

        private static JobTypeCatalog read() {
            InputStream in = JobTypeCatalog.class.getResourceAsStream(RESOURCE);
            if (in == null) {
                throw new IllegalStateException("job type table " + RESOURCE + " is missing from the classpath");
            }
            try (Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
                return load(reader, RESOURCE);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + RESOURCE, e);
            }
        }
    }
}
