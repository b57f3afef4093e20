package io.yarndl.core.policy.optimus;

import io.yarndl.core.job.TaskCount;
import io.yarndl.core.policy.PolicyState;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Converts Optimus' fitted models to and from the plain values of {@link PolicyState}, so a driver
 * can store them without knowing the model classes. Each speed formula is stored under its own
 * form name with its coefficients in the order its record declares them.
 */
final class FittedModelForms {

    static final String ALL_REDUCE = "all-reduce";
    static final String SYNC_PS = "sync-ps";
    static final String ASYNC_PS = "async-ps";

    private FittedModelForms() {
    }

    static PolicyState.Speed toStored(SpeedModel model) {
        List<Double> coefficients = new ArrayList<>();
        for (double value : model.coefficients()) {
            coefficients.add(value);
        }
        if (model instanceof AllReduceSpeedModel) {
            return new PolicyState.Speed(ALL_REDUCE, coefficients, 0);
        }
        if (model instanceof SyncPsSpeedModel sync) {
            return new PolicyState.Speed(SYNC_PS, coefficients, sync.globalBatch());
        }
        if (model instanceof AsyncPsSpeedModel) {
            return new PolicyState.Speed(ASYNC_PS, coefficients, 0);
        }
        throw new IllegalArgumentException("no stored form for speed model " + model.getClass().getName());
    }

    /**
     * The speed model stored as {@code stored}.
     *
     * @throws IllegalArgumentException for an unknown form, the wrong number of coefficients, or
     *                                  coefficients the model refuses
     */
    static SpeedModel fromStored(PolicyState.Speed stored) {
        List<Double> c = stored.coefficients();
        return switch (stored.form()) {
            case ALL_REDUCE -> {
                expect(stored, 3);
                yield new AllReduceSpeedModel(c.get(0), c.get(1), c.get(2));
            }
            case SYNC_PS -> {
                expect(stored, 5);
                yield new SyncPsSpeedModel(c.get(0), c.get(1), c.get(2), c.get(3), c.get(4), stored.globalBatch());
            }
            case ASYNC_PS -> {
                expect(stored, 4);
                yield new AsyncPsSpeedModel(c.get(0), c.get(1), c.get(2), c.get(3));
            }
            default -> throw new IllegalArgumentException("unknown speed model form '" + stored.form()
                    + "'; known: " + ALL_REDUCE + ", " + SYNC_PS + ", " + ASYNC_PS);
        };
    }

    static PolicyState.Curve toStored(ConvergenceModel model) {
        return new PolicyState.Curve(model.b0(), model.b1(), model.b2(), model.lossScale(), model.samplesUsed());
    }

    /** @throws IllegalArgumentException when the model refuses the parameters */
    static ConvergenceModel fromStored(PolicyState.Curve stored) {
        return new ConvergenceModel(stored.b0(), stored.b1(), stored.b2(), stored.lossScale(), stored.samplesUsed());
    }

    static List<TaskCount> toStored(Set<Long> configurations) {
        List<TaskCount> sizes = new ArrayList<>();
        for (long packed : configurations) {
            sizes.add(new TaskCount((int) (packed >>> 32), (int) packed));
        }
        sizes.sort((a, b) -> a.workers() != b.workers() ? Integer.compare(a.workers(), b.workers())
                : Integer.compare(a.ps(), b.ps()));
        return sizes;
    }

    static Set<Long> fromStored(List<TaskCount> sizes) {
        Set<Long> packed = new HashSet<>();
        for (TaskCount size : sizes) {
            packed.add(((long) size.workers() << 32) | size.ps());
        }
        return packed;
    }

    private static void expect(PolicyState.Speed stored, int count) {
        if (stored.coefficients().size() != count) {
            throw new IllegalArgumentException("speed model form '" + stored.form() + "' has " + count
                    + " coefficients, the stored one " + stored.coefficients().size());
        }
    }
}
