package io.yarndl.core.policy.sia;

import io.yarndl.core.throughput.ThroughputProfile;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.OptionalDouble;

/**
 * How much faster a job's model family runs on one GPU of one type than of another, from measured
 * profiles: what Sia bootstraps a job's goodput on a type it has not run on with (its throughput
 * model on a type it has, scaled by this ratio of one-GPU throughputs; Sia's artifact,
 * {@code compute_throughput_ratios}). The first profile that has the family on both types answers:
 * Sia's own measurements ({@link #SIA_RESOURCE}), then Gavel's. A ratio of 0 says the family does
 * not run on the type (a profile's 0). Immutable.
 */
public final class TypeRatios {

    /** Sia's one-GPU throughputs of its six applications on its five GPU types, shipped in the jar. */
    public static final String SIA_RESOURCE = "/io/yarndl/core/policy/sia/sia-min-gpu-throughputs.csv";

    private final List<ThroughputProfile> profiles;

    public TypeRatios(List<ThroughputProfile> profiles) {
        this.profiles = List.copyOf(profiles);
    }

    /** Sia's shipped profile, then Gavel's. */
    public static TypeRatios shipped() {
        return Shipped.RATIOS;
    }

    /** Sia's shipped profile alone. */
    public static ThroughputProfile siaProfile() {
        return Shipped.SIA;
    }

    /** One GPU of {@code to} over one of {@code from} for {@code family}; empty where no profile has both. */
    public OptionalDouble ratio(String family, String to, String from) {
        for (ThroughputProfile profile : profiles) {
            OptionalDouble a = profile.stepsPerSecond(family, 1, to);
            OptionalDouble b = profile.stepsPerSecond(family, 1, from);
            if (a.isPresent() && b.isPresent() && b.getAsDouble() > 0) {
                return OptionalDouble.of(a.getAsDouble() / b.getAsDouble());
            }
        }
        return OptionalDouble.empty();
    }

    /** False where the first profile that knows {@code family} on {@code type} says it does not run there (0). */
    public boolean runs(String family, String type) {
        for (ThroughputProfile profile : profiles) {
            OptionalDouble speed = profile.stepsPerSecond(family, 1, type);
            if (speed.isPresent()) {
                return speed.getAsDouble() > 0;
            }
        }
        return true;
    }

    /** Holder: the shipped tables are read on first use, by one thread. */
    private static final class Shipped {
        static final ThroughputProfile SIA = load();
        static final TypeRatios RATIOS = new TypeRatios(List.of(SIA, ThroughputProfile.gavel()));

        private static ThroughputProfile load() {
            try (InputStream in = TypeRatios.class.getResourceAsStream(SIA_RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException("the jar lacks " + SIA_RESOURCE);
                }
                return ThroughputProfile.read(in, SIA_RESOURCE);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + SIA_RESOURCE, e);
            }
        }
    }
}
